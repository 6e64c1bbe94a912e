"""The 950's parameter rules for the AscendC APIs the simulator implements, as data.

One row per rule of Huawei's CPU-debug checkers (``hicann/asc-tools``
``cpudebug/src/api_check/``), the ``dav_3510`` static_asserts and ``ASCENDC_ASSERT``s of
``mirror-cann/asc-devkit`` and the API docs (``docs/zh/api/SIMD-API``), for the APIs in
``runtime/sim``. Each row says where the simulator enforces it, which test breaks it, and
whether the simulator is stricter than a release device build (a check the device does
not make: the ``ASCENDC_ASSERT``s are empty on the device, ``impl/basic_api/kernel_log.h``
lines 38-72). Rows the simulator does not enforce say why (``Rule.na``).

``python -m runtime.sim.gen_rules`` prints every enforced row into ``ascsim/rules.h`` as
``ascsim::rules::rule::<ident>``; a C++ check calls ``ascsim::rules::violate(api, rule,
detail...)``, whose message ends ``[<id>: <text>; <source>]``; a compile-time rule is a
``static_assert`` whose message is ``ASCSIM_RULE_<ident>``. The rule table of docs/simulator.md is
printed from the same rows (``markdown_table``) and checked against them by a test.

Paths: ``dav/`` = ``impl/basic_api/dav_3510/``, ``doc:`` = ``docs/zh/api/SIMD-API/基础API/``,
``MV/`` = ``doc:Memory矢量计算/``, ``check/`` = asc-tools ``cpudebug/src/api_check/``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class Where(Enum):
    """How the simulator enforces a rule."""

    FAULT = "fault at the call"
    COMPILE = "compile error (static_assert)"
    TABLE = "fault at the call, from a generated table"
    NA = "not applicable"


@dataclass(frozen=True)
class Rule:
    id: str
    """Stable name, quoted in every message (``[tque-depth: ...]``)."""
    apis: str
    text: str
    """The rule, in one sentence."""
    source: str
    where: Where
    test: str
    """The pytest node (``path::name``) that breaks the rule and expects the refusal."""
    stricter: str = ""
    """Why the simulator is stricter than a release device build (empty: it is not)."""
    na: str = ""
    """Why the rule is not enforced (``Where.NA`` only)."""

    @property
    def ident(self) -> str:
        return re.sub(r"[^0-9A-Za-z]", "_", self.id)

    def __post_init__(self) -> None:
        if (self.where is Where.NA) != bool(self.na):  # pragma: no cover - a typo below
            raise ValueError(f"{self.id}: a rule is not applicable exactly when it gives a reason")


_DR = "test/ascendc_emitter/test_device_rules.py"
_SR = "test/runtime/test_sim_rules.py"
_L0 = "test/runtime/test_level0.py"
_SA = "test/runtime/test_sync_all.py"
_CPU_ONLY = "the device build has no check (ASCENDC_ASSERT is empty on the device, kernel_log.h:38-72)"
_TPIPE = "dav/kernel_tpipe_impl_c310_vec.h"

RULES: tuple[Rule, ...] = (
    # ------------------------------------------------------------ element types, Cast
    Rule(
        "dtype",
        "every vector API (count form and register form)",
        "the element type is one the 950 supports for the API",
        "each API's doc page (950 data types) and the SupportType static_assert of its dav_3510 impl "
        "(target.support MEMORY_APIS / REGISTER_APIS)",
        Where.TABLE,
        f"{_DR}::test_the_simulator_refuses_each_broken_rule",
    ),
    Rule(
        "cast-mode",
        "Cast, Reg::Cast",
        "(source, destination, round mode) is a row of the 950 Cast table",
        "MV/类型转换/Cast.md (950 table); dav/kernel_operator_vec_vconv_impl.h CastImpl:1409-1474",
        Where.TABLE,
        f"{_DR}::test_the_simulator_refuses_each_broken_rule",
    ),
    Rule(
        "cast-overlap",
        "Cast",
        "a widening Cast must not write over its source (dst == src), and dst and src may overlap "
        "by at most 256 bytes unless they start at the same address",
        "impl/basic_api/utils/kernel_utils_constants.h:715-733 (CheckCastOverlappingHigh, called from "
        "kernel_operator_vec_vconv_intf_impl.h:183-190); MV/类型转换/Cast.md:358",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[cast-overlap]",
        stricter="a debug assert; the device runs the Cast and may give wrong numbers (Cast.md:358)",
    ),
    # ------------------------------------------------------------ queues and buffers
    Rule(
        "tque-depth",
        "TQue::EnQue",
        "at most `depth` tensors are enqueued without a DeQue",
        f"{_TPIPE}:346-350 (usedCount < depth); doc:资源管理/TQue/TQue简介.md:29-46",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[tque-depth]",
        stricter="the device keeps one handle for depth 1 and both DeQues return the second tile",
    ),
    Rule(
        "tque-depth-zero",
        "TQue::AllocTensor, TQue::DeQue",
        "a TQue of depth 0 takes the in-place AllocTensor(LocalTensor&)/DeQue(LocalTensor&) only",
        f"{_TPIPE}:168, :433, :446 (static_assert depth != 0)",
        Where.COMPILE,
        f"{_SR}::test_each_compile_rule_is_refused[tque-depth-zero]",
    ),
    Rule(
        "tque-deque-empty",
        "TQue::DeQue",
        "DeQue takes a tensor that was enqueued",
        f"{_TPIPE}:478-484; doc:资源管理/TQue/DeQue.md:117",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[tque-deque-empty]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "tque-alloc-full",
        "TQue::AllocTensor",
        "AllocTensor needs a free buffer of the queue",
        f"{_TPIPE}:780-783 (the device spins for ever)",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[tque-alloc-full]",
    ),
    Rule(
        "tque-free-state",
        "TQue::FreeTensor",
        "FreeTensor takes an allocated buffer of this queue",
        f"{_TPIPE}:699-701",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[tque-free-state]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "tbuf-get",
        "TBuf::Get",
        "Get<T>(len): len > 0, len * sizeof(T) a multiple of 32 bytes and within the buffer",
        "impl/basic_api/kernel_tbuf_impl.h:45-53",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[tbuf-get]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "tbuf-offset",
        "TBuf::GetWithOffset",
        "the byte offset is 32-byte aligned and size * sizeof(T) + offset fits the buffer",
        "doc:资源管理/TBuf/GetWithOffset.md:95-97",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[tbuf-offset]",
        stricter="the impl has no check (kernel_tbuf_impl.h:97-114); the doc states the rule",
    ),
    Rule(
        "tpipe-buffers",
        "TPipe::InitBuffer",
        "at most 64 buffers in one kernel",
        "doc:资源管理/TPipe/InitBuffer.md, 约束说明",
        Where.TABLE,
        f"{_DR}::test_the_simulator_refuses_each_broken_rule",
    ),
    Rule(
        "ub-capacity",
        "TPipe::InitBuffer, Simt::VF_CALL",
        "UB in use <= 248 KB (SIMD) / 216 KB (with a SIMT part)",
        "docs/zh/api/SIMT-API/SIMD与SIMT混合编程简介/编程模型-140.md; 核函数配置-147.md",
        Where.TABLE,
        f"{_DR}::test_the_simulator_refuses_each_broken_rule",
    ),
    # ------------------------------------------------------------ operand positions, alignment
    Rule(
        "vector-position",
        "every memory-level vector API",
        "each tensor is in UB: TPosition VECIN, VECOUT or VECCALC",
        "impl/basic_api/kernel_npu_debug.h:143-156 (CheckTensorPhyPosition<UB>), kernel_event.h:420-428 "
        "(3510 GetPhyType)",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[vector-position]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "vector-align",
        "every memory-level vector API",
        "each tensor starts at a 32-byte aligned UB address",
        "impl/basic_api/kernel_npu_debug.h:159-177; doc:通用说明和约束.md:56-64",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[vector-align]",
    ),
    Rule(
        "tensor-bounds",
        "every memory-level vector API and UB copy",
        "the elements an API touches lie inside each LocalTensor (count * sizeof(T) <= its size)",
        "asc-tools cpudebug/src/api_check/kernel_check_util.cpp (CheckTensorOverflowHigh); "
        "impl/basic_api/utils/kernel_check_data_copy_overflow.h:409-495",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[tensor-bounds]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "copy-position",
        "DataCopy, DataCopyPad",
        "the UB side of a GM copy is VECIN/VECOUT/VECCALC (L1 positions are not modelled)",
        "impl/basic_api/kernel_operator_data_copy_intf_impl.h:75-96, :297-332, :1395-1398, :1436-1444",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[copy-position]",
        stricter="L1 (A1/B1/C1/TSCM) destinations are legal on the device; the simulator has no L1",
    ),
    # ------------------------------------------------------------ DataCopy / DataCopyPad
    Rule(
        "copy-ranges",
        "DataCopyPad",
        "blockCount [0, 4095], blockLen [0, 2097151] bytes, strides within the 950's ranges",
        "MV/数据搬运/DataCopyPad\uff08GMToUB非对齐数据搬运\uff09.md:124-127, 273-274; UBToGM:186-187; "
        "dav/kernel_operator_data_copy_impl.h:1096-1112, 1242-1253",
        Where.TABLE,
        f"{_DR}::test_the_simulator_refuses_each_broken_rule",
    ),
    Rule(
        "copy-pad-side",
        "DataCopyPad(GM->UB)",
        "leftPadding and rightPadding each cover at most 32 bytes",
        "MV/数据搬运/DataCopyPad\uff08GMToUB非对齐数据搬运\uff09.md:135-136, 255",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[copy-pad-side]",
    ),
    Rule(
        "copy-pad-b64",
        "DataCopyPad(GM->UB)",
        "the padding value of a 64-bit type is 0",
        "dav/kernel_operator_data_copy_impl.h:1151-1158; DataCopyPad\uff08GMToUB非对齐数据搬运\uff09.md:137, 257",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[copy-pad-b64]",
    ),
    Rule(
        "copy-count-align",
        "DataCopy(count)",
        "count * sizeof(T) is a multiple of 32 bytes",
        "impl/basic_api/kernel_operator_data_copy_intf_impl.h:763-815 (the device rounds down silently)",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[copy-count-align]",
        stricter="the device copies count rounded down to 32 bytes without an error",
    ),
    Rule(
        "copy-block-align",
        "DataCopyPad",
        "blockLen is a multiple of sizeof(T)",
        "MV/数据搬运/DataCopyPad\uff08GMToUB非对齐数据搬运\uff09.md:125, 256",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[copy-block-align]",
    ),
    # ------------------------------------------------------------ Compare / Select
    Rule(
        "compare-dst-type",
        "Compare",
        "the result tensor's element type is uint8_t or int8_t",
        "dav/kernel_operator_vec_cmp_impl.h:337, 411; dav/kernel_operator_vec_compare_continuous_impl.h:282; "
        "MV/比较与选择/Compare.md:155",
        Where.COMPILE,
        f"{_SR}::test_each_compile_rule_is_refused[compare-dst-type]",
    ),
    Rule(
        "compares-dst-type",
        "Compares",
        "the result tensor's element type is uint8_t",
        "dav/kernel_operator_vec_cmp_impl.h:544, 632, 770; MV/比较与选择/Compares.md:137",
        Where.COMPILE,
        f"{_SR}::test_each_compile_rule_is_refused[compares-dst-type]",
    ),
    Rule(
        "select-mask-type",
        "Select",
        "the selection mask's element type is uint8_t, uint16_t, uint32_t or uint64_t",
        "dav/kernel_operator_vec_sel_impl.h:214, 396, 421, 554, 571, 1067; MV/比较与选择/Select.md:213",
        Where.COMPILE,
        f"{_SR}::test_each_compile_rule_is_refused[select-mask-type]",
    ),
    Rule(
        "compare-count",
        "Compare, Compares (count form)",
        "count * sizeof(T) is a multiple of 256 bytes",
        "impl/basic_api/kernel_operator_vec_cmpsel_intf_impl.h:194-201, 394-400; MV/比较与选择/Compare.md:114",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[compare-count]",
    ),
    # ------------------------------------------------------------ reductions, gathers
    Rule(
        "reducesum-work",
        "ReduceSum",
        "the work tensor holds DivCeil(firstMaxRepeat, elementsPerBlock) * elementsPerBlock elements "
        "(firstMaxRepeat: repeatTime, or count / elementsPerRepeat and at least 1)",
        "MV/归约计算/ReduceSum.md:180-192; dav/kernel_operator_vec_reduce_impl.h:605-666 writes the partial sums there",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[reducesum-work]",
    ),
    Rule(
        "reduce-work",
        "ReduceSum, ReduceMax, ReduceMin (count form)",
        "the work tensor holds the CPU-debug checker's elements: 2 per first-pass repeat (repeats = count / "
        "elementsPerRepeat, at least 1), and with calIndex the later passes' slots at 32-byte aligned starts",
        "asc-tools cpudebug/src/api_check/kernel_vec_reduce_check.cpp:92-147 (CheckWorkTensorOffset), reached on "
        "3510 from impl/basic_api/kernel_operator_vec_reduce_intf_impl.h:1288, 1355, 1437",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[reduce-work]",
        stricter="the docs let ReduceMax/ReduceMin take any work size on the 950 (ReduceMax.md:154); the "
        "CPU-debug build refuses it, and the simulator keeps the repeat count unwrapped where the checker "
        "stores it in a uint8_t",
    ),
    Rule(
        "reduce-count",
        "ReduceSum, ReduceMax, ReduceMin (count form)",
        "count is in [1, 248 KB / sizeof(T)]",
        "impl/basic_api/kernel_operator_vec_reduce_intf_impl.h:1416",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[reduce-count]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "gather-aliasing",
        "Gather",
        "the source and the destination are different memory",
        "MV/离散与聚合/Gather.md:115",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[gather-aliasing]",
    ),
    Rule(
        "gather-base",
        "Gather",
        "srcBaseOffset is in [0, src bytes - 1] and a multiple of sizeof(T)",
        "impl/basic_api/kernel_operator_vec_gather_intf_impl.h:101-113, 143-155",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[gather-base]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "gather-offset",
        "Gather",
        "each byte offset is within the 950's range for the element size, element-aligned and inside src",
        "MV/离散与聚合/Gather.md, 约束说明 (b8 [0, 2^16-1], b16 [0, 2^17-1], b32/b64 uint32)",
        Where.TABLE,
        "test/ascendc_emitter/test_sim_kernels.py::test_memory_level_gather_uses_byte_offsets",
    ),
    # ------------------------------------------------------------ overlap
    Rule(
        "overlap-partial",
        "every memory-level vector API",
        "a source and the destination overlap completely (same start) or not at all",
        "doc:通用说明和约束.md:70, 77-78",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[overlap-partial]",
    ),
    Rule(
        "overlap-undocumented",
        "Compare, Compares, Gather",
        "APIs whose page states no overlap rule take no overlapping operands",
        "doc:通用说明和约束.md:77-78; MV/比较与选择/Compare.md (no overlap section)",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[overlap-undocumented]",
    ),
    # ------------------------------------------------------------ synchronisation
    Rule(
        "event-id",
        "SetFlag, WaitFlag, FetchEventID",
        "event ids are in [0, 8)",
        "impl/basic_api/kernel_event.h:913-915, 1048-1050; kernel_macros.h:99-105 (QUE_MAX_EVENT = 8 on 3510)",
        Where.FAULT,
        f"{_SR}::test_each_rule_is_refused[event-id]",
    ),
    Rule(
        "sync-all-kernel-type",
        "SyncAll",
        "the hard SyncAll of a vector kernel runs in a kernel declared __mix__(0, 1), not __vector__",
        "doc:同步控制/核间同步/SyncAll.md 约束说明 (硬件同步接口约束); CrossCoreSetFlag(ISASI).md 约束说明 "
        "(Kernel类型配置)",
        Where.FAULT,
        f"{_SA}::test_sync_all_in_a_vector_kernel_is_refused",
    ),
    Rule(
        "sync-all-cores",
        "SyncAll",
        "a launch that calls SyncAll has no more blocks than the chip has cores",
        "doc:同步控制/核间同步/SyncAll.md 约束说明 (公共约束: numBlocks above the core count runs in rounds "
        "and the kernel hangs)",
        Where.FAULT,
        f"{_SA}::test_sync_all_on_more_blocks_than_cores_is_refused",
    ),
    Rule(
        "sync-all-aiv-only",
        "SyncAll",
        "a vector kernel calls SyncAll<true>: isAIVOnly = false hangs it",
        "doc:同步控制/核间同步/SyncAll.md 约束说明 (纯Vector算子, 模板参数isAIVOnly必须设置为true)",
        Where.COMPILE,
        f"{_SR}::test_each_compile_rule_is_refused[sync-all-aiv-only]",
    ),
    Rule(
        "pipe-barrier-s",
        "PipeBarrier<PIPE_S>",
        "PipeBarrier<PIPE_S> does not exist on the 950",
        "impl/basic_api/kernel_reg.h:58-77 (static_assert)",
        Where.COMPILE,
        f"{_SR}::test_each_compile_rule_is_refused[pipe-barrier-s]",
    ),
    Rule(
        "sync-pairs",
        "SetFlag/WaitFlag, EnQue/DeQue",
        "every cross-pipe dependency is ordered by a flag or a queue; flags pair up",
        "doc:同步控制/核内同步/SetFlag-WaitFlag(ISASI).md 约束说明",
        Where.FAULT,
        "test/runtime/test_races.py::test_deleted_syncs_are_a_race",
        stricter="a race is a fault here; the device computes with whichever data arrived",
    ),
    Rule(
        "gm-bounds",
        "every GM access",
        "an access stays inside the GM buffer its tensor was set on",
        "GlobalTensor::SetGlobalBuffer(buffer, size) (doc:数据结构/GlobalTensor)",
        Where.FAULT,
        "test/ascendc_emitter/test_sim_kernels.py::test_out_of_bounds_gm_read_and_write_are_reported",
        stricter="the device has no GM bounds check",
    ),
    # ------------------------------------------------------------ not applicable
    Rule(
        "cube-positions",
        "TQue/TBuf in A1/A2/B1/B2/C1/C2/CO1/CO2, Mmad, Fixpipe",
        "cube-side buffers and APIs",
        "doc:通用说明和约束.md:31-47",
        Where.NA,
        "",
        na="the simulator models the vector core (AIV) only; such tensors reach no vector API "
        "(vector-position) and no copy (copy-position)",
    ),
    Rule(
        "cmpmask-spr",
        "Compare (result in register), GetCmpMask/SetCmpMask, Select mode 0 without a mask tensor",
        "CMPMASK special register forms",
        "MV/比较与选择/Compare\uff08结果存入寄存器\uff09.md",
        Where.NA,
        "",
        na="not implemented by the simulator: a kernel that calls them does not compile",
    ),
    Rule(
        "complex-fp8-types",
        "every API",
        "complex32/64, double, fp8, fp4, hifloat8, int4 element types",
        "each API's 950 data-type list",
        Where.NA,
        "",
        na="ASCIR has no such tensors; the simulator does not define the types",
    ),
    Rule(
        "cube-events",
        "SetFlag/WaitFlag on MTE1/M/FIX pipes",
        "cube-only events are skipped on the vector core",
        "impl/basic_api/kernel_operator_block_sync_intf_impl.h:61-110",
        Where.NA,
        "",
        na="the simulator models the vector core only",
    ),
    # ------------------------------------------------------------ Level-0 (mask, repeat, strides)
    Rule(
        "l0-mask-normal",
        "every Level-0 API (continuous mask, normal mode)",
        "in normal mode the continuous mask is in [0, 256 / sizeof(T)] (T: the wider type for Cast)",
        "impl/basic_api/kernel_npu_debug.h:283-325 (CheckMaskValue); MV/SIMD计算说明/掩码.md:382",
        Where.FAULT,
        f"{_L0}::test_each_level0_rule_is_refused[l0-mask-normal]",
        stricter=f"{_CPU_ONLY}; the doc says a larger mask counts as the largest (掩码.md:254)",
    ),
    Rule(
        "l0-mask-counter",
        "every Level-0 API (counter mode)",
        "in counter mode the element count (mask, or mask[0] of the bit form) is <= UINT32_MAX",
        "impl/basic_api/kernel_npu_debug.h:283-325 (CheckMaskValue, CTRL[56] set)",
        Where.FAULT,
        f"{_L0}::test_each_level0_rule_is_refused[l0-mask-counter]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "l0-mask-b64",
        "every Level-0 API (bit mask, 64-bit elements)",
        "with 64-bit elements mask[0] is <= UINT32_MAX (32 lanes)",
        "impl/basic_api/kernel_npu_debug.h:242-280 (CheckMaskArray); MV/SIMD计算说明/掩码.md:382",
        Where.FAULT,
        f"{_L0}::test_each_level0_rule_is_refused[l0-mask-b64]",
        stricter=_CPU_ONLY,
    ),
    Rule(
        "set-vector-mask",
        "SetVectorMask (normal mode)",
        "in normal mode maskHigh is 0 for b32/b64 elements and maskHigh, maskLow are not both 0",
        "impl/basic_api/kernel_utils_base.h:121-130 (AscendCUtils::SetMask, reached by SetVectorMask(len)); "
        "MV/掩码操作/SetVectorMask.md:42-46",
        Where.FAULT,
        f"{_L0}::test_each_level0_rule_is_refused[set-vector-mask]",
        stricter=f"{_CPU_ONLY}; the (maskHigh, maskLow) form is checked by the doc only (kernel_reg.h:33-39 "
        "sets the register as given)",
    ),
    Rule(
        "l0-dst-blk-stride",
        "Level-0 binary, unary, scalar APIs, Duplicate, Cast",
        "dstBlkStride is not 0",
        "MV/SIMD计算说明/高维切分.md:54",
        Where.FAULT,
        f"{_L0}::test_each_level0_rule_is_refused[l0-dst-blk-stride]",
        stricter="the doc only; the dav_3510 impl has no check",
    ),
    Rule(
        "l0-bounds",
        "every Level-0 API",
        "every element a repeat touches (strides, mask, repeats) lies inside its tensor",
        "check/kernel_base_check.cpp:228-290 (CalculateVectorMaxOffset, CheckTensorOverflowLow*); "
        "MV/SIMD计算说明/高维切分.md:46",
        Where.FAULT,
        f"{_L0}::test_each_level0_rule_is_refused[l0-bounds]",
        stricter="the device reads and writes past the tensor without an error",
    ),
    Rule(
        "l0-overlap-partial",
        "every Level-0 API",
        "within one repeat a source and the destination start at the same byte or do not overlap",
        "doc:通用说明和约束.md:70",
        Where.FAULT,
        f"{_L0}::test_each_level0_rule_is_refused[l0-overlap-partial]",
        stricter="the doc only; the device computes with whatever it loaded",
    ),
    Rule(
        "l0-overlap-repeat",
        "every Level-0 API",
        "the destination of repeat N is not a source of repeat N+1, except for Add/Sub/Mul/Max/Min on "
        "half/int32_t/float when the destination overlaps src1 and src1RepStride or dstRepStride is 0",
        "doc:通用说明和约束.md:71",
        Where.FAULT,
        f"{_L0}::test_each_level0_rule_is_refused[l0-overlap-repeat]",
        stricter="the doc only; the 950 emulation orders the repeats (dav/kernel_operator_vec_template_impl.h:192-194)",
    ),
    Rule(
        "l0-8bit-set-mask",
        "Level-0 APIs on 8-bit elements",
        "8-bit elements need isSetMask = true",
        "dav/kernel_operator_vec_template_impl.h:238",
        Where.NA,
        "",
        na="no Level-0 form the simulator implements takes 8-bit elements (target.support MEMORY_L0_APIS): "
        "the dtype rule refuses them first",
    ),
    Rule(
        "l0-repeat-zero",
        "every Level-0 API",
        "repeatTime 0 or mask 0",
        "MV/基础算术/Add.md:140 (the 950's emulation does not guarantee a NOP); kernel_npu_debug.h:327-333 (a warning)",
        Where.NA,
        "",
        na="the simulator treats the call as a NOP (nothing recorded, nothing written)",
    ),
)

BY_ID: dict[str, Rule] = {r.id: r for r in RULES}
if len(BY_ID) != len(RULES):  # pragma: no cover - a duplicated id above
    raise ValueError("duplicate rule ids")


def rule(rule_id: str) -> Rule:
    return BY_ID[rule_id]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table() -> str:
    """The rule table of docs/simulator.md (between ``<!-- rules:begin -->`` and ``<!-- rules:end -->``)."""
    head = [
        "| Rule | APIs | Rule text | Source | Enforced | Tested by | Stricter than a release device build |",
        "|---|---|---|---|---|---|---|",
    ]
    rows = []
    for r in RULES:
        enforced = r.where.value if r.where is not Where.NA else f"not applicable: {r.na}"
        test = f"`{r.test}`" if r.test else "-"
        rows.append(
            f"| `{r.id}` | {_cell(r.apis)} | {_cell(r.text)} | {_cell(r.source)} | {_cell(enforced)} | "
            f"{_cell(test)} | {_cell(r.stricter) or 'no'} |"
        )
    return "\n".join(head + rows)
