"""torch's OpInfo samples through the backend (bounded profile; the full table is
``python -m pyautofuse.torch.opinfo_table``)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("expecttest")  # torch.testing._internal needs it

from pyautofuse.torch import opinfo_table  # noqa: E402


def test_opinfo_samples_match_eager() -> None:
    results = opinfo_table.run(opinfo_table.CI_OPS, ("float32",), max_samples=2)
    table = opinfo_table.markdown(results)
    print(table)
    names = {r.op.split(" ")[0] for r in results}
    assert names == set(opinfo_table.CI_OPS), table
    assert not any(r.failed for r in results), table
    for op in opinfo_table.CI_OPS:
        assert sum(r.passed for r in results if r.op.split(" ")[0] == op) > 0, (op, table)


def test_markdown_counts() -> None:
    r = opinfo_table.Outcome("add", "float32", passed=2, refused=1)
    r.reasons["no ASCIR lowering for x"] += 1
    text = opinfo_table.markdown([r])
    assert "| add | float32 | 2 | 1 | 0 | no ASCIR lowering for x (1) |" in text
    assert "| **total** | | 2 | 1 | 0 | |" in text
