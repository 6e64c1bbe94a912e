"""The seed 000 IndexExpr/Arange regression matrix runs in CI through ``ascir-run --suite``."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from tools import index_regression
from tools.ascir_run import main


def test_the_matrix_has_the_seed_cases_and_enough_combinations() -> None:
    combos = list(index_regression.combinations())
    assert len(combos) >= 55
    assert {c.case for c in combos} == {
        "scalar_consumer",
        "composition",
        "compare_mask",
        "window_math",
        "float_indexexpr_cast_mul",
        "arange_store",
        "degenerate_arange_add",
        "degenerate_arange_add_3d",
        "triu_arange_mask",
        "broadcast_add",
        "auto_arange_fallback",
    }
    assert {c.vf for c in combos} == {True, False}
    shapes = {c.shape for c in combos if c.case == "float_indexexpr_cast_mul"}
    assert shapes == {(32, 64), (32, 65), (2, 127)}  # the seed's shapes
    assert any(s == (128, 408, 408) for c in index_regression.combinations(long=True) for s in [c.shape])


def test_suite_passes_with_a_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--suite", "index-expr", "--no-progress"]) == 0
    out = capsys.readouterr().out
    n = len(list(index_regression.combinations()))
    assert f"{n} combinations: PASS={n} FAIL=0" in out
    assert "triu_arange_mask[float32,4x33x33,vf]" in out and "max_abs_err" in out


def test_a_wrong_result_fails_the_suite(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The runner is not vacuous: a perturbed reference makes the combination FAIL, exit 1."""
    fn, _dtypes, shapes = index_regression.CASES["arange_store"]

    def off_by_one(*args):
        built = fn(*args)
        return dataclasses.replace(built, expected=[built.expected[0] + np.int32(1)])

    monkeypatch.setitem(index_regression.CASES, "arange_store", (off_by_one, ("int32",), shapes))
    assert main(["--suite", "index-expr", "--filter", "arange_store", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "arange_store[int32,11x40,vf]" in out and "FAIL" in out and "PASS=0 FAIL=2" in out
