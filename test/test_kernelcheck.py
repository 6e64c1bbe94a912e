"""The real-header check harness: the checker is found from a worktree as from the main
checkout, and is off when there is none; runtime.build runs installed source checks."""

from __future__ import annotations

from pathlib import Path

import pytest

import test.kernelcheck as kc
from runtime import compile_kernel
from runtime.build import add_source_check


def make_tree(tmp_path: Path, with_shared: bool) -> tuple[Path, Path]:
    main = tmp_path / "main"
    (main / ".git" / "worktrees" / "wt").mkdir(parents=True)
    wt = tmp_path / "trees" / "wt"
    wt.mkdir(parents=True)
    (wt / ".git").write_text(f"gitdir: {main / '.git' / 'worktrees' / 'wt'}\n")
    if with_shared:
        script = tmp_path / "shared" / "tools" / kc.CHECKER_NAME
        script.parent.mkdir(parents=True)
        script.write_text("#!/bin/sh\n")
    return main, wt


def test_checker_found_from_a_worktree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    main, wt = make_tree(tmp_path, with_shared=True)
    monkeypatch.delenv("ASCIR_SYNTAX_CHECKER", raising=False)
    assert kc.main_checkout(wt) == main and kc.main_checkout(main) == main
    for root in (main, wt):  # ../shared beside the main checkout, not beside the worktree
        assert kc.checker(root) == tmp_path / "shared" / "tools" / kc.CHECKER_NAME


def test_checker_absent_or_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, wt = make_tree(tmp_path, with_shared=False)
    monkeypatch.delenv("ASCIR_SYNTAX_CHECKER", raising=False)
    monkeypatch.setenv("ASC_DEVKIT", str(tmp_path))
    monkeypatch.setenv("ASC_TOOLS", str(tmp_path))
    assert kc.checker(wt) is None
    named = tmp_path / "elsewhere" / "check"
    named.parent.mkdir()
    named.write_text("#!/bin/sh\n")
    monkeypatch.setenv("ASCIR_SYNTAX_CHECKER", str(named))
    assert kc.checker() == named and kc.syntax_check_enabled()


def test_build_runs_source_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path))
    seen: list[tuple[str, str]] = []

    def refuse(sources: object, name: str) -> None:
        seen.append((name, sorted(sources)))  # type: ignore[call-overload]
        raise AssertionError("refused by the check")

    remove = add_source_check(refuse)
    try:
        with pytest.raises(AssertionError, match="refused by the check"):
            compile_kernel("", "", "", name="checked")
    finally:
        remove()
    assert seen == [("checked", ["device_impl.cpp", "host_impl.cpp", "tiling.h"])]
    assert not any(tmp_path.iterdir())  # refused before anything was built


def test_hook_checks_generated_kernels_only(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(kc, "syntax_check", lambda sources, name: calls.append(name))
    kc.check_generated({"device_impl.cpp": "// hand-written\n"}, "hand")
    kc.check_generated({"device_impl.cpp": kc.GENERATED + " Device kernel\n"}, "emitted")
    assert calls == ["emitted"]
