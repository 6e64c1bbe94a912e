"""compile_kernel on the simulator (hand-written AscendC), the kernel cache, build errors,
run-time misuse, and the NPU path against a fake CANN toolchain."""

from __future__ import annotations

import ctypes
import os
import stat
import subprocess
from pathlib import Path

import numpy as np
import pytest

from runtime import KernelBuildError, ToolchainNotFoundError, compile_kernel
from runtime.launch_rewrite import rewrite_launches
from runtime.npu import ACL_SIGNATURES, NpuKernel, load_acl
from runtime.toolchain import npu_toolchain

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
    (abi,) = [Path(a).parent for a in command if a.endswith("abi.o")]
    (pch,) = [Path(a[2:]) for a in command if a.startswith("-I") and Path(a[2:]).name.startswith("pch-")]
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


# ------------------------------------------------------------------ NPU target

FAKE_ACL = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static FILE* log_file(void) { static FILE* f; if (!f) f = fopen(getenv("FAKE_ACL_LOG"), "w"); return f; }
#define LOG(...) (fprintf(log_file(), __VA_ARGS__), fflush(log_file()))
int aclInit(const char* c) { LOG("aclInit\n"); return 0; }
int aclFinalize(void) { LOG("aclFinalize\n"); return 0; }
int aclrtSetDevice(int d) { LOG("aclrtSetDevice %d\n", d); return 0; }
int aclrtResetDevice(int d) { return 0; }
int aclrtCreateStream(void** s) { *s = malloc(1); LOG("aclrtCreateStream\n"); return 0; }
int aclrtDestroyStream(void* s) { free(s); LOG("aclrtDestroyStream\n"); return 0; }
int aclrtSynchronizeStream(void* s) { LOG("aclrtSynchronizeStream\n"); return 0; }
int aclrtMalloc(void** p, size_t n, int policy) { *p = malloc(n); LOG("aclrtMalloc %zu\n", n); return 0; }
int aclrtFree(void* p) { free(p); LOG("aclrtFree\n"); return 0; }
int aclrtMemcpy(void* d, size_t max, const void* s, size_t n, int kind) { memcpy(d, s, n); LOG("aclrtMemcpy %zu %d\n", n, kind); return 0; }
"""

FAKE_BISHENG = """#!/bin/sh
# Fake bisheng: records its command line, then builds the host-side parts with the host
# compiler (device code cannot be built without CANN) plus a stub launch that doubles x.
echo "$@" > "$(dirname "$0")/bisheng.args"
out=""; prev=""; srcs=""; incs=""
for a in "$@"; do
  case "$prev" in -o) out="$a" ;; esac
  case "$a" in *host_impl.cpp|*tiling_abi.cpp) srcs="$srcs $a" ;; -I*) incs="$incs $a" ;; esac
  prev="$a"
done
cat > "$out.stub.cpp" <<'STUB'
#include <cstdint>
#include "tiling.h"
extern "C" int64_t AutofuseLaunch(uint32_t, void*, void* x, void* y, void* z, void*, AutofuseTilingData* t) {
  for (int64_t i = 0; i < t->n; ++i) static_cast<float*>(z)[i] = static_cast<float*>(x)[i] * 2;
  return 0;
}
STUB
exec g++ -std=c++17 -shared -fPIC $incs $srcs "$out.stub.cpp" -o "$out"
"""


@pytest.fixture
def fake_cann(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "cann"
    bindir = home / "compiler" / "ccec_compiler" / "bin"
    bindir.mkdir(parents=True)
    (home / "lib64").mkdir()
    bisheng = bindir / "bisheng"
    bisheng.write_text(FAKE_BISHENG)
    bisheng.chmod(bisheng.stat().st_mode | stat.S_IEXEC)
    (tmp_path / "acl.c").write_text(FAKE_ACL)
    subprocess.run(
        ["gcc", "-shared", "-fPIC", str(tmp_path / "acl.c"), "-o", str(home / "lib64" / "libascendcl.so")],
        check=True,
    )
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FAKE_ACL_LOG", str(tmp_path / "acl.log"))
    return home


def test_missing_cann_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    with pytest.raises(ToolchainNotFoundError, match="set ASCEND_HOME_PATH"):
        compile_kernel(*handwritten(), target="npu")
    monkeypatch.setenv("ASCEND_HOME_PATH", "/nonexistent/cann")
    with pytest.raises(ToolchainNotFoundError, match="is not a directory"):
        npu_toolchain()


def test_npu_command_line_and_acl_driver(fake_cann: Path) -> None:
    kernel = compile_kernel(*handwritten(), target="npu", name="npu_vadd")
    assert isinstance(kernel, NpuKernel)
    args = (fake_cann / "compiler" / "ccec_compiler" / "bin" / "bisheng.args").read_text().split()
    assert args[:2] == ["-x", "asc"] and "--npu-arch=dav-3510" in args and "-std=c++17" in args
    assert any(a.endswith("device_impl.cpp") for a in args), (
        "the real device_impl.cpp goes to bisheng, unrewritten"
    )
    assert f"-L{fake_cann / 'lib64'}" in args and "-lascendcl" in args
    x = np.arange(10, dtype=np.float32)
    z = np.zeros(10, np.float32)
    result = kernel.run([x, x.copy(), z], [10], core_num=2)
    np.testing.assert_array_equal(z, 2 * x)  # copied to the device, launched, copied back
    log = Path(os.environ["FAKE_ACL_LOG"]).read_text().splitlines()
    assert log[:3] == ["aclInit", "aclrtSetDevice 0", "aclrtCreateStream"]
    assert log.count("aclrtMemcpy 40 1") == 3 and log.count("aclrtMemcpy 40 2") == 3
    assert "aclrtSynchronizeStream" in log and log[-1] == "aclrtDestroyStream"
    assert result.block_dim == 2


def test_acl_signatures_are_declared(fake_cann: Path) -> None:
    lib = load_acl()
    for name, (restype, argtypes) in ACL_SIGNATURES.items():
        fn = getattr(lib, name)
        assert fn.restype is restype and fn.argtypes == argtypes, name
    assert ACL_SIGNATURES["aclrtMemcpy"][1][-1] is ctypes.c_int


def test_auto_target_prefers_npu_only_with_cann(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    kernel = compile_kernel(*handwritten(), target="auto", name="handwritten_vadd")
    assert kernel.target == "sim"
