"""A built kernel module: ctypes binding of ``AutofuseTiling`` / ``AutofuseLaunch``.

``run(args, sizes)`` evaluates host tiling, then launches with numpy arrays (in
``AutofuseLaunch`` order, written in place). On the simulator every array is registered
as a GM buffer so that any out-of-bounds access is reported, not performed.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from numbers import Integral
from pathlib import Path
from typing import Any

import numpy as np

from ascir_dialect.diagnostics import AscirArgumentError
from ascir_dialect.frontend.platform import check_core_num, check_ub_size
from ascir_dialect.numbers import INT64_MAX
from runtime.errors import KernelRuntimeError, SimulatorError, SizeCheckError, TilingError

STAT_FIELDS = (
    "gm_read_bytes",
    "gm_write_bytes",
    "dma_calls",
    "vector_instructions",
    "scalar_get_value",
    "scalar_set_value",
    "peak_ub_bytes",
    "blocks",
    "simt_threads",
    "vf_calls",
    "ub_read_bytes",
    "ub_write_bytes",
    "launches",
    "simt_gm_bytes",
    "simt_transactions",
    "dcache_miss_lines",
)

TILING_ERRORS = {
    1: "no tiling fits the unified buffer (ub_size too small for the smallest tile)",
    2: "a size is out of range (sizes must be >= 1)",
    3: "no template case is applicable to these shapes",
    4: "workspace need exceeds the 32-bit workspace size",
}


FIRST_CHECK_CODE = 100
"""Codes from here on are host arithmetic checks with their own message
(``ascendc_emitter.builder.HostBuilder``); below, the classes of :data:`TILING_ERRORS`."""

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{(\d+)\}")


def format_tiling_message(text: str, sizes: Sequence[int]) -> str:
    """A host tiling message with its ``{k}`` placeholders replaced by size argument ``k``
    (``{{``/``}}`` are literal braces)."""

    def value(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return m.group(0)[0]
        k = int(m.group(1))
        return str(int(sizes[k])) if k < len(sizes) else m.group(0)

    return _PLACEHOLDER.sub(value, text)


def tiling_error(lib: ctypes.CDLL, name: str, code: int, sizes: Sequence[int]) -> TilingError:
    """The error for ``AutofuseTiling``'s return ``code``: a check's own message (the
    library's ``AutofuseTilingError`` table) or the meaning of the code's class."""
    message = None
    try:
        table = lib.AutofuseTilingError
    except AttributeError:  # a module built before the table existed
        table = None
    if table is not None:
        table.restype = ctypes.c_char_p
        table.argtypes = [ctypes.c_int64]
        raw = table(code)
        message = format_tiling_message(raw.decode(errors="replace"), sizes) if raw else None
    if message is not None and code >= FIRST_CHECK_CODE:
        return SizeCheckError(name, code, message)
    meaning = TILING_ERRORS.get(code, "see the kernel's host_impl.cpp")
    return TilingError(name, code, f"{meaning} ({message})" if message and message != meaning else meaning)


class _Stats(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint64) for name in STAT_FIELDS]


@dataclass
class BlockStats:
    """The counters of one block (one core) of one launch."""

    launch: int
    block: int
    stats: dict[str, int]


@dataclass
class RunResult:
    block_dim: int
    tiling_key: int
    workspace_size: int
    stats: dict[str, int] = field(default_factory=dict)
    blocks: list[BlockStats] = field(default_factory=list)


class CompiledKernel:
    """A kernel module loaded with ctypes (simulator build)."""

    def __init__(self, library: Path, name: str, build_dir: Path):
        self.name = name
        self.build_dir = build_dir
        self.library = library
        self._lib = ctypes.CDLL(str(library))
        lib = self._lib
        lib.ascsim_last_error.restype = ctypes.c_char_p
        lib.ascsim_register_gm.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_char_p]
        lib.ascsim_reset.argtypes = [ctypes.c_uint64]
        lib.ascsim_get_stats.argtypes = [ctypes.POINTER(_Stats)]
        lib.ascsim_block_count.restype = ctypes.c_uint64
        lib.ascsim_get_block.argtypes = [
            ctypes.c_uint64,
            ctypes.POINTER(ctypes.c_uint32),
            ctypes.POINTER(ctypes.c_uint32),
            ctypes.POINTER(_Stats),
        ]
        self.target = "sim"

    def run(
        self,
        args: Sequence[np.ndarray],
        sizes: Sequence[int] = (),
        core_num: int = 1,
        ub_size: int = 248 * 1024,
    ) -> RunResult:
        arrays = [_check_array(i, a) for i, a in enumerate(args)]
        core_num, ub_size = check_core_num(core_num), check_ub_size(ub_size)
        lib = self._lib
        tiling, workspace_size, block_dim, tiling_key = call_tiling(lib, self.name, sizes, core_num, ub_size)
        workspace = np.zeros(max(workspace_size, 32), dtype=np.uint8)
        lib.ascsim_reset(ctypes.c_uint64(ub_size))
        for i, a in enumerate(arrays):
            lib.ascsim_register_gm(a.ctypes.data, a.nbytes, f"arg{i}".encode())
        lib.ascsim_register_gm(workspace.ctypes.data, workspace.nbytes, b"workspace")
        launch = lib.AutofuseLaunch
        launch.restype = ctypes.c_int64
        launch.argtypes = [ctypes.c_uint32, ctypes.c_void_p] + [ctypes.c_void_p] * (len(arrays) + 2)
        rc = launch(block_dim, None, *[a.ctypes.data for a in arrays], workspace.ctypes.data, tiling)
        error = lib.ascsim_last_error()
        if error:
            raise SimulatorError(self.name, error.decode(errors="replace"))
        if rc != 0:
            raise KernelRuntimeError(f"kernel {self.name}: AutofuseLaunch returned {rc}")
        stats = _Stats()
        lib.ascsim_get_stats(ctypes.byref(stats))
        return RunResult(
            block_dim=block_dim,
            tiling_key=tiling_key,
            workspace_size=workspace_size,
            stats=_as_dict(stats),
            blocks=self._block_stats(),
        )

    def _block_stats(self) -> list[BlockStats]:
        lib = self._lib
        out = []
        launch, block, stats = ctypes.c_uint32(0), ctypes.c_uint32(0), _Stats()
        for i in range(int(lib.ascsim_block_count())):
            lib.ascsim_get_block(ctypes.c_uint64(i), ctypes.byref(launch), ctypes.byref(block), ctypes.byref(stats))
            out.append(BlockStats(launch.value, block.value, _as_dict(stats)))
        return out


def _as_dict(stats: _Stats) -> dict[str, int]:
    return {name: int(getattr(stats, name)) for name in STAT_FIELDS}


def call_tiling(
    lib: ctypes.CDLL, name: str, sizes: Sequence[int], core_num: int, ub_size: int
) -> tuple[ctypes.Array, int, int, int]:
    """Run ``AutofuseTiling``: (tiling struct bytes, workspace_size, block_dim, tiling_key).
    ``core_num`` and ``ub_size`` are checked against the platform's limits first: they reach
    C as ``uint32_t``, which would silently reduce a larger value modulo 2**32."""
    core_num, ub_size = check_core_num(core_num), check_ub_size(ub_size)
    for i, size in enumerate(sizes):
        if isinstance(size, bool) or not isinstance(size, Integral) or not -(2**63) <= size <= INT64_MAX:
            raise AscirArgumentError(f"kernel {name}: size argument {i} must be an int64, got {size!r}")
    lib.autofuse_tiling_size.restype = ctypes.c_uint64
    lib.autofuse_tiling_key_offset.restype = ctypes.c_uint64
    tiling = ctypes.create_string_buffer(int(lib.autofuse_tiling_size()))
    workspace_size, block_dim = ctypes.c_uint32(0), ctypes.c_uint32(0)
    fn = lib.AutofuseTiling
    fn.restype = ctypes.c_int64
    fn.argtypes = [ctypes.c_int64] * len(sizes) + [
        ctypes.c_void_p,
        ctypes.POINTER(ctypes.c_uint32),
        ctypes.POINTER(ctypes.c_uint32),
        ctypes.c_uint32,
        ctypes.c_uint32,
    ]
    code = int(fn(*[int(s) for s in sizes], tiling, workspace_size, block_dim, core_num, ub_size))
    if code != 0:
        raise tiling_error(lib, name, code, sizes)
    if block_dim.value < 1:
        raise KernelRuntimeError(f"kernel {name}: AutofuseTiling chose block_dim 0")
    offset = int(lib.autofuse_tiling_key_offset())
    key = int.from_bytes(tiling.raw[offset : offset + 4], "little")
    return tiling, int(workspace_size.value), int(block_dim.value), key


def _check_array(index: int, a: Any) -> np.ndarray:
    if not isinstance(a, np.ndarray):
        raise TypeError(f"argument {index} must be a numpy array, got {type(a).__name__}")
    if not a.flags.c_contiguous:
        raise ValueError(
            f"argument {index} is not C-contiguous; pass np.ascontiguousarray(arg) (kernels "
            "write their outputs in place)"
        )
    if not a.flags.writeable:
        raise ValueError(f"argument {index} is read-only; kernels need writable buffers")
    return a
