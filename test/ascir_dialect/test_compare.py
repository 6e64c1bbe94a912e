"""ascir_dialect.compare: torch.testing.assert_close rules for kernel outputs, and its users
(compile_graph(check=...), ascir-run)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

from ascir_dialect.compare import DEFAULT_TOLERANCES, MismatchError, assert_close, compare
from ascir_dialect.diagnostics import AscirError
from tools.ascir_run import main as ascir_run
from tools.compile import CompiledGraph, compile_graph

from ..conftest import ROOT, parse_ir

INF, NAN = np.inf, np.nan
BF16 = ml_dtypes.bfloat16
EXAMPLE = ROOT / "examples" / "add_relu.mlir"


def f32(*values: float) -> np.ndarray:
    return np.array(values, np.float32)


# --- non-finite values ---------------------------------------------------------------------


def test_inf_expected_with_a_wrong_finite_actual_fails() -> None:
    c = compare(f32(1e30, 1.0), f32(INF, 1.0))
    assert not c.ok and c.mismatches == 1 and c.inf_mismatches == 1 and c.nan_mismatches == 0
    assert c.first_index == (0,) and c.first_expected == INF
    assert c.max_abs_error == 0.0  # over finite pairs only: the inf pair is not in it
    assert "1 / 2 float32 elements" in c.describe() and "expected inf" in c.describe()


def test_opposite_infinities_fail_and_equal_ones_pass() -> None:
    c = compare(f32(-INF), f32(INF))
    assert not c.ok and c.inf_mismatches == 1
    assert compare(f32(INF, -INF), f32(INF, -INF)).ok


def test_nan_positions() -> None:
    assert compare(f32(NAN, 1.0), f32(NAN, 1.0)).ok  # NaN == NaN counts as equal
    c = compare(f32(NAN, 1.0), f32(1.0, 1.0))
    assert not c.ok and c.nan_mismatches == 1 and c.inf_mismatches == 0 and c.first_index == (0,)
    c = compare(f32(1.0), f32(NAN))
    assert not c.ok and c.nan_mismatches == 1
    c = compare(f32(INF), f32(NAN))
    assert not c.ok and c.nan_mismatches == 1 and c.inf_mismatches == 0


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("dtype", [np.float16, BF16, np.float32, np.float64])
def test_all_nan_and_all_inf_outputs_pass_without_warnings(dtype: Any) -> None:
    for value in (NAN, INF, -INF):
        a = np.full((3, 4), value, dtype)
        c = compare(a, a.copy())
        assert c.ok and c.mismatches == 0 and c.max_abs_error == 0.0 and c.max_rel_error == 0.0


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("dtype", [np.float16, BF16, np.float32])
def test_extremes_are_compared_in_float64_without_warnings(dtype: Any) -> None:
    big = float(ml_dtypes.finfo(dtype).max)
    a = np.array([big, -big, INF, 0.0, NAN], dtype)
    e = np.array([-big, big, INF, 0.0, NAN], dtype)
    c = compare(a, e)
    assert not c.ok and c.mismatches == 2 and c.max_abs_error == 2 * big  # no overflow to inf
    assert c.max_rel_error == 2.0
    assert compare(a, a.copy()).ok
    tiny = float(ml_dtypes.finfo(dtype).smallest_subnormal)
    c = compare(np.array([tiny], dtype), np.array([0.0], dtype))
    assert c.ok and c.max_rel_error == INF  # within atol; relative error at 0 is inf


def test_float64_extremes_do_not_warn() -> None:
    big = np.finfo(np.float64).max
    with np.errstate(all="raise"):
        c = compare(np.array([big]), np.array([-big]))
    assert not c.ok and c.max_abs_error == INF


# --- integers and bool ---------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64, np.uint64])
def test_integers_compare_exactly(dtype: Any) -> None:
    info = np.iinfo(dtype)
    e = np.array([info.min, info.max, 7], dtype)
    assert compare(e.copy(), e).ok
    a = e.copy()
    a[1] -= 1
    c = compare(a, e, rtol=0.5, atol=10)  # tolerances are for floats: integers stay exact
    assert not c.ok and c.exact and c.mismatches == 1 and c.first_index == (1,)
    assert c.first_actual == info.max - 1 and c.first_expected == info.max
    assert f"exact {np.dtype(dtype)} comparison" in c.describe()


def test_bool_compares_exactly() -> None:
    c = compare(np.array([True, False]), np.array([True, True]))
    assert not c.ok and c.first_index == (1,) and "actual False, expected True" in c.describe()


# --- tolerances ----------------------------------------------------------------------------


def test_defaults_are_torchs() -> None:
    assert DEFAULT_TOLERANCES == {
        "float16": (1e-3, 1e-5),
        "bfloat16": (1.6e-2, 1e-5),
        "float32": (1.3e-6, 1e-5),
        "float64": (1e-7, 1e-7),
    }
    c = compare(np.zeros(2, BF16), np.zeros(2, BF16))
    assert (c.rtol, c.atol) == (1.6e-2, 1e-5)


def test_boundary_is_inclusive() -> None:
    # |a - e| <= atol + rtol * |e| with binary-exact numbers: 2 * 0.5 + 0.25 = 1.25
    e = np.array([2.0, 2.0])
    assert compare(np.array([3.25, 0.75]), e, rtol=0.5, atol=0.25).ok
    c = compare(np.array([np.nextafter(3.25, INF), 0.75]), e, rtol=0.5, atol=0.25)
    assert not c.ok and c.mismatches == 1
    # float32 default atol at e == 0
    assert compare(f32(1e-5), f32(0.0)).ok
    assert not compare(np.nextafter(f32(1e-5), f32(1.0)), f32(0.0)).ok


@pytest.mark.parametrize(("dtype", "ulp", "passing_ulps"), [(np.float16, 2.0**-10, 1), (BF16, 2.0**-7, 2)])
def test_half_precision_defaults_in_ulps(dtype: Any, ulp: float, passing_ulps: int) -> None:
    # float16 at 1.0: allowed 1e-3 + 1e-5 -> 1 ulp (2^-10) passes, 2 do not;
    # bfloat16 at 1.0: allowed 1.6e-2 + 1e-5 -> 2 ulps (2^-7) pass, 3 do not
    e = np.array([1.0], dtype)
    assert compare(np.array([1.0 + passing_ulps * ulp], dtype), e).ok
    assert not compare(np.array([1.0 + (passing_ulps + 1) * ulp], dtype), e).ok


def test_overrides() -> None:
    e = f32(100.0)
    a = f32(100.001)
    assert not compare(a, e).ok
    assert compare(a, e, rtol=1e-4).ok  # atol keeps its default
    assert compare(a, e, atol=0.01).ok  # rtol keeps its default
    assert not compare(a, e, rtol=0, atol=0).ok
    assert compare(e.copy(), e, rtol=0, atol=0).ok
    c = compare(a, e, rtol=1e-4, atol=0)
    assert (c.rtol, c.atol) == (1e-4, 0.0)
    for bad in (-1.0, NAN, INF):
        with pytest.raises(AscirError, match="must be finite and >= 0"):
            compare(a, e, rtol=bad)
        with pytest.raises(AscirError, match="must be finite and >= 0"):
            compare(a, e, atol=bad)


# --- shapes, dtypes, messages ----------------------------------------------------------------


def test_shape_and_dtype_mismatches() -> None:
    c = compare(np.zeros((2, 3), np.float32), np.zeros((3, 2), np.float32))
    assert not c.ok and c.describe() == "shape mismatch: actual (2, 3), expected (3, 2)"
    c = compare(np.zeros(3, np.float16), np.zeros(3, np.float32))
    assert not c.ok and c.describe() == "dtype mismatch: actual float16, expected float32"
    with pytest.raises(MismatchError, match=r"^out7: dtype mismatch: actual bfloat16, expected float32$"):
        assert_close(np.zeros(3, BF16), np.zeros(3, np.float32), name="out7")


def test_assert_close_raises_an_ascir_error_with_the_description() -> None:
    e = np.arange(12, dtype=np.float32).reshape(3, 4)
    a = e.copy()
    a[2, 1] += 0.5
    a[2, 3] = NAN
    with pytest.raises(MismatchError) as info:
        assert_close(a, e, name="y")
    err = info.value
    assert isinstance(err, AscirError) and err.result is not None
    text = str(err)
    assert "\n" not in text
    assert text.startswith("y: 2 / 12 float32 elements (16.7%) differ (rtol 1.3e-06, atol 1e-05)")
    assert "first at index (2, 1): actual 9.5, expected 9.0" in text
    assert "max |error| 0.5" in text and "NaN positions differ at 1" in text
    r = err.result
    assert (r.mismatches, r.total, r.nan_mismatches, r.inf_mismatches) == (2, 12, 1, 0)
    assert r.max_rel_error == pytest.approx(0.5 / 9)
    ok = assert_close(e.copy(), e)
    assert ok.ok and ok.first_index is None and "12 float32 elements match" in ok.describe()


def test_zero_d_and_empty_arrays() -> None:
    c = compare(np.float32(2.0), np.float32(1.0))
    assert not c.ok and c.first_index == ()
    c = compare(np.zeros(0, np.float32), np.zeros(0, np.float32))
    assert c.ok and c.total == 0 and c.max_abs_error == 0.0


# --- compile_graph(check=...) ----------------------------------------------------------------


class CorruptingKernel:
    """Wraps a built kernel; adds 1 to the first element of the output buffer after a run."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel

    def run(self, args: list[np.ndarray], sizes: list[int], **kwargs: Any) -> Any:
        result = self.kernel.run(args, sizes, **kwargs)
        args[-1][0] += 1.0
        return result


def add_relu_inputs(rows: int = 3, cols: int = 8) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(5)
    return (
        rng.standard_normal((rows, cols)).astype(np.float32),
        rng.standard_normal((rows, cols)).astype(np.float32),
    )


def test_compile_graph_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASCIR_CHECK", raising=False)
    k = compile_graph(parse_ir(EXAMPLE.read_text()), check=True)
    x, y = add_relu_inputs()
    sizes = {"s0": 3, "s1": 8}
    (out,) = k(x, y, sizes=sizes)  # a correct kernel passes the check
    np.testing.assert_array_equal(out, np.maximum(x + y, 0))

    k.kernel = CorruptingKernel(k.kernel)
    with pytest.raises(MismatchError) as info:
        k(x, y, sizes=sizes)
    text = str(info.value)
    assert text.startswith("graph @add_relu: the kernel's result differs from the reference interpreter: ")
    assert "output 0 (%y): 1 / 24 float32 elements" in text and "first at index (0, 0)" in text
    (bad,) = k(x, y, sizes=sizes, check=False)  # the call's check= wins
    assert bad[0, 0] == out[0, 0] + 1

    k.check = False  # unchecked by default: ASCIR_CHECK=1 turns it on
    k(x, y, sizes=sizes)
    monkeypatch.setenv("ASCIR_CHECK", "1")
    with pytest.raises(MismatchError, match=r"output 0 \(%y\)"):
        k(x, y, sizes=sizes)


# --- ascir-run ------------------------------------------------------------------------------


def save_inputs(path: Path, a: np.ndarray, b: np.ndarray) -> str:
    np.savez(path, in0=a, in1=b)
    return str(path)


def test_ascir_run_fails_a_wrong_kernel_when_the_reference_holds_inf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    a = np.arange(12, dtype=np.float32).reshape(3, 4) - 6
    a[1, 2] = INF  # relu(inf + 1) = inf in the reference
    inputs = save_inputs(tmp_path / "in.npz", a, np.ones((3, 4), np.float32))
    args = [str(EXAMPLE), "--sizes", "s0=3,s1=4", "--inputs", inputs]

    assert ascir_run(args) == 0  # the real kernel gives inf too
    assert "0 mismatches (0 NaN, 0 inf)  PASS" in capsys.readouterr().out

    original = CompiledGraph.__call__

    def wrong(self: CompiledGraph, *args_: Any, **kwargs: Any) -> list[np.ndarray]:
        outs = original(self, *args_, **kwargs)
        return [np.where(np.isinf(o), np.float32(3e38), o) for o in outs]

    monkeypatch.setattr(CompiledGraph, "__call__", wrong)
    assert ascir_run(args) == 1  # was "max |error| inf PASS": tolerance rel_tol * inf
    out = capsys.readouterr().out
    assert (
        "output 0 (float32, 12 elements): max |error| 0 (finite values), 1 mismatches (0 NaN, 1 inf)  FAIL"
        in out
    )
    assert "first at index (1, 2): actual 3e+38, expected inf" in out

    assert ascir_run([*args, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    o = report["outputs"][0]
    assert not report["pass"] and not o["pass"]
    assert (o["mismatches"], o["nan_mismatches"], o["inf_mismatches"]) == (1, 0, 1)
    assert o["first_mismatch"] == {"index": [1, 2], "actual": float(np.float32(3e38)), "expected": "inf"}
    assert (o["rtol"], o["atol"]) == (1.3e-6, 1e-5)


@pytest.mark.filterwarnings("error")
def test_ascir_run_all_inf_and_nan_outputs_pass_without_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """All-inf / all-NaN outputs that match the reference PASS, with no numpy warning (the
    old check said FAIL with "All-NaN slice" warnings). An add-only graph: NaN propagates
    through add in the kernel and the reference alike (relu(NaN) does not, see the report)."""
    add = tmp_path / "add.mlir"
    add.write_text(
        "\n".join(line for line in EXAMPLE.read_text().splitlines() if "ascir.relu" not in line).replace(
            "ascir.store %act", "ascir.store %sum"
        )
    )
    for value in (INF, -INF, NAN):
        a = np.full((2, 4), value, np.float32)
        inputs = save_inputs(tmp_path / "in.npz", a, np.ones((2, 4), np.float32))
        assert ascir_run([str(add), "--sizes", "s0=2,s1=4", "--inputs", inputs, "--json"]) == 0
        o = json.loads(capsys.readouterr().out)["outputs"][0]
        assert o["pass"] and o["mismatches"] == 0 and o["max_abs_error"] == 0.0


def test_ascir_run_tolerance_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, _ = add_relu_inputs(2, 4)
    a = np.abs(a) + 1  # every output positive: the perturbation below is not clipped by relu
    inputs = save_inputs(tmp_path / "in.npz", a, np.ones((2, 4), np.float32))
    args = [str(EXAMPLE), "--sizes", "s0=2,s1=4", "--inputs", inputs, "--json"]
    original = CompiledGraph.__call__

    def slightly_off(self: CompiledGraph, *args_: Any, **kwargs: Any) -> list[np.ndarray]:
        return [o * np.float32(1 + 1e-4) for o in original(self, *args_, **kwargs)]

    monkeypatch.setattr(CompiledGraph, "__call__", slightly_off)
    assert ascir_run(args) == 1
    capsys.readouterr()
    assert ascir_run([*args, "--rtol", "1e-3"]) == 0
    o = json.loads(capsys.readouterr().out)["outputs"][0]
    assert o["pass"] and o["rtol"] == 1e-3 and o["atol"] == 1e-5
    assert ascir_run([*args, "--atol", "-1"]) == 1
    assert "--atol must be finite and >= 0, got -1" in capsys.readouterr().err
    assert ascir_run([*args, "--rtol", "nan"]) == 1
    assert "--rtol must be finite and >= 0, got nan" in capsys.readouterr().err
