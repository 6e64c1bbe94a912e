"""The ``npu`` target: a bisheng-built kernel module driven through ACL with ctypes.

No Ascend device or CANN toolkit exists where this project is developed, so this path is
exercised only by tests against a fake toolchain (command lines, ctypes signatures) and
is documented as untested on a device.

ACL is process-wide state: ``aclInit`` may be called once per process (a second call
fails with ACL_ERROR_REPEAT_INITIALIZE) and ``aclFinalize`` once before exit. The first
run initialises ACL and sets device 0 (:func:`acl_session`); an ``atexit`` hook resets
the device and finalises ACL. When ACL was initialised by someone else in the process
(``aclInit`` says ACL_ERROR_REPEAT_INITIALIZE), it is theirs to finalise.
"""

from __future__ import annotations

import atexit
import ctypes
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from runtime.errors import KernelRuntimeError, ToolchainNotFoundError
from runtime.kernel import RunResult, _check_array, call_tiling
from runtime.toolchain import cann_home

ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEVICE_TO_HOST = 2
ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_SUCCESS = 0
ACL_ERROR_REPEAT_INITIALIZE = 100002
"""aclInit's answer when ACL is already initialised in the process (acl_base.h)."""
DEVICE_ID = 0

# name -> (restype, argtypes) of the ACL runtime functions we call.
ACL_SIGNATURES: dict[str, tuple[object, list[object]]] = {
    "aclInit": (ctypes.c_int, [ctypes.c_char_p]),
    "aclFinalize": (ctypes.c_int, []),
    "aclrtSetDevice": (ctypes.c_int, [ctypes.c_int32]),
    "aclrtResetDevice": (ctypes.c_int, [ctypes.c_int32]),
    "aclrtCreateStream": (ctypes.c_int, [ctypes.POINTER(ctypes.c_void_p)]),
    "aclrtDestroyStream": (ctypes.c_int, [ctypes.c_void_p]),
    "aclrtSynchronizeStream": (ctypes.c_int, [ctypes.c_void_p]),
    "aclrtMalloc": (ctypes.c_int, [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_int]),
    "aclrtFree": (ctypes.c_int, [ctypes.c_void_p]),
    "aclrtMemcpy": (
        ctypes.c_int,
        [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int],
    ),
}


def load_acl(path: Path | None = None) -> ctypes.CDLL:
    """Load ``libascendcl.so`` and declare the signatures of the functions we use."""
    lib_path = path or cann_home() / "lib64" / "libascendcl.so"
    if not Path(lib_path).is_file():
        raise ToolchainNotFoundError(f"libascendcl.so not found at {lib_path}")
    lib = ctypes.CDLL(str(lib_path))
    for name, (restype, argtypes) in ACL_SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


_session_lock = threading.Lock()
_sessions: dict[str, bool] = {}
"""ACL libraries (by path) this process has initialised -> whether it finalises them."""


def _finalize(acl: ctypes.CDLL, owned: bool) -> None:
    """At exit: release device 0, and finalise ACL if this process initialised it."""
    acl.aclrtResetDevice(DEVICE_ID)
    if owned:
        acl.aclFinalize()


def acl_session(acl: ctypes.CDLL) -> None:
    """Initialise ACL and set device 0 once per process and ACL library; register the
    exit hook that undoes it (:func:`_finalize`)."""
    key = str(getattr(acl, "_name", id(acl)))
    with _session_lock:
        if key in _sessions:
            return
        rc = acl.aclInit(None)
        if rc not in (ACL_SUCCESS, ACL_ERROR_REPEAT_INITIALIZE):
            raise KernelRuntimeError(f"aclInit failed with ACL error {rc}")
        owned = rc == ACL_SUCCESS
        rc = acl.aclrtSetDevice(DEVICE_ID)
        if rc != ACL_SUCCESS:
            if owned:
                acl.aclFinalize()
            raise KernelRuntimeError(f"aclrtSetDevice({DEVICE_ID}) failed with ACL error {rc}")
        _sessions[key] = owned
        atexit.register(_finalize, acl, owned)


class NpuKernel:
    """A bisheng-built kernel module launched on device 0 through ACL."""

    target = "npu"

    def __init__(self, library: Path, name: str, build_dir: Path, acl: ctypes.CDLL | None = None):
        self.name, self.library, self.build_dir = name, library, build_dir
        self._lib = ctypes.CDLL(str(library))
        self._acl = acl or load_acl()

    def _check(self, what: str, rc: int) -> None:
        if rc != 0:
            raise KernelRuntimeError(f"kernel {self.name}: {what} failed with ACL error {rc}")

    def run(
        self,
        args: Sequence[np.ndarray],
        sizes: Sequence[int] = (),
        core_num: int = 1,
        ub_size: int = 248 * 1024,
    ) -> RunResult:
        arrays = [_check_array(i, a) for i, a in enumerate(args)]
        acl = self._acl
        tiling, workspace_size, block_dim, tiling_key = call_tiling(
            self._lib, self.name, sizes, core_num, ub_size
        )
        acl_session(acl)
        stream = ctypes.c_void_p()
        self._check("aclrtCreateStream", acl.aclrtCreateStream(ctypes.byref(stream)))
        device: list[ctypes.c_void_p] = []
        try:
            for a in [*arrays, np.zeros(max(workspace_size, 32), np.uint8)]:
                p = ctypes.c_void_p()
                self._check(
                    "aclrtMalloc", acl.aclrtMalloc(ctypes.byref(p), a.nbytes, ACL_MEM_MALLOC_HUGE_FIRST)
                )
                device.append(p)
                self._check(
                    "aclrtMemcpy",
                    acl.aclrtMemcpy(p, a.nbytes, a.ctypes.data, a.nbytes, ACL_MEMCPY_HOST_TO_DEVICE),
                )
            launch = self._lib.AutofuseLaunch
            launch.restype = ctypes.c_int64
            launch.argtypes = [ctypes.c_uint32, ctypes.c_void_p] + [ctypes.c_void_p] * (len(arrays) + 2)
            self._check("AutofuseLaunch", int(launch(block_dim, stream, *device, tiling)))
            self._check("aclrtSynchronizeStream", acl.aclrtSynchronizeStream(stream))
            for a, p in zip(arrays, device, strict=False):
                self._check(
                    "aclrtMemcpy",
                    acl.aclrtMemcpy(a.ctypes.data, a.nbytes, p, a.nbytes, ACL_MEMCPY_DEVICE_TO_HOST),
                )
        finally:
            for p in device:
                acl.aclrtFree(p)
            acl.aclrtDestroyStream(stream)
        return RunResult(block_dim, tiling_key, workspace_size, {})
