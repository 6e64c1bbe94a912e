"""Build the three-file kernel contract into ``kernel_module.so`` (content-addressed cache)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from runtime.cache import cache_root, kernel_key
from runtime.errors import KernelBuildError
from runtime.launch_rewrite import rewrite_launches
from runtime.toolchain import SIM_ABI_SOURCE, TILING_ABI_SOURCE, Toolchain

LIBRARY = "kernel_module.so"


def prebuilt_object(source: Path, toolchain: Toolchain) -> Path:
    """``source`` compiled once to an object file shared by every kernel build: the
    simulator's C ABI does not depend on the kernel (its key covers the simulator headers,
    the compiler and the flags). Saves a compile of the simulator per kernel."""
    key = kernel_key({source.name: source.read_text()}, toolchain)
    obj = cache_root() / "objects" / f"{source.stem}-{key}.o"
    if obj.is_file():
        return obj
    obj.parent.mkdir(parents=True, exist_ok=True)
    flags = [f for f in toolchain.flags if f != "-shared"]
    tmp = obj.with_name(f".{obj.name}.{os.getpid()}")
    command = [toolchain.compiler, *flags, "-c", str(source), "-o", str(tmp)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise KernelBuildError(
            f"{toolchain.compiler} failed on {source} (exit {result.returncode})\n{result.stderr[-6000:]}"
        )
    os.replace(tmp, obj)
    return obj


def build(sources: dict[str, str], toolchain: Toolchain, name: str) -> Path:
    """Compile (or reuse) the kernel; return the build directory holding the library."""
    key = kernel_key(sources, toolchain)
    final = cache_root() / f"{name}-{toolchain.target}-{key}"
    if (final / LIBRARY).is_file():
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=final.parent))
    try:
        for file, text in sources.items():
            (work / file).write_text(text)
        if toolchain.target == "sim":
            (work / "device_impl.sim.cpp").write_text(rewrite_launches(sources["device_impl.cpp"]))
            abi = prebuilt_object(SIM_ABI_SOURCE, toolchain)
            units = [work / "host_impl.cpp", work / "device_impl.sim.cpp", abi, TILING_ABI_SOURCE]
        else:
            units = [work / "host_impl.cpp", work / "device_impl.cpp", TILING_ABI_SOURCE]
        command = [*toolchain.command(units, work / LIBRARY), f"-I{work}"]
        (work / "build_command.txt").write_text(" ".join(command) + "\n")
        result = subprocess.run(command, capture_output=True, text=True, cwd=work, timeout=600)
        if result.returncode != 0:
            failed = final.parent / f"failed-{name}-{key}"
            shutil.rmtree(failed, ignore_errors=True)
            os.replace(work, failed)
            raise KernelBuildError(
                f"kernel {name}: {toolchain.compiler} failed (exit {result.returncode}); sources kept "
                f"in {failed}\n{result.stderr[-6000:]}"
            )
        try:
            os.replace(work, final)
        except OSError:  # another process finished the same build first
            shutil.rmtree(work, ignore_errors=True)
        return final
    finally:
        if work.exists() and work != final:
            shutil.rmtree(work, ignore_errors=True)
