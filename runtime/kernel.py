"""A built kernel module: ctypes binding of ``AutofuseTiling`` / ``AutofuseLaunch``.

``run(args, sizes)`` evaluates host tiling, then launches with numpy arrays (in
``AutofuseLaunch`` order, written in place). On the simulator every array is registered
as a GM buffer so that any out-of-bounds access is reported, not performed.
"""

from __future__ import annotations

import ctypes
import heapq
import json
import math
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Integral
from pathlib import Path
from typing import Any

import numpy as np

from ascir_dialect.diagnostics import AscirArgumentError
from ascir_dialect.frontend.platform import check_core_num, check_ub_size
from ascir_dialect.numbers import INT64_MAX
from ascir_dialect.safe_io import write_atomic
from runtime.errors import KernelRuntimeError, SimulatorError, SizeCheckError, TilingError

WORKSPACE_FILL = 0xFF
"""Every byte of a launch's workspace before the kernel runs. A device's workspace is not
cleared between launches, so a kernel must write what it reads there; 0xFF makes a read of
bytes this launch did not write visible (NaN as a float, -1 as an integer, an index out of
range) instead of a zero that could pass for a result."""

SPARE_WORKSPACE_MAX = 1 << 30
"""The largest workspace (bytes) the process keeps for the next launch."""


class _WorkspacePool:
    """One spare workspace buffer per process, taken by the next launch it is large enough
    for: an SK-like kernel's workspace is as large as its gathered tensor (268 MB for a
    67 M-element embedding), and fresh memory costs the first touch of every page on each
    call (about 0.5 s there). A buffer in use is never shared: a launch takes the spare or
    allocates, and gives back the larger of the two."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._spare: np.ndarray | None = None

    def take(self, nbytes: int) -> np.ndarray:
        with self._lock:
            buf = self._spare
            if buf is not None and buf.nbytes >= nbytes:
                self._spare = None
            else:
                buf = None
        if buf is None:
            buf = np.empty(nbytes, dtype=np.uint8)
        buf[:nbytes].fill(WORKSPACE_FILL)
        return buf

    def give(self, buf: np.ndarray) -> None:
        if buf.nbytes > SPARE_WORKSPACE_MAX:
            return
        with self._lock:
            if self._spare is None or buf.nbytes > self._spare.nbytes:
                self._spare = buf


_WORKSPACES = _WorkspacePool()


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


PIPES = ("PIPE_S", "PIPE_V", "PIPE_MTE2", "PIPE_MTE3")
"""The pipes of a vector core the simulator's timeline models (ascsim/trace.h)."""

COST_NAMES = (
    "clock_hz",
    "hbm_bytes_per_second",
    "vector_cores",
    "l2_bytes",
    "l2_bytes_per_second",
    "load_a",
    "load_b",
    "load_h",
    "load_small_a",
    "load_small_b",
    "load_small_h",
    "load_small_elements",
    "load_stride_k",
    "store_a",
    "store_b",
    "store_h",
    "store_stride_k",
    "stride_cap_bytes",
    "cache_line_bytes",
    "mte2_head",
    "mte2_head_small",
    "mte2_head_small_bytes",
    "mte3_head",
    "vf_head",
    "ub_bytes_per_cycle",
    "simt_request",
    "simt_core_bytes_per_cycle",
    "dcache_line",
    "scalar",
    "flag",
    "barrier",
    "launch_seconds",
    "launch_seconds_per_block",
)
"""The timeline's cost table (``ascsim::CostTable`` in ascsim/trace.h, its defaults the 950's
from ``ascendc_emitter.target.costs``, where every number's source is written down);
``run(costs=...)`` overrides any of them."""
RATES = ("clock_hz", "hbm_bytes_per_second", "vector_cores", "l2_bytes_per_second", "ub_bytes_per_cycle", "simt_core_bytes_per_cycle")
"""Costs that divide: they must be > 0."""


@dataclass
class Slice:
    """One instruction of the timeline (kept only when ``run(trace=...)`` asks for it)."""

    api: str
    index: int
    pipe: str
    start: int
    finish: int
    line: int = 0


@dataclass
class BlockTimeline:
    """One block (core) of one launch: its critical path, per-pipe busy cycles and GM bytes."""

    launch: int
    block: int
    cycles: int
    busy: dict[str, int]
    instructions: int
    slices: list[Slice] = field(default_factory=list)
    gm_bytes: int = 0


@dataclass
class LaunchTimeline:
    """One launch: as long as its busiest core (``core_cycles``: its blocks one after another
    when there are more blocks than cores) and no shorter than the
    chip's shared bandwidths allow -- its GM footprint over HBM when the footprint fits L2
    (what it touches again is then served by L2), else every byte over HBM (``hbm_cycles``),
    and every byte over L2 (``l2_cycles``). ``bound`` names the largest."""

    launch: int
    blocks: int
    core_cycles: int
    gm_bytes: int
    footprint_bytes: int
    hbm_cycles: int
    l2_cycles: int

    @property
    def cycles(self) -> int:
        return max(self.core_cycles, self.hbm_cycles, self.l2_cycles)

    @property
    def bound(self) -> str:
        return max((self.core_cycles, "cores"), (self.hbm_cycles, "hbm"), (self.l2_cycles, "l2"))[1]


@dataclass
class Timeline:
    """The modelled time of a run (ascsim/trace.h): each instruction starts when its pipe is
    free, the scalar unit has issued it and everything it happens-after has finished.
    Launches run one after another, each as long as its busiest core: ``total_cycles`` is
    their sum (for one launch of at most ``vector_cores`` blocks: the slowest block's
    critical path). ``per_core_cycles`` sums each physical core's blocks over the launches; ``pipe_busy_cycles`` are the busy cycles of the
    slowest core; ``modelled_seconds`` adds the launch overheads."""

    total_cycles: int
    per_core_cycles: dict[int, int]
    pipe_busy_cycles: dict[str, int]
    modelled_seconds: float
    launches: int
    clock_hz: float
    blocks: list[BlockTimeline] = field(default_factory=list)
    launch_timelines: list[LaunchTimeline] = field(default_factory=list)

    @property
    def gm_bytes(self) -> int:
        """GM bytes moved by every launch (DataCopy, SIMT DCache lines, scalar accesses)."""
        return sum(lt.gm_bytes for lt in self.launch_timelines)

    @property
    def bound(self) -> str:
        """What bounds the run's longest launch: "cores", "hbm" or "l2"."""
        return max(self.launch_timelines, key=lambda lt: lt.cycles).bound if self.launch_timelines else "cores"

    def chrome_trace(self) -> dict[str, Any]:
        """The timeline in Chrome trace-event JSON (Perfetto, chrome://tracing): one process
        per core ("pid"), one thread per pipe ("tid"), one complete ("X") event per
        instruction, in microseconds; launches follow one another."""
        us = 1e6 / self.clock_hz
        events: list[dict[str, Any]] = []
        cores = sorted({b.block for b in self.blocks})
        for core in cores:
            events.append({"name": "process_name", "ph": "M", "pid": core, "tid": 0, "args": {"name": f"core {core}"}})
            for tid, pipe in enumerate(PIPES):
                events.append({"name": "thread_name", "ph": "M", "pid": core, "tid": tid, "args": {"name": pipe}})
                events.append(
                    {"name": "thread_sort_index", "ph": "M", "pid": core, "tid": tid, "args": {"sort_index": tid}}
                )
        launch_start: dict[int, int] = {}
        length = {lt.launch: lt.cycles for lt in self.launch_timelines}
        offset = 0
        for launch in sorted({b.launch for b in self.blocks}):
            launch_start[launch] = offset
            offset += length.get(launch, max(b.cycles for b in self.blocks if b.launch == launch))
        for b in self.blocks:
            base = launch_start[b.launch]
            for sl in b.slices:
                event: dict[str, Any] = {
                    "name": sl.api,
                    "ph": "X",
                    "pid": b.block,
                    "tid": PIPES.index(sl.pipe),
                    "ts": (base + sl.start) * us,
                    "dur": (sl.finish - sl.start) * us,
                    "args": {"instruction": sl.index, "launch": b.launch},
                }
                if sl.line:
                    event["args"]["line"] = sl.line
                events.append(event)
        return {"traceEvents": events, "displayTimeUnit": "ns"}

    def write_chrome_trace(self, path: str | Path) -> None:
        # replaced in one step: never written through a planted link, and calls from several
        # threads to one trace file leave one whole trace (the last), never an interleaving
        write_atomic(path, json.dumps(self.chrome_trace(), indent=None) + "\n")


@dataclass
class RunResult:
    block_dim: int
    tiling_key: int
    workspace_size: int
    stats: dict[str, int] = field(default_factory=dict)
    blocks: list[BlockStats] = field(default_factory=list)
    timeline: Timeline | None = None


class CompiledKernel:
    """A kernel module loaded with ctypes (simulator build)."""

    def __init__(self, library: Path, name: str, build_dir: Path):
        self.name = name
        self.build_dir = build_dir
        self.library = library
        self._lib = ctypes.CDLL(str(library))
        lib = self._lib
        lib.ascsim_last_error.restype = ctypes.c_char_p
        lib.ascsim_register_gm.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_int]
        lib.ascsim_reset.argtypes = [ctypes.c_uint64]
        lib.ascsim_release.argtypes = []
        lib.ascsim_release.restype = None
        lib.ascsim_get_stats.argtypes = [ctypes.POINTER(_Stats)]
        lib.ascsim_block_count.restype = ctypes.c_uint64
        lib.ascsim_get_block.argtypes = [
            ctypes.c_uint64,
            ctypes.POINTER(ctypes.c_uint32),
            ctypes.POINTER(ctypes.c_uint32),
            ctypes.POINTER(_Stats),
        ]
        lib.ascsim_set_cost.argtypes = [ctypes.c_char_p, ctypes.c_double]
        lib.ascsim_set_cost.restype = ctypes.c_int
        lib.ascsim_get_cost.argtypes = [ctypes.c_char_p]
        lib.ascsim_get_cost.restype = ctypes.c_double
        lib.ascsim_trace_config.argtypes = [ctypes.c_int]
        lib.ascsim_timeline_count.restype = ctypes.c_uint64
        lib.ascsim_get_timeline.argtypes = [ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)]
        lib.ascsim_launch_count.restype = ctypes.c_uint64
        lib.ascsim_get_launch.argtypes = [ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)]
        lib.ascsim_get_log.argtypes = [ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)]
        lib.ascsim_get_log.restype = ctypes.c_char_p
        self.target = "sim"

    def run(
        self,
        args: Sequence[np.ndarray],
        sizes: Sequence[int] = (),
        core_num: int = 1,
        ub_size: int = 248 * 1024,
        costs: Mapping[str, float] | None = None,
        trace: str | Path | None = None,
        inputs: int = 0,
        record: bool = True,
    ) -> RunResult:
        """``costs`` overrides entries of the timeline's cost table (:data:`COST_NAMES`) for
        this run; ``trace`` writes the timeline as Chrome trace-event JSON to that file (the
        per-instruction log is kept only then). The first ``inputs`` arrays are the kernel's
        inputs: the simulator registers them read-only (a kernel write to one is a fault), so
        they may be read-only arrays, handed over without a copy. ``record=False``: the
        result's per-block counters and timeline are not read back (a caller that only
        wants the outputs: the torch backend's calls); the totals always are."""
        if isinstance(inputs, bool) or not isinstance(inputs, Integral) or not 0 <= inputs <= len(args):
            raise AscirArgumentError(f"inputs= must be an int in [0, {len(args)}], got {inputs!r}")
        arrays = [_check_array(i, a, writable=i >= inputs) for i, a in enumerate(args)]
        core_num, ub_size = check_core_num(core_num), check_ub_size(ub_size)
        lib = self._lib
        saved = self._apply_costs(costs or {})
        try:
            result = self._run(arrays, sizes, core_num, ub_size, trace is not None, int(inputs), record or trace is not None)
        finally:
            for name, value in saved.items():
                lib.ascsim_set_cost(name.encode(), value)
        if trace is not None and result.timeline is not None:
            result.timeline.write_chrome_trace(trace)
        return result

    def _apply_costs(self, costs: Mapping[str, float]) -> dict[str, float]:
        lib = self._lib
        saved: dict[str, float] = {}
        for name, value in costs.items():
            if name not in COST_NAMES:
                raise AscirArgumentError(f"unknown timeline cost '{name}' (one of {', '.join(COST_NAMES)})")
            v = float(value)
            if not math.isfinite(v) or v < 0 or (name in RATES and v == 0):
                raise AscirArgumentError(f"timeline cost {name} must be a finite number >= 0 (> 0 for rates), got {value!r}")
            saved[name] = float(lib.ascsim_get_cost(name.encode()))
            lib.ascsim_set_cost(name.encode(), v)
        return saved

    def _run(
        self,
        arrays: list[np.ndarray],
        sizes: Sequence[int],
        core_num: int,
        ub_size: int,
        keep_log: bool,
        inputs: int = 0,
        record: bool = True,
    ) -> RunResult:
        lib = self._lib
        lib.ascsim_trace_config(1 if keep_log else 0)
        tiling, workspace_size, block_dim, tiling_key = call_tiling(lib, self.name, sizes, core_num, ub_size)
        nbytes = max(workspace_size, 32)
        buffer = _WORKSPACES.take(nbytes)
        workspace = buffer[:nbytes]
        lib.ascsim_reset(ctypes.c_uint64(ub_size))
        lib.ascsim_set_core_num(ctypes.c_uint32(core_num))
        try:
            for i, a in enumerate(arrays):
                lib.ascsim_register_gm(a.ctypes.data, a.nbytes, f"arg{i}".encode(), 1 if i < inputs else 0)
            lib.ascsim_register_gm(workspace.ctypes.data, workspace.nbytes, b"workspace", 0)
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
                blocks=self._block_stats() if record else [],
                timeline=self._timeline(keep_log) if record else None,
            )
        finally:
            # an idle module holds no UB, record or SIMT stacks: a process loads many
            lib.ascsim_release()
            _WORKSPACES.give(buffer)

    def _timeline(self, keep_log: bool) -> Timeline:
        lib = self._lib
        out = (ctypes.c_uint64 * 11)()
        entry = (ctypes.c_uint64 * 5)()
        blocks: list[BlockTimeline] = []
        for i in range(int(lib.ascsim_timeline_count())):
            lib.ascsim_get_timeline(ctypes.c_uint64(i), out)
            launch, block, cycles, *rest = (int(v) for v in out)
            busy = dict(zip(PIPES, rest[:4], strict=True))
            b = BlockTimeline(launch, block, cycles, busy, rest[4], gm_bytes=rest[7])
            if keep_log:
                for j in range(rest[5], rest[6]):
                    api = lib.ascsim_get_log(ctypes.c_uint64(j), entry)
                    index, pipe, line, start, finish = (int(v) for v in entry)
                    b.slices.append(Slice(api.decode(errors="replace"), index, PIPES[pipe], start, finish, line))
            blocks.append(b)
        traffic = (ctypes.c_uint64 * 2)()
        launches: list[tuple[int, int]] = []
        for i in range(int(lib.ascsim_launch_count())):
            lib.ascsim_get_launch(ctypes.c_uint64(i), traffic)
            launches.append((int(traffic[0]), int(traffic[1])))
        costs = {name: float(lib.ascsim_get_cost(name.encode())) for name in COST_NAMES}
        return build_timeline(blocks, launches, costs)

    def _block_stats(self) -> list[BlockStats]:
        lib = self._lib
        out = []
        launch, block, stats = ctypes.c_uint32(0), ctypes.c_uint32(0), _Stats()
        for i in range(int(lib.ascsim_block_count())):
            lib.ascsim_get_block(ctypes.c_uint64(i), ctypes.byref(launch), ctypes.byref(block), ctypes.byref(stats))
            out.append(BlockStats(launch.value, block.value, _as_dict(stats)))
        return out


def build_timeline(
    blocks: list[BlockTimeline], launches: list[tuple[int, int]], costs: Mapping[str, float]
) -> Timeline:
    """Aggregate per-block timelines: launches in sequence, each as long as its cores take
    and no shorter than the chip's shared bandwidths allow (:class:`LaunchTimeline`), plus
    its measured launch overhead (``launch_seconds`` + ``launch_seconds_per_block`` per
    further block). A launch of more blocks than the chip's ``vector_cores`` runs them in
    waves: each block, in block order, starts on the core that frees first (the hardware
    dispatches a blockDim above the core count that way). ``launches``: (GM bytes, GM
    footprint bytes) per launch."""
    clock = costs["clock_hz"]
    hbm_per_cycle = costs["hbm_bytes_per_second"] / clock
    l2_per_cycle = costs["l2_bytes_per_second"] / clock
    cores = max(1, int(costs["vector_cores"]))
    per_core: dict[int, int] = {}
    busy_by_core: dict[int, dict[str, int]] = {}
    by_launch: dict[int, list[BlockTimeline]] = {}
    for b in blocks:
        by_launch.setdefault(b.launch, []).append(b)
    timelines: list[LaunchTimeline] = []
    overhead = 0.0
    for launch in sorted(by_launch):
        mine = sorted(by_launch[launch], key=lambda b: b.block)
        free = [(0, c) for c in range(min(cores, len(mine)))]  # (busy until, core)
        for b in mine:
            at, core = heapq.heappop(free)
            heapq.heappush(free, (at + b.cycles, core))
            per_core[core] = per_core.get(core, 0) + b.cycles
            core_busy = busy_by_core.setdefault(core, dict.fromkeys(PIPES, 0))
            for pipe, cycles in b.busy.items():
                core_busy[pipe] += cycles
        gm, footprint = launches[launch] if launch < len(launches) else (sum(b.gm_bytes for b in mine), 0)
        hbm_bytes = footprint if 0 < footprint <= costs["l2_bytes"] else gm
        timelines.append(
            LaunchTimeline(
                launch,
                len(mine),
                max(at for at, _ in free),
                gm,
                footprint,
                math.ceil(hbm_bytes / hbm_per_cycle),
                math.ceil(gm / l2_per_cycle),
            )
        )
        overhead += costs["launch_seconds"] + costs["launch_seconds_per_block"] * (len(mine) - 1)
    total = sum(lt.cycles for lt in timelines)
    slowest = max(per_core, key=lambda c: (per_core[c], -c)) if per_core else 0
    return Timeline(
        total_cycles=total,
        per_core_cycles=dict(sorted(per_core.items())),
        pipe_busy_cycles=busy_by_core.get(slowest, dict.fromkeys(PIPES, 0)),
        modelled_seconds=total / clock + overhead,
        launches=len(timelines),
        clock_hz=clock,
        blocks=blocks,
        launch_timelines=timelines,
    )


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


def _check_array(index: int, a: Any, writable: bool = True) -> np.ndarray:
    if not isinstance(a, np.ndarray):
        raise TypeError(f"argument {index} must be a numpy array, got {type(a).__name__}")
    if not a.flags.c_contiguous:
        raise ValueError(
            f"argument {index} is not C-contiguous; pass np.ascontiguousarray(arg) (kernels "
            "write their outputs in place)"
        )
    if writable and not a.flags.writeable:
        raise ValueError(f"argument {index} is read-only; kernels need writable buffers")
    return a
