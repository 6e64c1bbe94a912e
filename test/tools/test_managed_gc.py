"""GC handling of the entry points (issue 17): ``tools.cli.managed_gc`` freezes the heap and
raises the young-generation threshold while a command runs, and gives the caller's GC back."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tools.autofuser import Autofuser
from tools.cli import GC_GEN0_THRESHOLD, managed_gc, run_cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _clean_gc():
    saved = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.set_threshold(*saved)
    gc.unfreeze()


def test_inside_frozen_and_raised_outside_restored():
    gc.set_threshold(700, 11, 12)
    with managed_gc():
        assert gc.get_threshold() == (GC_GEN0_THRESHOLD, 11, 12)
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (700, 11, 12)
    assert gc.get_freeze_count() == 0


def test_restored_on_exception_and_never_lowers_a_higher_threshold():
    gc.set_threshold(10 * GC_GEN0_THRESHOLD, 10, 10)
    with pytest.raises(RuntimeError), managed_gc():
        assert gc.get_threshold()[0] == 10 * GC_GEN0_THRESHOLD
        raise RuntimeError("boom")
    assert gc.get_threshold() == (10 * GC_GEN0_THRESHOLD, 10, 10)
    assert gc.get_freeze_count() == 0


def test_nested_uses_leave_the_outer_one_in_charge(monkeypatch):
    # frozen objects can die by reference count (other tests' leftovers), so the count is not
    # compared: the inner use must neither freeze nor thaw
    with managed_gc():
        calls: list[str] = []
        real_freeze, real_unfreeze = gc.freeze, gc.unfreeze
        monkeypatch.setattr(gc, "freeze", lambda: (calls.append("freeze"), real_freeze()))
        monkeypatch.setattr(gc, "unfreeze", lambda: (calls.append("unfreeze"), real_unfreeze()))
        with managed_gc():
            pass
        monkeypatch.undo()
        assert calls == []
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == GC_GEN0_THRESHOLD
    assert gc.get_freeze_count() == 0


def test_a_callers_own_freeze_is_kept(monkeypatch):
    # frozen objects can still die by reference count, so the count may drop a little while
    # the block runs; what must not happen is a thaw of the caller's permanent generation
    thawed: list[bool] = []
    real_unfreeze = gc.unfreeze
    monkeypatch.setattr(gc, "unfreeze", lambda: (thawed.append(True), real_unfreeze()))
    gc.freeze()
    with managed_gc():
        assert gc.get_threshold()[0] == GC_GEN0_THRESHOLD
    assert not thawed
    assert gc.get_freeze_count() > 0


def test_cli_and_library_entry_points_manage_and_restore(monkeypatch):
    import tools.compile

    inner = tools.compile.run_passes
    during: list[int] = []

    def spy(*args, **kwargs):
        during.append(gc.get_threshold()[0])
        return inner(*args, **kwargs)

    monkeypatch.setattr(tools.compile, "run_passes", spy)
    seen: list[tuple[int, int]] = []

    def body() -> int:
        seen.append((gc.get_threshold()[0], gc.get_freeze_count()))
        return 0

    gc.set_threshold(700, 10, 10)
    assert run_cli("ascir-opt", body) == 0
    assert seen[0][0] == GC_GEN0_THRESHOLD and seen[0][1] > 0
    assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0

    from ascir_dialect.diagnostics import AscirParser
    from tools.ascir_opt import make_context

    text = (ROOT / "examples" / "add_relu.mlir").read_text()
    module = AscirParser(make_context(), text, "add_relu.mlir").parse_module()
    fuser = Autofuser()
    result = fuser.schedule(module)
    assert during == [GC_GEN0_THRESHOLD]  # the passes ran under managed_gc
    assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0
    tiling, _host, _device = fuser.codegen(result)
    assert "s0" in tiling
    assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0
