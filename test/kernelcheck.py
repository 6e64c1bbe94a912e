"""Shared harness for emitted kernels: print, type-check against the real AscendC headers
(when ASC_DEVKIT/ASC_TOOLS are set), compile for the simulator and run.

Every kernel the suite emits goes through ``build`` so that the real-header check covers
all of them; each distinct kernel is checked once per session.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp

from ascendc_emitter.printer import KernelSources, emit_files
from runtime import CompiledKernel, compile_kernel

ROOT = Path(__file__).resolve().parent.parent
CHECKER = ROOT.parent / "shared" / "tools" / "ascendc-syntax-check"
_checked: dict[str, bool] = {}
CHECK_LOG = Path(os.environ.get("ASCIR_SYNTAX_LOG", "/tmp/ascir-syntax-check.log"))


def syntax_check_enabled() -> bool:
    return bool(os.environ.get("ASC_DEVKIT") and os.environ.get("ASC_TOOLS")) and CHECKER.is_file()


def syntax_check(sources: KernelSources, name: str) -> None:
    """Type-check device_impl.cpp and host_impl.cpp with the real AscendC headers (arch 3510)."""
    digest = hashlib.sha256("".join(sources.as_dict().values()).encode()).hexdigest()[:16]
    if digest in _checked:
        assert _checked[digest]
        return
    work = Path(os.environ.get("TMPDIR", "/tmp")) / f"ascir-check-{name}-{digest}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for file, text in sources.as_dict().items():
        (work / file).write_text(text)
    env = dict(os.environ, ASC_CHECK_EXTRA_FLAGS="-Werror=narrowing")
    result = subprocess.run(
        [
            str(CHECKER),
            "3510",
            "-q",
            "-I",
            str(work),
            "-I",
            str(ROOT / "ascendc_emitter" / "include"),
            str(work / "device_impl.cpp"),
            str(work / "host_impl.cpp"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    ok = result.returncode == 0
    _checked[digest] = ok
    with CHECK_LOG.open("a") as log:
        log.write(f"{'PASS' if ok else 'FAIL'} {name} {digest}\n")
    assert ok, f"{name}: AscendC syntax check failed\n{result.stdout}\n{result.stderr}"


def build(module: ModuleOp, name: str) -> tuple[CompiledKernel, KernelSources]:
    sources = emit_files(module)
    if syntax_check_enabled():
        syntax_check(sources, name)
    kernel = compile_kernel(sources.tiling_h, sources.host_impl_cpp, sources.device_impl_cpp, name=name)
    return kernel, sources
