"""compile_kernel on the simulator (hand-written AscendC), the kernel cache, build errors
and run-time misuse (the NPU path: test_npu.py)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from runtime import KernelBuildError, compile_kernel
from runtime.launch_rewrite import rewrite_launches

HERE = Path(__file__).resolve().parent / "kernels"


def handwritten() -> tuple[str, str, str]:
    return tuple((HERE / f"vadd_{n}").read_text() for n in ("tiling.h", "host_impl.cpp", "device_impl.cpp"))  # type: ignore[return-value]


@pytest.mark.parametrize(("n", "cores"), [(1, 1), (13, 3), (100_003, 8)])
def test_handwritten_kernel_runs_on_the_simulator(n: int, cores: int) -> None:
    kernel = compile_kernel(*handwritten(), target="sim", name="handwritten_vadd")
    x = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    y = np.random.default_rng(n + 1).standard_normal(n).astype(np.float32)
    z = np.zeros(n, np.float32)
    result = kernel.run([x, y, z], [n], core_num=cores)
    np.testing.assert_array_equal(z, x + y)
    assert result.stats["blocks"] == result.block_dim <= cores
    assert result.stats["gm_read_bytes"] == 8 * n and result.stats["gm_write_bytes"] == 4 * n


def shared_objects(build_dir: Path) -> tuple[Path, Path]:
    """The toolchain cache entries a kernel was linked with: (ABI object's, precompiled header's)."""
    command = (build_dir / "build_command.txt").read_text().split()
    (abi,) = {Path(a).parent for a in command if Path(a).name == "abi.o"}
    (pch,) = {Path(a[2:]) for a in command if a.startswith("-I") and Path(a[2:]).name.startswith("pch-")}
    return abi, pch


def test_kernel_cache_is_content_addressed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toolchain_cache: Path
) -> None:
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path))
    sources = handwritten()
    first = compile_kernel(*sources, name="cached")
    built = (first.build_dir / "kernel_module.so").stat().st_mtime_ns
    again = compile_kernel(*sources, name="cached")
    assert again.build_dir == first.build_dir
    assert (again.build_dir / "kernel_module.so").stat().st_mtime_ns == built  # reused, not rebuilt
    # what every kernel shares is in the toolchain cache, not in the kernel cache
    assert sorted(p.name for p in tmp_path.iterdir()) == [first.build_dir.name]
    abi, pch = shared_objects(first.build_dir)  # the simulator ABI and headers, compiled once
    assert abi.parent == toolchain_cache and pch.parent == toolchain_cache
    assert abi.name.startswith("abi-") and sorted(p.name for p in abi.iterdir()) == ["abi.o", "manifest.json"]
    assert sorted(p.name for p in pch.iterdir()) == ["kernel_operator.h.gch", "manifest.json"]
    shared = {p: p.stat().st_mtime_ns for p in (abi / "abi.o", pch / "kernel_operator.h.gch")}
    assert sorted(p.name for p in first.build_dir.iterdir()) == [
        "build_command.txt",
        "device_impl.cpp",
        "device_impl.sim.cpp",
        "host_impl.cpp",
        "kernel_module.so",
        "manifest.json",  # written last: the sha256 of kernel_module.so
        "tiling.h",
    ]
    changed = compile_kernel(sources[0], sources[1], sources[2] + "\n// changed\n", name="cached")
    assert changed.build_dir != first.build_dir
    assert shared_objects(changed.build_dir) == (abi, pch)  # the same shared objects ...
    assert {p: p.stat().st_mtime_ns for p in shared} == shared  # ... reused by the second kernel
    assert (first.build_dir / "build_command.txt").read_text().startswith(os.environ.get("CXX", "g++"))


def test_build_errors_carry_compiler_diagnostics(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path))
    tiling, host, device = handwritten()
    with pytest.raises(KernelBuildError, match=r"(?s)kernel broken: g\+\+ failed.*no_such_api"):
        compile_kernel(tiling, host, device.replace("AscendC::Add(", "AscendC::no_such_api("), name="broken")


def test_run_misuse_is_reported() -> None:
    kernel = compile_kernel(*handwritten(), name="handwritten_vadd")
    x = np.zeros((4, 4), np.float32)
    with pytest.raises(ValueError, match="argument 0 is not C-contiguous"):
        kernel.run([x[:, ::2], x, x], [8])
    with pytest.raises(TypeError, match="argument 1 must be a numpy array"):
        kernel.run([x, [1.0], x], [8])
    with pytest.raises(ValueError, match="unknown target 'gpu'"):
        compile_kernel(*handwritten(), target="gpu")


def test_launch_rewrite() -> None:
    src = "k<<<block_dim, nullptr, stream>>>((GM_ADDR)x, f(a, (b)), *tiling);\nother();"
    assert (
        rewrite_launches(src)
        == "ascsim::launch(block_dim, nullptr, stream, k, (GM_ADDR)x, f(a, (b)), *tiling);\nother();"
    )
