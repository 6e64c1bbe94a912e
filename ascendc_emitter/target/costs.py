"""The 950's cost model, as data with a source beside every number (issue 33).

The timeline of the simulator (``runtime/sim``, ``ascsim/costs.h`` generated from this
module by ``python -m runtime.sim.gen_rules``) gives every instruction a duration from
these tables, in core clock cycles (:mod:`ascendc_emitter.target.platform`: 1.65 GHz).

The numbers are Huawei's own: the performance model Autofuse's auto-tiling (ATT) uses for
the 950 ("v35", ``PlatformV2``), in ``mirror-cann/graph-autofusion`` -- cited as
``ATT <path>:<line>`` from its ``autofuse/`` directory (``v35/att/api_perf_register/...``)
-- and the asc-devkit docs (``devkit <path>:<line>`` from its ``docs/zh/``). Where both are
silent the entry says so and what bounds the value.

How ATT combines them, and how the timeline does:

* **DataCopy** (ATT ``LoadStoreFunc``, ``gen_model_info/api_perf_register/utils/api_perf_utils.cpp:279-308``):
  one GM -> UB copy of ``S`` bytes takes ``S / (a + b / block_dim) + h`` cycles, plus a
  stride term ``k * block_count * min(stride_bytes, 4096)`` when the GM side is strided
  (``LoadStoreStrideV2Func``, ``api_perf_utils.cpp:231-253``). ``a + b / block_dim`` is a
  core's bandwidth in bytes per cycle with ``block_dim`` cores contending. Strided blocks
  shorter than a cache line move a whole line (``v35/att/api_perf_register/ascendc_api_perf/
  data_move_api_perf_v2.cpp:121-157``). The timeline uses the formula per DataCopy call,
  ``block_dim`` being the launch's.
* **Pipe heads**: once per pipe per kernel (``gen_model_info/expr_gen/pipe_perf_expr.cpp:536-545``).
* **Vector**: a vector function costs ``20 + max(latency) + sum(throughput * repeats)``
  over its instructions, a repeat being one 256-byte register (ATT ``vf_perf_utils.cpp:132-149,
  184-188``); a memory-level API call is one such function of one instruction (ATT
  ``v35/att/api_perf_register/ascendc_regbase_perf.cpp:14-24``).
* **Chip-wide GM bandwidth**: ATT has none (contention only through ``a + b / block_dim``).
  The timeline adds the 950's HBM as one resource shared by every core and both
  directions: a launch lasts at least its GM bytes over the HBM bandwidth.
* ATT takes the pipes as fully overlapped (objective = max over pipes,
  ``generator/solver_pass_gen/axes_reorder_solver/axes_reorder_solver_gen.cpp:652-661``); the
  timeline schedules every instruction after what it waits for, so overlap is what the
  kernel's synchronisation allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascir_dialect.dtypes import DType

ATT = "ATT autofuse/"
V35 = ATT + "v35/att/api_perf_register/"


@dataclass(frozen=True)
class DmaCost:
    """``bytes / (a + b / block_dim) + h`` cycles (ATT ``LoadStoreFunc``)."""

    a: float
    b: float
    h: float
    source: str


LOAD = DmaCost(11.8292, 6.6155, 160.0, V35 + "perf_param_v2.cpp:916-925 (JSON 'Load')")
"""GM -> UB whose innermost block has more than :data:`LOAD_SMALL_ELEMENTS` elements."""
LOAD_SMALL = DmaCost(13.1355, 6.4088, 160.0, V35 + "perf_param_v2.cpp:906-915 (JSON 'LoadSmallBlk')")
"""GM -> UB with a shorter innermost block."""
LOAD_SMALL_ELEMENTS = 256
"""ATT picks 'Load' when the innermost block has more than 256 *elements*
(``data_move_api_perf_v2.cpp:61-82``, ``GetLoadCase``; its comment says 512 B, the code
compares elements)."""
STORE = DmaCost(11.774, 10.265, 160.0, V35 + "perf_param_v2.cpp:946-955 (JSON 'Store')")
"""UB -> GM."""
LOAD_STRIDE_K = 0.005
"""Cycles per block per stride byte of a strided GM read (JSON 'LoadStride',
``perf_param_v2.cpp:926-935``)."""
STORE_STRIDE_K = 0.0385
"""The same for a strided GM write (JSON 'StoreStride', ``perf_param_v2.cpp:956-965``)."""
STRIDE_CAP_BYTES = 4096
"""Strides beyond 4096 bytes cost as 4096 (``u`` of both stride entries, same lines)."""
MTE2_HEAD = 1174.3
MTE2_HEAD_SMALL = 775.0
MTE2_HEAD_SMALL_BYTES = 256
"""MTE2's head: 1174.3 cycles, 775.0 when the kernel's largest GM -> UB block is shorter
than 256 bytes (``perf_param_v2.cpp:16-56``)."""
MTE3_HEAD = 571.0
"""MTE3's head (``perf_param_v2.cpp:20,464-470``). ATT also hands the MTE2 head to the
vector pipe, as a fallback for pipes without a head function (``perf_param_v2.cpp:983-989``);
the timeline does not: a vector function's start is its own head below."""
VF_HEAD = 20.0
"""Start of a vector function (``perf_param_v2.cpp:492-495``, ``kVectorFunctionHeadCost``),
and of every memory-level vector API call (each runs as one on the 950:
``ascendc_regbase_perf.cpp:14-24``)."""
UB_COPY_BYTES_PER_CYCLE = 256.0
"""UB -> UB DataCopy on PIPE_V (devkit ``api/附录/Vector指令理论性能汇总.md:44``)."""

# ------------------------------------------------------------------ vector instructions
INTS = (DType.uint8, DType.int8, DType.uint16, DType.int16, DType.uint32, DType.int32)
FLOATS = (DType.float16, DType.float32, DType.bfloat16)
WIDE = (DType.uint64, DType.int64)
ALL = (*INTS, *FLOATS, *WIDE, DType.bool)


@dataclass(frozen=True)
class VecCost:
    """One vector instruction: its latency and its issue interval per 256-byte repeat, in
    cycles (ATT ``VfInstructPerf{dtypes, latency, throughput}``, ``autofuse/att/base/base_types.h:110-114``)."""

    dtypes: tuple[DType, ...]
    latency: float
    throughput: float
    source: str


def _t(line: str) -> str:
    return V35 + f"perf_param_v2.cpp:{line}"


def _doc(line: str) -> str:
    return f"devkit api/附录/Reg矢量计算接口理论性能汇总.md:{line}"


VECTOR: dict[str, tuple[VecCost, ...]] = {
    "Add": (VecCost(INTS, 4, 2, _t("61")), VecCost(FLOATS, 4, 1, _t("62"))),
    "Sub": (VecCost(INTS, 4, 2, _t("64")), VecCost(FLOATS, 4, 1, _t("65"))),
    "Max": (VecCost(INTS + FLOATS, 3, 1, _t("68")),),
    "Min": (VecCost(INTS + FLOATS, 3, 1, _t("73")),),
    "ReduceMax": (VecCost(INTS + FLOATS + WIDE, 3, 1, _t("79-82")),),
    "ReduceMin": (VecCost(INTS + FLOATS + WIDE, 3, 1, _t("88-91")),),
    "Abs": (
        VecCost((DType.float16, DType.float32), 2, 1, _t("97")),
        VecCost((DType.int8, DType.int16, DType.int32), 4, 2, _t("98")),
    ),
    "Compare": (VecCost(INTS + FLOATS + WIDE, 3, 1, _t("104-152 (Eq/Ne/Lt/Gt/Ge/Le)")),),
    "Compares": (VecCost(INTS + FLOATS, 3, 1, _t("283-301 (CompareScalar*)")),),
    "Adds": (VecCost(INTS + FLOATS, 4, 2, _t("158")),),
    "Maxs": (VecCost(INTS + FLOATS, 3, 1, _t("164")),),
    "Mins": (VecCost(INTS + FLOATS, 3, 1, _t("170")),),
    "Not": (VecCost((*INTS, DType.float16, DType.bfloat16, DType.float32), 3, 1, _t("176")),),
    "Exp": (VecCost((DType.float16,), 18, 8, _t("182")), VecCost((DType.float32,), 13, 4, _t("183"))),
    "Ln": (VecCost((DType.float16,), 20, 8, _t("189")), VecCost((DType.float32,), 15, 4, _t("190"))),
    "Sqrt": (VecCost((DType.float16,), 19, 8, _t("196")), VecCost((DType.float32,), 14, 4, _t("197"))),
    "Mul": (
        VecCost((DType.uint16, DType.int16, DType.uint32, DType.int32), 5, 2, _t("203")),
        VecCost(FLOATS, 5, 1, _t("204")),
    ),
    "Muls": (
        VecCost((DType.uint16, DType.int16, DType.uint32, DType.int32), 5, 2, _t("210")),
        VecCost((DType.float16, DType.float32), 5, 1, _t("211")),
    ),
    "Relu": (VecCost((DType.int32, DType.float16, DType.float32), 2, 1, _t("217")),),
    "Or": (VecCost((DType.uint8, DType.int16, DType.int32, DType.float16, DType.float32), 3, 1, _t("223")),),
    "Neg": (
        VecCost((DType.int8, DType.int16, DType.int32), 4, 2, _t("229")),
        VecCost((DType.float16, DType.float32), 2, 1, _t("230")),
    ),
    "Div": (VecCost((DType.float16,), 19, 8, _t("236")), VecCost((DType.float32,), 14, 4, _t("237"))),
    "LeakyRelu": (VecCost((DType.int32, DType.float16, DType.float32), 2, 1, _t("243")),),
    "Cast": (VecCost(INTS, 4, 2, _t("250")), VecCost(FLOATS, 5, 2, _t("251"))),
    "CastFloat": (VecCost(FLOATS, 4, 1, _t("447 (Cast float <-> float)")),),
    "Select": (VecCost(INTS + FLOATS, 3, 1, _t("313")),),
    "ReduceSum": (
        VecCost((DType.uint16, DType.int16, DType.uint32, DType.int32), 13, 1, _t("263 (vcadd)")),
        VecCost((DType.float16,), 21, 1, _t("264 (vcadd)")),
        VecCost((DType.float32,), 19, 1, _t("265 (vcadd)")),
    ),
    "Duplicate": (VecCost(INTS + FLOATS, 8, 1, _t("277")),),
    "And": (VecCost(INTS + FLOATS, 3, 1, _t("307")),),
    "Xor": (VecCost(INTS + FLOATS, 3, 1, _t("319")),),
    "Shift": (VecCost(INTS + FLOATS, 3, 1, _t("325 (Vshrs)")),),
    "MulAddDst": (
        VecCost((DType.uint16, DType.int16, DType.uint32, DType.int32), 6, 2, _t("337")),
        VecCost((DType.float16, DType.float32), 6, 1, _t("338")),
    ),
    "UpdateMask": (VecCost(INTS + FLOATS, 3, 1, _t("344")),),
    "Load": (VecCost(ALL, 0, 0, _t("402-409 (register load; its cost is the DataCopy's)")),),
    "Store": (
        VecCost((DType.uint8, DType.int8, DType.uint16, DType.int16, DType.bfloat16, DType.float16, DType.bool), 0, 5, _t("418")),
        VecCost((DType.uint32, DType.int32, DType.float32, DType.uint64, DType.int64), 0, 1, _t("419")),
    ),
    # -- instructions the ATT table lacks: the devkit's throughput, elements per cycle
    # (T = 256 / (bytes * elements per cycle)); the docs give no latency: 0
    "Gather": (
        VecCost((DType.uint16, DType.int16, DType.float16, DType.bfloat16), 0, 4, _doc("409 (Gather b16: 32/cycle)")),
        VecCost((DType.uint32, DType.int32, DType.float32), 0, 4, _doc("410 (Gather b32: 16/cycle)")),
    ),
    "Arange": (VecCost(INTS + FLOATS + WIDE, 0, 1, _doc("394-402 (as Duplicate: one register per cycle)")),),
    "Truncate": (
        VecCost((DType.float16,), 5, 2, _t("331")),
        VecCost((DType.float32,), 5, 2, _t("331")),
    ),
    "Reciprocal": (VecCost((DType.float16,), 19, 8, _t("236 (as Div)")), VecCost((DType.float32,), 14, 4, _t("237 (as Div)"))),
    "Rsqrt": (VecCost((DType.float16,), 19, 8, _t("196 (as Sqrt)")), VecCost((DType.float32,), 14, 4, _t("197 (as Sqrt)"))),
    "Log": (VecCost((DType.float16,), 20, 8, _t("189 (as Ln)")), VecCost((DType.float32,), 15, 4, _t("190 (as Ln)"))),
}
"""Per instruction kind: (dtypes, latency, throughput) rows, first match wins (ATT
``vf_perf_utils.cpp:132-149``). An instruction whose dtype no row lists costs as the row of
the widest element of the same kind below it (never nothing, unlike ATT, which adds 0)."""

ALIASES = {
    "ShiftLeft": "Shift",
    "ShiftRight": "Shift",
    "CompareScalar": "Compares",
    "Log2": "Log",
}
"""API names that cost as another row (the same instruction class: ATT's Vshrs for shifts,
its CompareScalar* rows for compares with a scalar, Ln's for Log2)."""

# ------------------------------------------------------------------ SIMT, scalar, sync
SIMT_CORE_BYTES_PER_CYCLE = 37.4
"""GM bytes one core's SIMT threads move per cycle at most: Huawei's measurement of a
1 GiB struct copy on one core, 2048 threads, 8-byte accesses, 17417.23 us = 61.6 GB/s at
1.65 GHz (devkit ``examples/03_simt_api/03_best_practices/00_memory_optimizations/aligned_types/README.md:121-136``,
row Align8; the fastest access width measured)."""
SIMT_REQUEST = 1.0
"""Cycles of one coalesced warp memory request through the DCache (one 64-byte line): no
source gives it; the DCache is carved out of UB, which reads at most two 256-byte VL per
cycle (devkit ``api/附录/Reg矢量计算接口指令单双发汇总.md:3-4``), so one request per cycle is
the fastest it can be (a lower bound)."""
SCALAR_ACCESS = 1.0
"""Cycles of a scalar UB/GM access (GetValue/SetValue): no source gives it; one
instruction issue per cycle (a lower bound)."""
SYNC = 1.0
"""Cycles of SetFlag / WaitFlag / a queue hand-off: no source gives them; one
instruction issue (a lower bound)."""
BARRIER = 1.0
"""Cycles of PipeBarrier: as SYNC."""
LAUNCH_SECONDS = 0.245e-6
LAUNCH_SECONDS_PER_BLOCK = 0.0101e-6
"""A launch's cost beyond its blocks' run time: Task Duration - aiv_time measured on the
950, 0.245 us with one block (devkit
``examples/01_simd_cpp_api/03_basic_api/02_reg_vector_compute/trait/README.md:72-73``:
58.168 - 57.92 and 39.563 - 39.318 us) and 0.885 us with 64
(``examples/01_simd_cpp_api/05_best_practices/02_reg_compute/gelu_high_performance/README.md:213-215``:
351.525 - 350.64 us): 0.245 us + 0.0101 us per further block (ATT's own op
head is 0, ``perf_param_v2.cpp:497-500``)."""
L2_BYTES = 128 * 1024 * 1024
L2_BYTES_PER_SECOND = 5.2e12
"""The 950's L2: 128 MB at about 5.2 TB/s (devkit ``examples/01_simd_cpp_api/05_best_practices/04_memory_access/data_copy/README.md:218,288``;
about 5 TB/s in ``matmul_high_performance/README.md:494-510``). A launch whose GM footprint
fits it reads the data it touches again from L2; every byte it moves crosses L2."""


def vector_cost(api: str, dtype: DType) -> VecCost | None:
    """The table's row for ``api`` (through :data:`ALIASES`) on ``dtype``: the first row
    listing the dtype, else the costliest (the simulator's ``vec_cost``, from the same
    table); None for an API the table does not know."""
    rows = VECTOR.get(ALIASES.get(api, api))
    if rows is None:
        return None
    for row in rows:
        if dtype in row.dtypes:
            return row
    return max(rows, key=lambda r: (r.latency, r.throughput))


__all__ = [
    "LOAD",
    "LOAD_SMALL",
    "STORE",
    "VECTOR",
    "DmaCost",
    "VecCost",
    "vector_cost",
]
