"""Compilers and their command lines: host g++ for the simulator, bisheng for a real NPU."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ascir_dialect.diagnostics import AscirArgumentError
from runtime.errors import ToolchainNotFoundError

SIM_INCLUDE = Path(__file__).resolve().parent / "sim" / "include"
SIM_HEADER = SIM_INCLUDE / "kernel_operator.h"
"""The header every simulated device source includes first: precompiled once per toolchain."""
EMITTER_INCLUDE = Path(__file__).resolve().parent.parent / "ascendc_emitter" / "include"
SIM_ABI_SOURCE = Path(__file__).resolve().parent / "sim" / "abi.cpp"
TILING_ABI_SOURCE = Path(__file__).resolve().parent / "tiling_abi.cpp"
NPU_ARCH = "dav-3510"


RUNTIME_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Toolchain:
    """A compiler and the flags a target needs; ``identity`` (the compiler's version) and
    ``inputs`` (the project files and directories a build reads besides the generated
    sources) key the kernel cache with them; ``shared_inputs`` (a part of ``inputs``) are
    those the objects every kernel shares are built from -- the simulator's ABI object and
    precompiled header -- and key the toolchain cache."""

    target: str
    compiler: str
    flags: tuple[str, ...]
    identity: str
    inputs: tuple[Path, ...] = ()
    shared_inputs: tuple[Path, ...] = ()

    def command(self, sources: list[Path], output: Path, include_first: tuple[Path, ...] = ()) -> list[str]:
        """Compile and link ``sources``; ``include_first`` are searched before the flags'
        include directories (a precompiled header's directory)."""
        first = [f"-I{p}" for p in include_first]
        return [self.compiler, *first, *self.flags, *(str(s) for s in sources), "-o", str(output)]


@cache
def _compiler_version(compiler: str) -> str:
    try:
        out = subprocess.run([compiler, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise ToolchainNotFoundError(f"cannot run the C++ compiler '{compiler}': {e}") from None
    return out.stdout.splitlines()[0] if out.stdout else compiler


SIM_OPT_LEVELS = ("0", "g", "1", "2", "3", "s")
DEFAULT_SIM_OPT = "1"


def sim_opt_level() -> str:
    """The optimisation level of simulator builds: ``$ASCIR_SIM_OPT`` (one of
    :data:`SIM_OPT_LEVELS`), by default ``1``. ``0`` builds a kernel about twice as fast and
    runs it several times slower: worth it for suites of small shapes (the test suite)."""
    level = os.environ.get("ASCIR_SIM_OPT", "").strip() or DEFAULT_SIM_OPT
    if level not in SIM_OPT_LEVELS:
        raise AscirArgumentError(
            f"ASCIR_SIM_OPT={level!r} is not an optimisation level of the simulator build; use one of "
            f"{', '.join(SIM_OPT_LEVELS)} (-O0 ... -Os)"
        )
    return level


def sim_toolchain(debug: bool = False) -> Toolchain:
    """Host C++17 compiler against the simulator headers (``CXX`` overrides ``g++``); ``-O1``
    unless ``$ASCIR_SIM_OPT`` says otherwise, ``-O0 -g`` for ``debug``."""
    compiler = os.environ.get("CXX", "g++")
    if shutil.which(compiler) is None:
        raise ToolchainNotFoundError(
            f"the simulator needs a C++17 compiler; '{compiler}' was not found (install g++ or set CXX)"
        )
    flags = (
        "-std=c++17",
        "-O0" if debug else f"-O{sim_opt_level()}",
        "-g" if debug else "-g0",
        "-fPIC",
        "-shared",
        "-DASCSIM=1",
        "-Wno-unused-variable",
        f"-I{SIM_INCLUDE}",
        f"-I{EMITTER_INCLUDE}",
    )
    shared = (
        SIM_INCLUDE.parent,  # runtime/sim/**: the simulator headers and its ABI source
        SIM_INCLUDE,
        SIM_ABI_SOURCE,
        *_build_code(),
    )
    inputs = (*shared[:3], EMITTER_INCLUDE, TILING_ABI_SOURCE, *shared[3:])
    return Toolchain(
        "sim", compiler, flags, _compiler_version(compiler), tuple(dict.fromkeys(inputs)), tuple(dict.fromkeys(shared))
    )


def _build_code() -> tuple[Path, ...]:
    """The code that turns sources into a library: how it rewrites and compiles them."""
    return tuple(RUNTIME_DIR / f for f in ("build.py", "launch_rewrite.py", "toolchain.py"))


def cann_home() -> Path:
    home = os.environ.get("ASCEND_HOME_PATH")
    if not home:
        raise ToolchainNotFoundError(
            "target 'npu' needs the CANN toolkit: set ASCEND_HOME_PATH (e.g. "
            "source <cann>/set_env.sh); use target='sim' to run on the CPU simulator"
        )
    path = Path(home)
    if not path.is_dir():
        raise ToolchainNotFoundError(f"ASCEND_HOME_PATH={home} is not a directory")
    return path


def npu_toolchain() -> Toolchain:
    """bisheng for ``dav-3510``, from ``$ASCEND_HOME_PATH`` (untested on a device here)."""
    home = cann_home()
    candidates = [home / "compiler" / "ccec_compiler" / "bin" / "bisheng", home / "bin" / "bisheng"]
    bisheng = next((c for c in candidates if c.is_file()), None)
    if bisheng is None:
        raise ToolchainNotFoundError(
            f"bisheng not found under ASCEND_HOME_PATH={home} (looked in "
            f"{', '.join(str(c) for c in candidates)})"
        )
    include = [
        home / "include",
        home / "compiler" / "tikcpp" / "tikcfw",
        home / "compiler" / "tikcpp" / "tikcfw" / "interface",
        home / "compiler" / "tikcpp" / "tikcfw" / "impl",
        EMITTER_INCLUDE,
    ]
    flags = (
        "-x",
        "asc",
        f"--npu-arch={NPU_ARCH}",
        "-std=c++17",
        "-O2",
        "-fPIC",
        "-shared",
        *(f"-I{p}" for p in include),
        f"-L{home / 'lib64'}",
        "-lascendcl",
        "-lruntime",
    )
    inputs = (EMITTER_INCLUDE, TILING_ABI_SOURCE, *_build_code())
    return Toolchain("npu", str(bisheng), flags, _compiler_version(str(bisheng)), inputs)
