"""The NPU target against a fake CANN toolchain: bisheng found where the devkit's CMake looks
for it, the build's command lines those of the devkit's CMake rules (mirror-cann/asc-devkit
cmake/asc/asc_modules/: CMakeDetermineASCCompiler.cmake, CMakeASCInformation.cmake,
FindASC.cmake), the ctypes signatures of ACL, and ACL initialised once per process and
finalised once at exit. No device exists here: the fake bisheng builds a host stub in
place of the device code, the fake ACL copies host memory and logs every call."""

from __future__ import annotations

import ctypes
import os
import platform
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from runtime import ToolchainNotFoundError, compile_kernel
from runtime.npu import ACL_ERROR_REPEAT_INITIALIZE, ACL_SIGNATURES, NpuKernel, load_acl
from runtime.toolchain import EMITTER_INCLUDE, TILING_ABI_SOURCE, bisheng_candidates, npu_toolchain

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "kernels"
LINUX = f"{'x86_64' if platform.machine() == 'x86_64' else 'aarch64'}-linux"

FINDASC_LIBRARIES = [
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
]
"""FindASC.cmake library_interface_setup, written out here to compare against."""


def handwritten() -> tuple[str, str, str]:
    return tuple((HERE / f"vadd_{n}").read_text() for n in ("tiling.h", "host_impl.cpp", "device_impl.cpp"))  # type: ignore[return-value]


FAKE_ACL = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static FILE* log_file(void) {
  static FILE* f;
  if (!f && getenv("FAKE_ACL_LOG")) f = fopen(getenv("FAKE_ACL_LOG"), "a");
  return f;
}
#define LOG(...) do { FILE* f_ = log_file(); if (f_) { fprintf(f_, __VA_ARGS__); fflush(f_); } } while (0)
static int initialised = 0;
/* as ACL: a second aclInit in one process fails with ACL_ERROR_REPEAT_INITIALIZE (100002);
   FAKE_ACL_PREINIT=1 stands for a framework that initialised ACL before us */
int aclInit(const char* c) {
  LOG("aclInit\n");
  if (initialised || getenv("FAKE_ACL_PREINIT")) return 100002;
  initialised = 1;
  return 0;
}
int aclFinalize(void) { LOG("aclFinalize\n"); initialised = 0; return 0; }
int aclrtSetDevice(int d) { LOG("aclrtSetDevice %d\n", d); return initialised || getenv("FAKE_ACL_PREINIT") ? 0 : 107002; }
int aclrtResetDevice(int d) { LOG("aclrtResetDevice %d\n", d); return 0; }
int aclrtCreateStream(void** s) { *s = malloc(1); LOG("aclrtCreateStream\n"); return 0; }
int aclrtDestroyStream(void* s) { free(s); LOG("aclrtDestroyStream\n"); return 0; }
int aclrtSynchronizeStream(void* s) { LOG("aclrtSynchronizeStream\n"); return 0; }
int aclrtMalloc(void** p, size_t n, int policy) { *p = malloc(n); LOG("aclrtMalloc %zu\n", n); return 0; }
int aclrtFree(void* p) { free(p); LOG("aclrtFree\n"); return 0; }
int aclrtMemcpy(void* d, size_t max, const void* s, size_t n, int kind) { memcpy(d, s, n); LOG("aclrtMemcpy %zu %d\n", n, kind); return 0; }
"""

FAKE_BISHENG = """#!/bin/sh
# Fake bisheng: appends its command line to bisheng.log beside it. A device compile
# (-c --asc-aicore-lang SRC) builds, in place of the device code, a host stub of
# AutofuseLaunch that doubles x; a link is done by the host compiler, with the libraries
# the command names (the fake CANN's lib64 holds empty stand-ins for them).
echo "$@" >> "$(dirname "$0")/bisheng.log"
out=""; prev=""; device=0; incs=""; rest=""
for a in "$@"; do
  case "$prev" in -o) out="$a"; prev="$a"; continue ;; esac
  case "$a" in
    --asc-aicore-lang) device=1 ;;
    --npu-arch=*|-o) ;;
    -I*) incs="$incs $a" ;;
    *) rest="$rest $a" ;;
  esac
  prev="$a"
done
[ -n "$out" ] || { echo "fake bisheng: no -o output" >&2; exit 2; }
if [ $device = 1 ]; then
  cat > "$out.stub.cpp" <<'STUB'
#include <cstdint>
#include "tiling.h"
extern "C" int64_t AutofuseLaunch(uint32_t, void*, void* x, void* y, void* z, void*, AutofuseTilingData* t) {
  for (int64_t i = 0; i < t->n; ++i) static_cast<float*>(z)[i] = static_cast<float*>(x)[i] * 2;
  return 0;
}
STUB
  exec g++ -std=c++17 -fPIC $incs -c "$out.stub.cpp" -o "$out"
fi
exec g++ $rest -o "$out"
"""


def make_fake_cann(home: Path, acl_source: Path) -> Path:
    """A CANN tree: bisheng where CMakeDetermineASCCompiler.cmake looks first under
    ASCEND_HOME_PATH, the fake libascendcl.so and empty libraries for the rest of the
    link line in lib64."""
    bindir = home / LINUX / "ccec_compiler" / "bin"
    bindir.mkdir(parents=True)
    (home / "lib64").mkdir()
    bisheng = bindir / "bisheng"
    bisheng.write_text(FAKE_BISHENG)
    bisheng.chmod(bisheng.stat().st_mode | stat.S_IEXEC)
    acl_source.write_text(FAKE_ACL)
    lib64 = home / "lib64"
    subprocess.run(
        ["gcc", "-shared", "-fPIC", str(acl_source), "-o", str(lib64 / "libascendcl.so")], check=True
    )
    empty = acl_source.with_name("empty.c")
    empty.write_text("")
    for lib in FINDASC_LIBRARIES:
        if lib not in ("ascendcl", "dl") and not (lib64 / f"lib{lib}.so").exists():
            subprocess.run(
                ["gcc", "-shared", "-fPIC", str(empty), "-o", str(lib64 / f"lib{lib}.so")], check=True
            )
    return home


@pytest.fixture
def fake_cann(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = make_fake_cann(tmp_path / "cann", tmp_path / "acl.c")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FAKE_ACL_LOG", str(tmp_path / "acl.log"))
    return home


def bisheng_log(home: Path) -> list[list[str]]:
    return [
        line.split()
        for line in (home / LINUX / "ccec_compiler" / "bin" / "bisheng.log").read_text().splitlines()
    ]


def test_missing_cann_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    with pytest.raises(ToolchainNotFoundError, match="set ASCEND_HOME_PATH"):
        compile_kernel(*handwritten(), target="npu")
    monkeypatch.setenv("ASCEND_HOME_PATH", "/nonexistent/cann")
    with pytest.raises(ToolchainNotFoundError, match="is not a directory"):
        npu_toolchain()
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(ToolchainNotFoundError, match=f"bisheng not found.*{LINUX}/ccec_compiler/bin"):
        npu_toolchain()


def test_bisheng_is_searched_as_cmake_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """find_program: the PATH environment, then <home>/<arch>-linux/ccec_compiler/bin/, then
    <home>; then (ours) the older compiler/ccec_compiler/bin."""
    home = tmp_path / "cann"
    on_path = tmp_path / "on_path"
    places = [
        on_path,
        home / LINUX / "ccec_compiler" / "bin",
        home,
        home / "compiler" / "ccec_compiler" / "bin",
    ]
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    monkeypatch.setenv("PATH", f"{on_path}{os.pathsep}{os.environ['PATH']}")
    for place in places:
        place.mkdir(parents=True, exist_ok=True)
    assert [c.parent for c in bisheng_candidates(home)][-3:] == places[1:]
    assert bisheng_candidates(home)[0].parent == on_path
    for place in reversed(places):  # each place found when it and no earlier one holds bisheng
        fake = place / "bisheng"
        fake.write_text("#!/bin/sh\necho bisheng-fake\n")
        fake.chmod(0o755)
        assert npu_toolchain().compiler == str(fake)


def test_npu_command_lines_follow_the_devkit_cmake(fake_cann: Path) -> None:
    kernel = compile_kernel(*handwritten(), target="npu", name="npu_vadd")
    assert isinstance(kernel, NpuKernel)
    work = kernel.build_dir
    commands = [c.split() for c in (work / "build_command.txt").read_text().splitlines()]
    assert len(commands) == 4
    device, host, tiling, link = commands
    linux = fake_cann / LINUX
    bisheng = str(linux / "ccec_compiler" / "bin" / "bisheng")
    # CMAKE_ASC_COMPILE_OBJECT: <INCLUDES> -std=c++17 <FLAGS> -o <OBJECT> -c --asc-aicore-lang <SOURCE>
    # (the build ran in a temporary directory renamed to the entry: compare by file name)
    assert device[0] == bisheng
    assert device[1:5] == [
        f"-I{device[1][2:]}",
        f"-I{linux / 'include'}",
        f"-I{linux / 'tikcpp' / 'tikcfw'}",
        f"-I{EMITTER_INCLUDE}",
    ]
    assert device[5:10] == ["-std=c++17", "--npu-arch=dav-3510", "-O3", "-DNDEBUG", "-fPIC"]
    assert device[10] == "-o" and device[11].endswith("/device_impl.o")
    assert device[12:] == ["-c", "--asc-aicore-lang", device[12 + 2]] and device[-1].endswith(
        "/device_impl.cpp"
    )
    # host sources: the C++ compiler, -c, one object each
    for cmd, source in ((host, "host_impl.cpp"), (tiling, str(TILING_ABI_SOURCE))):
        assert cmd[0] == os.environ.get("CXX", "c++")
        assert "-std=c++17" in cmd and "-fPIC" in cmd and "-O3" in cmd and "--npu-arch=dav-3510" not in cmd
        assert cmd[-2] == "-c" and cmd[-1].endswith(source)
    # CMAKE_ASC_CREATE_SHARED_LIBRARY with FindASC.cmake's link directory and libraries
    assert link[0] == bisheng and "-shared" in link and "-Wl,-soname,kernel_module.so" in link
    assert f"-L{fake_cann / 'lib64'}" in link
    assert [a[2:] for a in link if a.startswith("-l")] == FINDASC_LIBRARIES
    objects = [a for a in link if a.endswith(".o")]
    assert [Path(o).name for o in objects] == ["device_impl.o", "host_impl.o", "tiling_abi.o"]
    assert link.index(objects[-1]) < min(link.index(f"-l{lib}") for lib in FINDASC_LIBRARIES)
    # besides its --version (the toolchain's identity), bisheng ran the device compile and the link
    log = [c for c in bisheng_log(fake_cann) if c != ["--version"]]
    assert len(log) == 2 and log[0][-1].endswith("device_impl.cpp")
    assert log[1][-len(FINDASC_LIBRARIES) :] == [f"-l{lib}" for lib in FINDASC_LIBRARIES]


def test_acl_driver_runs_and_copies(fake_cann: Path) -> None:
    kernel = compile_kernel(*handwritten(), target="npu", name="npu_vadd")
    x = np.arange(10, dtype=np.float32)
    z = np.zeros(10, np.float32)
    result = kernel.run([x, x.copy(), z], [10], core_num=2)
    np.testing.assert_array_equal(z, 2 * x)  # copied to the device, launched, copied back
    log = Path(os.environ["FAKE_ACL_LOG"]).read_text().splitlines()
    assert log[:3] == ["aclInit", "aclrtSetDevice 0", "aclrtCreateStream"]
    assert log.count("aclrtMemcpy 40 1") == 3 and log.count("aclrtMemcpy 40 2") == 3
    assert "aclrtSynchronizeStream" in log and log[-1] == "aclrtDestroyStream"
    assert result.block_dim == 2


RUN_TWICE = textwrap.dedent(
    """
    import numpy as np
    from pathlib import Path
    from runtime import compile_kernel
    sources = [Path({here!r}, f"vadd_{{n}}").read_text() for n in ("tiling.h", "host_impl.cpp", "device_impl.cpp")]
    for n in (10, 7):
        kernel = compile_kernel(*sources, target="npu", name="npu_vadd")
        x = np.arange(n, dtype=np.float32)
        z = np.zeros(n, np.float32)
        kernel.run([x, x.copy(), z], [n], core_num=2)
        assert (z == 2 * x).all()
    print("ran twice")
    """
)


def run_in_fresh_process(extra_env: dict[str, str] | None = None) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(extra_env or {}))
    result = subprocess.run(
        [sys.executable, "-c", RUN_TWICE.format(here=str(HERE))],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0 and "ran twice" in result.stdout, result.stderr
    return Path(env["FAKE_ACL_LOG"]).read_text().splitlines()


def test_acl_initialised_once_and_finalised_at_exit(fake_cann: Path) -> None:
    """Two runs in one process: one aclInit (a second would fail with
    ACL_ERROR_REPEAT_INITIALIZE), one aclrtSetDevice, and at exit the device reset and one
    aclFinalize, last."""
    log = run_in_fresh_process()
    assert log.count("aclInit") == 1 and log.count("aclrtSetDevice 0") == 1
    assert log.count("aclrtCreateStream") == 2 and log.count("aclrtDestroyStream") == 2
    assert log[-2:] == ["aclrtResetDevice 0", "aclFinalize"] and log.count("aclFinalize") == 1


def test_acl_initialised_by_another_is_not_finalised(fake_cann: Path) -> None:
    """aclInit answering ACL_ERROR_REPEAT_INITIALIZE: ACL is someone else's to finalise."""
    assert ACL_ERROR_REPEAT_INITIALIZE == 100002
    log = run_in_fresh_process({"FAKE_ACL_PREINIT": "1"})
    assert log.count("aclInit") == 1 and log.count("aclrtCreateStream") == 2
    assert "aclFinalize" not in log and log[-1] == "aclrtResetDevice 0"


def test_acl_signatures_are_declared(fake_cann: Path) -> None:
    lib = load_acl()
    for name, (restype, argtypes) in ACL_SIGNATURES.items():
        fn = getattr(lib, name)
        assert fn.restype is restype and fn.argtypes == argtypes, name
    assert ACL_SIGNATURES["aclrtMemcpy"][1][-1] is ctypes.c_int
    assert ACL_SIGNATURES["aclInit"] == (ctypes.c_int, [ctypes.c_char_p])
    assert ACL_SIGNATURES["aclFinalize"] == (ctypes.c_int, [])
    assert ACL_SIGNATURES["aclrtResetDevice"] == (ctypes.c_int, [ctypes.c_int32])


def test_auto_target_prefers_npu_only_with_cann(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    kernel = compile_kernel(*handwritten(), target="auto", name="handwritten_vadd")
    assert kernel.target == "sim"
