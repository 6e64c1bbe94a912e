"""Shared pytest helpers: build ASCIR modules from text, run ascir-opt as a user would."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp

from ascir_dialect.diagnostics import AscirParser, verify_module
from tools.ascir_opt import main as ascir_opt_main
from tools.ascir_opt import make_context

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    """The test suite builds its simulator kernels with -Og: about half the g++ time of the
    default -O1, and on its small shapes they run as fast (bench/sim_build.py measures
    both). ASCIR_SIM_OPT=1 tests the default build instead. (Set here, not on import: the
    benchmarks import this module's helpers and keep the default.)"""
    os.environ.setdefault("ASCIR_SIM_OPT", "g")


def parse_ir(text: str) -> ModuleOp:
    module = AscirParser(make_context(), text, "<test>").parse_module()
    verify_module(module)
    return module


def tensor(dtype: str, axes: list[str], repeats: list[object], strides: list[object] | None = None) -> str:
    """``!ascir.tensor<...>`` text; row-major contiguous strides by default."""
    if strides is None:
        strides, acc = [], "1"
        for r in reversed(repeats):
            strides.insert(0, acc)
            acc = f"({acc}) * ({r})" if acc != "1" else str(r)
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(map(str, repeats))}], [{', '.join(map(str, strides))}]>"


def run_opt(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tools.ascir_opt", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


@dataclass
class OptResult:
    returncode: int
    stdout: str
    stderr: str


def opt_in_process(*args: str, tmp_dir: Path | None = None, stdin: str | None = None) -> OptResult:
    """Run ascir-opt's ``main`` in this process (fast); same behaviour as the console script."""
    argv = list(args)
    if stdin is not None:
        assert tmp_dir is not None
        path = tmp_dir / f"stdin_{abs(hash(stdin))}.mlir"
        path.write_text(stdin)
        argv.append(str(path))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = ascir_opt_main(argv)
    return OptResult(code, out.getvalue(), err.getvalue())


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session", autouse=True)
def real_header_check(request: pytest.FixtureRequest) -> Iterator[None]:
    """With ASC_DEVKIT/ASC_TOOLS set (and the checker found), every generated kernel any
    test builds -- through test/kernelcheck.py, compile_graph or the tools -- is type-checked
    against the real AscendC headers first (test/kernelcheck.py; log: ASCIR_SYNTAX_LOG)."""
    from runtime.build import add_source_check
    from test.kernelcheck import check_generated, log_summary, syntax_check_enabled

    if not syntax_check_enabled():
        yield
        return
    remove = add_source_check(check_generated)
    try:
        yield
    finally:
        remove()
        log_summary(" ".join(str(a) for a in request.config.args) or "session")
