"""Compilers and their command lines: host g++ for the simulator, bisheng for a real NPU."""

from __future__ import annotations

import dataclasses
import os
import platform
import re
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
SIM_SOURCE = Path(__file__).resolve().parent / "sim" / "sim.cpp"
"""The compiled part of the simulator (checks, trace, copies, the APIs per element type)."""
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

    @property
    def compile_flags(self) -> tuple[str, ...]:
        """``flags`` without the link-only ones (``-shared``, ``-Wl,...``)."""
        return tuple(f for f in self.flags if not self._links(f))

    @staticmethod
    def _links(flag: str) -> bool:
        return flag == "-shared" or flag.startswith(("-Wl,", "-fuse-ld="))

    def compile_command(self, source: Path, output: Path, include_first: tuple[Path, ...] = ()) -> list[str]:
        """Compile ``source`` to the object ``output`` (no link)."""
        first = [f"-I{p}" for p in include_first]
        return [self.compiler, *first, *self.compile_flags, "-c", str(source), "-o", str(output)]

    def link_command(self, objects: list[Path], output: Path) -> list[str]:
        """Link ``objects`` into the shared library ``output`` with the link-only flags."""
        links = [f for f in self.flags if self._links(f) or f == "-fPIC"]
        return [self.compiler, *links, *(str(o) for o in objects), "-o", str(output)]


@cache
def _compiler_version(compiler: str) -> str:
    try:
        out = subprocess.run([compiler, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise ToolchainNotFoundError(f"cannot run the C++ compiler '{compiler}': {e}") from None
    return out.stdout.splitlines()[0] if out.stdout else compiler


@cache
def _fast_linker(compiler: str) -> tuple[str, ...]:
    """``("-fuse-ld=gold",)`` when ``compiler`` can link with GNU gold, else ``()``. A kernel
    module links its own objects with the toolchain's simulator object (1.3 MB); gold does it
    in about 0.03 s where the default BFD linker takes 0.07-0.08 s (bench/sim_build.py), and
    the two produce modules that behave the same."""
    try:
        out = subprocess.run(
            [compiler, "-fuse-ld=gold", "-Wl,--version"], capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        return ()
    return ("-fuse-ld=gold",) if out.returncode == 0 and "gold" in out.stdout.lower() else ()


SIM_OPT_LEVELS = ("0", "g", "1", "2", "3", "s")
DEFAULT_SIM_OPT = "1"


def sim_opt_level() -> str:
    """The optimisation level of simulator builds of a kernel's own code: ``$ASCIR_SIM_OPT``
    (one of :data:`SIM_OPT_LEVELS`), by default ``1``. The simulator's APIs are compiled
    once per toolchain at :data:`SIM_OBJECT_OPT` (:func:`sim_object_toolchain`), so the level
    only affects the kernel's scalar code and VF loops."""
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
        # a kernel module's calls into its own simulator (sim.o, linked into every module)
        # bind inside the module: direct calls, not PLT stubs
        "-Wl,-Bsymbolic",
        *_fast_linker(compiler),
        "-DASCSIM=1",
        "-Wno-unused-variable",
        f"-I{SIM_INCLUDE}",
        f"-I{EMITTER_INCLUDE}",
    )
    shared = (
        SIM_INCLUDE.parent,  # runtime/sim/**: the simulator headers, its ABI and simulator sources
        SIM_INCLUDE,
        SIM_ABI_SOURCE,
        *_build_code(),
    )
    inputs = (*shared[:3], EMITTER_INCLUDE, TILING_ABI_SOURCE, *shared[3:])
    return Toolchain(
        "sim",
        compiler,
        flags,
        _compiler_version(compiler),
        tuple(dict.fromkeys(inputs)),
        tuple(dict.fromkeys(shared)),
    )


SIM_OBJECT_OPT = "-O2"
"""The optimisation level of the simulator object (sim.cpp) outside debug builds: it is
compiled once per toolchain and holds the element loops of every API, so it is optimised
whatever ``$ASCIR_SIM_OPT`` says (that level is the kernel's own code's)."""


def sim_object_toolchain(toolchain: Toolchain) -> Toolchain:
    """``toolchain`` with the optimisation level of the simulator object: :data:`SIM_OBJECT_OPT`,
    except for a debug toolchain (``-g``), whose flags are kept (``-O0 -g``)."""
    if "-g" in toolchain.flags:
        return toolchain
    flags = tuple(SIM_OBJECT_OPT if f.startswith("-O") else f for f in toolchain.flags)
    return dataclasses.replace(toolchain, flags=flags)


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


# The device build as the asc-devkit's CMake modules do it (mirror-cann/asc-devkit
# cmake/asc/asc_modules/): the compiler search of CMakeDetermineASCCompiler.cmake, the
# compile and shared-library rules of CMakeASCInformation.cmake (Release flags), and the
# include directories and libraries ``library_interface_setup`` of FindASC.cmake gives an
# ``ascendc_library`` target. Host C++ sources are compiled by the C++ compiler, as CMake
# does for a target's .cpp files that are not marked LANGUAGE ASC.

NPU_RELEASE_FLAGS = ("-O3", "-DNDEBUG")
"""CMAKE_ASC_FLAGS_RELEASE_INIT (CMakeASCInformation.cmake)."""
NPU_LIBRARIES = (
    "ascendc_runtime",
    "ascendcl",
    "runtime",
    "register",
    "error_manager",
    "profapi",
    "ge_common_base",
    "unified_dlog",
    "mmpa",
    "dl",
    "ascend_dump",
    "c_sec",
)
"""FindASC.cmake ``library_interface_setup``'s link libraries, in its order (``ascendcl``,
not ``acl_rt``: BUILD_WITH_INSTALLED_DEPENDENCY_CANN_PKG is off by default)."""


def cann_linux_dir(home: Path, machine: str | None = None) -> Path:
    """``ASCEND_CANN_PACKAGE_LINUX_PATH``: ``$ASCEND_HOME_PATH/<x86_64|aarch64>-linux``
    (CMakeDetermineASCCompiler.cmake)."""
    machine = machine or platform.machine()
    if machine == "x86_64":
        return home / "x86_64-linux"
    if re.search("aarch64|arm64|arm", machine):
        return home / "aarch64-linux"
    raise ToolchainNotFoundError(f"target 'npu': unknown host architecture {machine!r} (x86_64 or aarch64)")


def bisheng_candidates(home: Path) -> list[Path]:
    """Where bisheng is looked for, in order: CMakeDetermineASCCompiler.cmake's
    ``find_program(CMAKE_ASC_COMPILER NAMES bisheng PATHS <linux>/ccec_compiler/bin/
    $ENV{PATH} $ENV{ASCEND_HOME_PATH})`` -- find_program searches the PATH environment
    before the PATHS it is given -- then the ``compiler/ccec_compiler/bin`` directory of
    older CANN layouts (an addition of ours, after everything CMake searches)."""
    path_dirs = [Path(d) for d in os.environ.get("PATH", "").split(os.pathsep) if d]
    dirs = [
        *path_dirs,
        cann_linux_dir(home) / "ccec_compiler" / "bin",
        home,
        home / "compiler" / "ccec_compiler" / "bin",
    ]
    return [d / "bisheng" for d in dict.fromkeys(dirs)]


def find_bisheng(home: Path) -> Path:
    candidates = bisheng_candidates(home)
    found = next((c for c in candidates if c.is_file() and os.access(c, os.X_OK)), None)
    if found is None:
        raise ToolchainNotFoundError(
            f"bisheng not found on PATH nor under ASCEND_HOME_PATH={home} (looked in "
            f"{', '.join(str(c.parent) for c in candidates)})"
        )
    return found


@dataclass(frozen=True)
class NpuToolchain(Toolchain):
    """bisheng for the device source and the link, the host C++ compiler for the host
    sources. ``flags`` are the device compile flags; the host compiler's version and
    flags and the link line are part of ``identity``, so they key the kernel cache."""

    host_compiler: str = "c++"
    host_flags: tuple[str, ...] = ()
    link_flags: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()

    def commands(self, work: Path, output: Path) -> list[list[str]]:
        """The build of ``work``'s three generated files into ``output``: one compile per
        source, then the link (CMakeASCInformation.cmake's CMAKE_ASC_COMPILE_OBJECT and
        CMAKE_ASC_CREATE_SHARED_LIBRARY; its rule puts ``-std=c++17`` before the flags)."""
        include = f"-I{work}"
        device = [
            self.compiler,
            include,
            *self.flags,
            "-o",
            str(work / "device_impl.o"),
            "-c",
            "--asc-aicore-lang",
            str(work / "device_impl.cpp"),
        ]
        host_sources = (work / "host_impl.cpp", TILING_ABI_SOURCE)
        objects = [str(work / "device_impl.o"), *(str(work / f"{src.stem}.o") for src in host_sources)]
        hosts = [
            [self.host_compiler, include, *self.host_flags, "-o", obj, "-c", str(src)]
            for src, obj in zip(host_sources, objects[1:], strict=True)
        ]
        link = [
            self.compiler,
            *self.link_flags,
            "-o",
            str(output),
            *objects,
            *(f"-l{lib}" for lib in self.libraries),
        ]
        return [device, *hosts, link]


def npu_toolchain() -> NpuToolchain:
    """bisheng for ``dav-3510``, found and driven as the devkit's CMake does (untested on a
    device here: no device nor CANN toolkit is reachable)."""
    home = cann_home()
    bisheng = str(find_bisheng(home))
    linux = cann_linux_dir(home)
    include = [linux / "include", linux / "tikcpp" / "tikcfw", EMITTER_INCLUDE]
    includes = tuple(f"-I{p}" for p in include)
    device_flags = (*includes, "-std=c++17", f"--npu-arch={NPU_ARCH}", *NPU_RELEASE_FLAGS, "-fPIC")
    host_compiler = os.environ.get("CXX", "c++")
    if shutil.which(host_compiler) is None:
        raise ToolchainNotFoundError(
            f"target 'npu' compiles the host sources with a C++17 compiler; '{host_compiler}' was not found "
            "(install one or set CXX)"
        )
    host_flags = (*includes, "-std=c++17", *NPU_RELEASE_FLAGS, "-fPIC")
    link_flags = (
        f"--npu-arch={NPU_ARCH}",
        *NPU_RELEASE_FLAGS,
        "-shared",
        "-Wl,-soname,kernel_module.so",
        f"-L{home / 'lib64'}",
    )
    identity = (
        f"{_compiler_version(bisheng)}; host {host_compiler}: {_compiler_version(host_compiler)} "
        f"{' '.join(host_flags)}; link {' '.join(link_flags)} {' '.join(NPU_LIBRARIES)}"
    )
    inputs = (EMITTER_INCLUDE, TILING_ABI_SOURCE, *_build_code())
    return NpuToolchain(
        "npu",
        bisheng,
        device_flags,
        identity,
        inputs,
        host_compiler=host_compiler,
        host_flags=host_flags,
        link_flags=link_flags,
        libraries=NPU_LIBRARIES,
    )
