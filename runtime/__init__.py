"""Kernel build and launch: ``compile_kernel(tiling_h, host_impl_cpp, device_impl_cpp, target)``.

``target="sim"`` compiles with the host C++ compiler against our AscendC simulator
(``runtime/sim``); ``"npu"`` compiles with bisheng for dav-3510 and runs through ACL
(needs ``ASCEND_HOME_PATH``); ``"auto"`` picks ``npu`` when CANN is installed.
"""

from __future__ import annotations

import os

from ascir_dialect.diagnostics import AscirArgumentError
from runtime.build import (
    LIBRARY,
    build,
    load_or_rebuild,
    prebuild_in_background,
    toolchain_objects,
    toolchain_ready,
)
from runtime.errors import (
    KernelBuildError,
    KernelRuntimeError,
    SimulatorError,
    SizeCheckError,
    TilingError,
    ToolchainNotFoundError,
)
from runtime.kernel import STAT_FIELDS, CompiledKernel, RunResult
from runtime.remote_cache import resolve as resolve_remote
from runtime.toolchain import npu_toolchain, sim_toolchain

TARGETS = ("sim", "npu", "auto")


def compile_kernel(
    tiling_h: str,
    host_impl_cpp: str,
    device_impl_cpp: str,
    target: str = "sim",
    name: str = "autofuse",
    debug: bool = False,
    remote_cache: str | None = None,
) -> CompiledKernel:
    """Build the three generated files and load the module. ``remote_cache``: a team's
    cache (``redis://host:port/db``; None: ``$ASCIR_REMOTE_CACHE``; "": none) asked after
    the local cache and offered what is built here (``runtime.remote_cache``)."""
    if not isinstance(target, str) or target not in TARGETS:
        raise AscirArgumentError(f"unknown target {target!r}; use one of {', '.join(TARGETS)}")
    if target == "auto":
        target = "npu" if os.environ.get("ASCEND_HOME_PATH") else "sim"
    remote = resolve_remote(remote_cache)
    sources = {"tiling.h": tiling_h, "host_impl.cpp": host_impl_cpp, "device_impl.cpp": device_impl_cpp}
    if target == "npu":
        from runtime.npu import NpuKernel

        npu = npu_toolchain()
        directory = build(sources, npu, name, remote)
        raise_if_missing(directory)
        return load_or_rebuild(  # type: ignore[return-value]
            directory,
            lambda: build(sources, npu, name, remote, fetch=False),
            lambda d: NpuKernel(d / LIBRARY, name, d),
            f"kernel {name}",
        )
    sim = sim_toolchain(debug)
    directory = build(sources, sim, name, remote)
    return load_or_rebuild(
        directory,
        lambda: build(sources, sim, name, remote, fetch=False),  # not the library that failed again
        lambda d: CompiledKernel(d / LIBRARY, name, d),
        f"kernel {name}",
    )


def _simulated(target: str) -> bool:
    return target == "sim" or (target == "auto" and not os.environ.get("ASCEND_HOME_PATH"))


def prebuild_for(target: str, remote_cache: str | None = None) -> None:
    """Start building the simulator's shared objects in the background when ``target`` runs
    on the simulator and the toolchain cache lacks them (``runtime.build``): a driver calls
    it when it starts, so the ~15 s first build overlaps its own work. Not with a remote
    cache: its kernels come built (the first kernel built here builds them, with progress)."""
    if _simulated(target) and resolve_remote(remote_cache) is None:
        prebuild_in_background(sim_toolchain())


def ensure_toolchain(target: str) -> None:
    """The simulator's shared objects built (waiting for a background prebuild, with its
    progress shown) before a driver hands kernels to processes of its own, whose waits the
    user would not see."""
    if _simulated(target):
        toolchain = sim_toolchain()
        if not toolchain_ready(toolchain):
            toolchain_objects(toolchain)


def raise_if_missing(directory: os.PathLike[str]) -> None:
    from pathlib import Path

    if not (Path(directory) / LIBRARY).is_file():
        raise KernelBuildError(f"no {LIBRARY} in {directory}")


__all__ = [
    "STAT_FIELDS",
    "CompiledKernel",
    "KernelBuildError",
    "KernelRuntimeError",
    "RunResult",
    "SimulatorError",
    "SizeCheckError",
    "TilingError",
    "ToolchainNotFoundError",
    "compile_kernel",
    "ensure_toolchain",
    "prebuild_for",
]
