"""Per-dtype support of the AscendC APIs we emit, Ascend 950 (arch 3510).

Each row names the C++ element types an API takes and the devkit file it comes from
(repository ``mirror-cann/asc-devkit``; docs also extracted under ``docs/zh/api``).
Only the element types ASCIR tensors have are listed (complex, fp8/fp4, hifloat8, double
and int4 are left out); bool tensors are stored as ``uint8_t`` (``target.types``).

Memory-level rows are the "tensor前n个数据计算" (first ``count`` elements) form the
lowering calls -- on the 950 several types (int8/uint8/int64/uint64) exist only in that
form. The headers agree with the docs: each row also cites the ``static_assert(
SupportType<...>)`` of the ``dav_3510`` implementation it was checked against.
"""

from __future__ import annotations

from dataclasses import dataclass

MEMORY_DOCS = "docs/zh/api/SIMD-API/基础API/Memory矢量计算"
REGISTER_DOCS = "docs/zh/api/SIMD-API/基础API/Reg矢量计算"
MEMORY_IMPL = "impl/basic_api/dav_3510"
REGISTER_IMPL = "impl/basic_api/reg_compute/dav_3510"

ELEMENT_TYPES = (
    "int8_t",
    "uint8_t",
    "int16_t",
    "uint16_t",
    "half",
    "bfloat16_t",
    "int32_t",
    "uint32_t",
    "float",
    "int64_t",
    "uint64_t",
)
"""The C++ element types of ASCIR tensors (bool is stored as uint8_t)."""


@dataclass(frozen=True)
class ApiSupport:
    """The element types one API takes on arch 3510, and where that is written."""

    api: str
    types: frozenset[str]
    doc: str
    """The API's doc page (its 950 data-type list or table)."""
    header: str
    """The ``dav_3510`` implementation whose ``SupportType`` assert agrees."""

    def __post_init__(self) -> None:
        unknown = self.types - set(ELEMENT_TYPES)
        if unknown:  # pragma: no cover - a typo in the table below
            raise ValueError(f"{self.api}: unknown element types {sorted(unknown)}")


def _types(*names: str) -> frozenset[str]:
    return frozenset(names)


_ALL = frozenset(ELEMENT_TYPES)
_NO_8BIT = _ALL - {"int8_t", "uint8_t"}


def _table(rows: list[ApiSupport]) -> dict[str, ApiSupport]:
    return {r.api: r for r in rows}


_BIN_IMPL = f"{MEMORY_IMPL}/kernel_operator_vec_binary_continuous_impl.h"
_SCALAR_IMPL = f"{MEMORY_IMPL}/kernel_operator_vec_binary_scalar_impl.h"
_UNARY_IMPL = f"{MEMORY_IMPL}/kernel_operator_vec_unary_impl.h"
_REDUCE_IMPL = f"{MEMORY_IMPL}/kernel_operator_vec_reduce_impl.h"
_ARITH = f"{MEMORY_DOCS}/基础算术"
_LOGIC = f"{MEMORY_DOCS}/逻辑计算"
_INTS = _ALL - {"half", "bfloat16_t", "float"}
MEMORY_CAST_IMPL_FILE = f"{MEMORY_IMPL}/kernel_operator_vec_vconv_impl.h"
_CMPSEL = f"{MEMORY_DOCS}/比较与选择"

MEMORY_APIS: dict[str, ApiSupport] = _table(
    [
        ApiSupport("Add", _ALL, f"{_ARITH}/Add.md", _BIN_IMPL),
        ApiSupport("Sub", _ALL, f"{_ARITH}/Sub.md", _BIN_IMPL),
        ApiSupport("Mul", _NO_8BIT, f"{_ARITH}/Mul.md", _BIN_IMPL),
        ApiSupport("Div", _NO_8BIT - {"bfloat16_t"}, f"{_ARITH}/Div.md", _BIN_IMPL),
        ApiSupport("Max", _ALL, f"{_ARITH}/Max.md", _BIN_IMPL),
        ApiSupport("Min", _ALL, f"{_ARITH}/Min.md", _BIN_IMPL),
        ApiSupport("And", _INTS, f"{_LOGIC}/And.md", _BIN_IMPL),
        ApiSupport("Adds", _ALL - {"uint16_t", "uint32_t"}, f"{_ARITH}/Adds.md", _SCALAR_IMPL),
        ApiSupport("Muls", _NO_8BIT - {"uint16_t", "uint32_t"}, f"{_ARITH}/Muls.md", _SCALAR_IMPL),
        ApiSupport("Maxs", _ALL - {"uint16_t", "uint32_t"}, f"{_ARITH}/Maxs.md", _SCALAR_IMPL),
        ApiSupport("Mins", _ALL - {"uint16_t", "uint32_t"}, f"{_ARITH}/Mins.md", _SCALAR_IMPL),
        ApiSupport(
            "Abs",
            _types("int8_t", "int16_t", "half", "int32_t", "float", "int64_t"),
            f"{_ARITH}/Abs.md",
            _UNARY_IMPL,
        ),
        ApiSupport("Exp", _types("half", "float"), f"{_ARITH}/Exp.md", _UNARY_IMPL),
        ApiSupport("Sqrt", _types("half", "float"), f"{_ARITH}/Sqrt.md", _UNARY_IMPL),
        ApiSupport("Relu", _types("half", "int32_t", "float", "int64_t"), f"{_ARITH}/Relu.md", _UNARY_IMPL),
        # math ops (issue 19)
        ApiSupport("Ln", _types("half", "float"), f"{_ARITH}/Ln.md", _UNARY_IMPL),
        ApiSupport("Rsqrt", _types("half", "float"), f"{_ARITH}/Rsqrt.md", _UNARY_IMPL),
        ApiSupport(
            "Reciprocal",
            _types("half", "float", "int64_t", "uint64_t"),
            f"{_ARITH}/Reciprocal.md",
            _UNARY_IMPL,
        ),
        ApiSupport("LeakyRelu", _types("half", "float"), f"{_ARITH}/LeakyRelu.md", _SCALAR_IMPL),
        # rounding, bitwise and shift ops (issue 19)
        ApiSupport("Or", _INTS, f"{_LOGIC}/Or.md", _BIN_IMPL),
        ApiSupport("Not", _INTS | _types("half", "float"), f"{_LOGIC}/Not.md", _UNARY_IMPL),
        ApiSupport("ShiftLeft", _INTS, f"{_LOGIC}/ShiftLeft\uff08左移位数为Tensor\uff09.md", _BIN_IMPL),
        ApiSupport("ShiftRight", _INTS, f"{_LOGIC}/ShiftRight\uff08右移位数为Tensor\uff09.md", _BIN_IMPL),
        ApiSupport(
            "Truncate",
            _types("half", "bfloat16_t", "float"),
            f"{MEMORY_DOCS}/类型转换/Truncate(ISASI).md",
            MEMORY_CAST_IMPL_FILE,
        ),
        ApiSupport(
            "Duplicate",
            _ALL,
            f"{MEMORY_DOCS}/数据填充/Duplicate.md",
            f"{MEMORY_IMPL}/kernel_operator_vec_duplicate_impl.h",
        ),
        ApiSupport("Compare", _ALL, f"{_CMPSEL}/Compare.md", f"{MEMORY_IMPL}/kernel_operator_vec_cmp_impl.h"),
        ApiSupport(
            "Compares", _ALL, f"{_CMPSEL}/Compares.md", f"{MEMORY_IMPL}/kernel_operator_vec_cmp_impl.h"
        ),
        ApiSupport("Select", _ALL, f"{_CMPSEL}/Select.md", f"{MEMORY_IMPL}/kernel_operator_vec_sel_impl.h"),
        ApiSupport(
            "ReduceSum",
            _types("half", "float", "int32_t", "uint32_t", "int64_t", "uint64_t"),
            f"{MEMORY_DOCS}/归约计算/ReduceSum.md",
            _REDUCE_IMPL,
        ),
        ApiSupport(
            "ReduceMax",
            _ALL - {"int8_t", "uint8_t", "bfloat16_t"},
            f"{MEMORY_DOCS}/归约计算/ReduceMax.md",
            _REDUCE_IMPL,
        ),
        ApiSupport(
            "ReduceMin",
            _ALL - {"int8_t", "uint8_t", "bfloat16_t"},
            f"{MEMORY_DOCS}/归约计算/ReduceMin.md",
            _REDUCE_IMPL,
        ),
        ApiSupport(
            "Gather",
            _ALL,
            f"{MEMORY_DOCS}/离散与聚合/Gather.md",
            f"{MEMORY_IMPL}/kernel_operator_vec_gather_impl.h",
        ),
    ]
)
"""Memory-level (``LocalTensor``) APIs: element types of the count form on the 950."""

_REG_ARITH = f"{REGISTER_DOCS}/基础算术"
_REG_CMPSEL = f"{REGISTER_DOCS}/比较与选择"
_REG_LOGIC = f"{REGISTER_DOCS}/逻辑计算"
_REG_BIN = f"{REGISTER_IMPL}/kernel_reg_compute_vec_binary_impl.h"
_REG_SCALAR = f"{REGISTER_IMPL}/kernel_reg_compute_vec_binary_scalar_impl.h"
_REG_UNARY = f"{REGISTER_IMPL}/kernel_reg_compute_vec_unary_impl.h"
_REG_CMP = f"{REGISTER_IMPL}/kernel_reg_compute_vec_cmpsel_impl.h"
_REG_REDUCE = f"{REGISTER_IMPL}/kernel_reg_compute_vec_reduce_impl.h"

REGISTER_APIS: dict[str, ApiSupport] = _table(
    [
        ApiSupport("Add", _ALL, f"{_REG_ARITH}/Add.md", _REG_BIN),
        ApiSupport("Sub", _ALL, f"{_REG_ARITH}/Sub.md", _REG_BIN),
        ApiSupport("Mul", _NO_8BIT, f"{_REG_ARITH}/Mul.md", _REG_BIN),
        ApiSupport("Div", _NO_8BIT - {"bfloat16_t"}, f"{_REG_ARITH}/Div.md", _REG_BIN),
        ApiSupport("Max", _ALL, f"{_REG_ARITH}/Max.md", _REG_BIN),
        ApiSupport("Min", _ALL, f"{_REG_ARITH}/Min.md", _REG_BIN),
        ApiSupport("Adds", _ALL, f"{_REG_ARITH}/Adds.md", _REG_SCALAR),
        ApiSupport("Muls", _NO_8BIT - {"bfloat16_t"}, f"{_REG_ARITH}/Muls.md", _REG_SCALAR),
        ApiSupport("Maxs", _ALL, f"{_REG_ARITH}/Maxs.md", _REG_SCALAR),
        ApiSupport("Mins", _ALL, f"{_REG_ARITH}/Mins.md", _REG_SCALAR),
        ApiSupport(
            "Abs",
            _types("int8_t", "int16_t", "half", "int32_t", "float", "int64_t"),
            f"{_REG_ARITH}/Abs.md",
            _REG_UNARY,
        ),
        ApiSupport("Exp", _types("half", "float"), f"{_REG_ARITH}/Exp.md", _REG_UNARY),
        ApiSupport("Sqrt", _types("half", "float"), f"{_REG_ARITH}/Sqrt.md", _REG_UNARY),
        ApiSupport(
            "Relu", _types("half", "int32_t", "float", "int64_t"), f"{_REG_ARITH}/Relu.md", _REG_UNARY
        ),
        # math ops (issue 19)
        ApiSupport("Ln", _types("half", "float"), f"{_REG_ARITH}/Ln.md", _REG_UNARY),
        ApiSupport("Log2", _types("half", "float"), f"{_REG_ARITH}/Log2.md", _REG_UNARY),
        ApiSupport("LeakyRelu", _types("half", "float"), f"{_REG_ARITH}/LeakyRelu.md", _REG_SCALAR),
        # rounding, bitwise and shift ops (issue 19); bool registers are uint8_t lanes
        ApiSupport("And", _INTS, f"{_REG_LOGIC}/And.md", _REG_BIN),
        ApiSupport("Or", _INTS, f"{_REG_LOGIC}/Or.md", _REG_BIN),
        ApiSupport("Xor", _INTS, f"{_REG_LOGIC}/Xor.md", _REG_BIN),
        ApiSupport("Not", _INTS | _types("half", "float"), f"{_REG_LOGIC}/Not.md", _REG_UNARY),
        ApiSupport("ShiftLeft", _INTS, f"{_REG_LOGIC}/ShiftLeft.md", _REG_BIN),
        ApiSupport("ShiftRight", _INTS, f"{_REG_LOGIC}/ShiftRight.md", _REG_BIN),
        ApiSupport(
            "Truncate",
            _types("half", "bfloat16_t", "float"),
            f"{REGISTER_DOCS}/类型转换/Truncate.md",
            f"{REGISTER_IMPL}/kernel_reg_compute_vec_vconv_impl.h",
        ),
        ApiSupport(
            "Duplicate",
            _ALL,
            f"{REGISTER_DOCS}/数据填充/Duplicate.md",
            f"{REGISTER_IMPL}/kernel_reg_compute_vec_duplicate_impl.h",
        ),
        ApiSupport("Compare", _ALL, f"{_REG_CMPSEL}/Compare.md", _REG_CMP),
        ApiSupport("Compares", _ALL, f"{_REG_CMPSEL}/Compares.md", _REG_CMP),
        ApiSupport("Select", _ALL, f"{_REG_CMPSEL}/Select.md", _REG_CMP),
        ApiSupport(
            "Arange",
            _types("int8_t", "int16_t", "int32_t", "half", "float", "int64_t"),
            f"{REGISTER_DOCS}/索引操作/Arange.md",
            f"{REGISTER_IMPL}/kernel_reg_compute_vec_arange_impl.h",
        ),
        ApiSupport(
            "Reduce<SUM>",
            _types("int16_t", "uint16_t", "half", "int32_t", "uint32_t", "float", "int64_t", "uint64_t"),
            f"{REGISTER_DOCS}/归约计算/Reduce.md",
            _REG_REDUCE,
        ),
        ApiSupport(
            "Reduce<MAX>",
            _ALL - {"int8_t", "uint8_t", "bfloat16_t"},
            f"{REGISTER_DOCS}/归约计算/Reduce.md",
            _REG_REDUCE,
        ),
        ApiSupport(
            "Reduce<MIN>",
            _ALL - {"int8_t", "uint8_t", "bfloat16_t"},
            f"{REGISTER_DOCS}/归约计算/Reduce.md",
            _REG_REDUCE,
        ),
    ]
)
"""Register-level (``AscendC::Reg``) APIs inside ``__simd_vf__`` functions; the source
element types (``Reduce<SUM>`` widens int16/uint16 to 32 bits, Reduce.md table 3)."""

SHIFT_COUNT_RULE = (
    "the shift count tensor holds the signed integer type of the shifted tensor's width "
    "(int8_t for int8_t/uint8_t, ..., int64_t for int64_t/uint64_t) and must be >= 0: "
    f"{_LOGIC}/ShiftLeft\uff08左移位数为Tensor\uff09.md, ShiftRight\uff08右移位数为Tensor\uff09.md (数据类型, 约束说明); "
    f"{_REG_LOGIC}/ShiftLeft.md, ShiftRight.md (表3, 约束说明: 负数行为未定义); "
    f"{_BIN_IMPL} ShiftLeftImpl/ShiftRightImpl (SupportType<Tuple<T, U>>)"
)
"""The ``(T, U)`` rule of the tensor-count ShiftLeft/ShiftRight at both levels; a signed
``T`` is shifted left arithmetically (the sign bit is kept, the bit below it dropped: the
docs' example 1010101010101010 -> 1101010101010100), an unsigned ``T`` logically."""

TRUNCATE_MODES = frozenset({"CAST_RINT", "CAST_ROUND", "CAST_FLOOR", "CAST_CEIL", "CAST_TRUNC"})
"""The ``roundMode`` values of ``Truncate`` (both levels: Truncate(ISASI).md 表1, Reg
Truncate.md 表1)."""

ROUND_ALL = frozenset({"CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC"})
"""The five rounding modes of every rounding Cast row of the 950 tables."""
_NONE = frozenset({"CAST_NONE"})
_REG_EXACT = frozenset({"UNKNOWN", "CAST_NONE"})

MEMORY_CAST_DOC = f"{MEMORY_DOCS}/类型转换/Cast.md"
MEMORY_CAST_IMPL = f"{MEMORY_IMPL}/kernel_operator_vec_vconv_impl.h"
REG_CAST_DOC = f"{REGISTER_DOCS}/类型转换/Cast.md"
REG_CAST_IMPL = f"{REGISTER_IMPL}/kernel_reg_compute_vec_vconv_impl.h"


@dataclass(frozen=True)
class CastRule:
    """One (source, destination) row of a 950 Cast table: the round modes it allows."""

    src: str
    dst: str
    modes: frozenset[str]
    source: str
    """Doc table (and the ``dav_3510`` implementation that dispatches on it)."""

    def __post_init__(self) -> None:
        unknown = {self.src, self.dst} - set(ELEMENT_TYPES)
        if unknown:  # pragma: no cover - a typo in the tables below
            raise ValueError(f"Cast {self.src} -> {self.dst}: unknown element types {sorted(unknown)}")


def _cast_table(source: str, rows: list[tuple[str, str, frozenset[str]]]) -> dict[tuple[str, str], CastRule]:
    return {(s, d): CastRule(s, d, m, source) for s, d, m in rows}


_MEM_CAST_SOURCE = f"{MEMORY_CAST_DOC} (950 table); {MEMORY_CAST_IMPL} CastImpl"
MEMORY_CAST_MODES: dict[tuple[str, str], CastRule] = _cast_table(
    _MEM_CAST_SOURCE,
    [
        ("int8_t", "int16_t", _NONE),
        ("int8_t", "half", _NONE),
        ("int8_t", "int32_t", _NONE),
        ("uint8_t", "uint16_t", _NONE),
        ("uint8_t", "half", _NONE),
        ("uint8_t", "uint32_t", _NONE),
        ("int16_t", "uint8_t", _NONE),
        ("int16_t", "half", ROUND_ALL),
        ("int16_t", "int32_t", _NONE),
        ("int16_t", "uint32_t", _NONE),
        ("int16_t", "float", _NONE),
        ("uint16_t", "uint8_t", _NONE),
        ("uint16_t", "uint32_t", _NONE),
        ("half", "int8_t", ROUND_ALL),
        ("half", "uint8_t", ROUND_ALL),
        ("half", "int16_t", ROUND_ALL),
        ("half", "bfloat16_t", ROUND_ALL),
        ("half", "int32_t", ROUND_ALL),
        ("half", "float", _NONE),
        ("bfloat16_t", "half", ROUND_ALL),
        ("bfloat16_t", "int32_t", ROUND_ALL),
        ("bfloat16_t", "float", _NONE),
        ("int32_t", "uint8_t", _NONE),
        ("int32_t", "int16_t", _NONE),
        ("int32_t", "uint16_t", _NONE),
        ("int32_t", "float", ROUND_ALL),
        ("int32_t", "int64_t", _NONE),
        ("uint32_t", "uint8_t", _NONE),
        ("uint32_t", "int16_t", _NONE),
        ("uint32_t", "uint16_t", _NONE),
        ("float", "int16_t", ROUND_ALL),
        ("float", "half", ROUND_ALL | {"CAST_ODD", "CAST_NONE"}),
        ("float", "bfloat16_t", ROUND_ALL),
        ("float", "int32_t", ROUND_ALL),
        ("float", "float", ROUND_ALL),
        ("float", "int64_t", ROUND_ALL),
        ("int64_t", "int32_t", _NONE),
        ("int64_t", "float", ROUND_ALL),
    ],
)
"""Memory-level ``Cast(dst, src, roundMode, count)`` on the 950: (src, dst) -> the round
modes the doc's "Ascend 950PR/Ascend 950DT支持的数据类型组合情况" table lists (rows with
int4/fp4/fp8/hifloat8/complex/double left out). The ``dav_3510`` ``CastImpl`` accepts a
superset (CAST_NONE also rounds to nearest for half->int8/uint8, int16->half, int32->float);
the doc is the contract, so that superset is not used. Any other combination reaches an
``ASCENDC_ASSERT`` that is empty on a device: the Cast silently does nothing."""

MEMORY_CAST_DEQSCALE = frozenset({("int32_t", "half")})
"""Pairs the 950 table lists with "roundMode不生效, 与SetDeqScale(half scale)接口配合使用": the
result is scaled by a ``SetDeqScale`` register the emitter never sets, so they are not legal
Casts here (int32 -> half goes through float, ``target.types.cast_steps``)."""

_RA = ROUND_ALL
REG_CAST_MODES: dict[tuple[str, str], CastRule] = _cast_table(
    f"{REG_CAST_DOC} (tables 3, 6-9); {REG_CAST_IMPL} CastImpl",
    [
        # table 9, integer -> integer: RoundMode::UNKNOWN (the impl never reads the mode)
        *(
            (s, d, _REG_EXACT)
            for s, d in [
                ("int8_t", "int16_t"),
                ("int8_t", "int32_t"),
                ("uint8_t", "uint16_t"),
                ("uint8_t", "uint32_t"),
                ("int16_t", "uint8_t"),
                ("int16_t", "int32_t"),
                ("int16_t", "uint32_t"),
                ("uint16_t", "uint8_t"),
                ("uint16_t", "uint32_t"),
                ("int32_t", "uint8_t"),
                ("int32_t", "int16_t"),
                ("int32_t", "int64_t"),
                ("uint32_t", "uint8_t"),
                ("uint32_t", "int16_t"),
                ("uint32_t", "uint16_t"),
                ("int64_t", "int32_t"),
            ]
        ),
        # table 8, integer -> float: exact widenings take UNKNOWN, the others round
        ("int8_t", "half", _REG_EXACT),
        ("uint8_t", "half", _REG_EXACT),
        ("int16_t", "float", _REG_EXACT),
        ("int16_t", "half", _RA),
        ("int32_t", "float", _RA),
        ("int64_t", "float", _RA),
        # table 7, float -> float
        ("half", "float", _REG_EXACT),
        ("bfloat16_t", "float", _REG_EXACT),
        ("half", "bfloat16_t", _RA),
        ("bfloat16_t", "half", _RA),
        ("float", "half", _RA | {"CAST_ODD"}),
        ("float", "bfloat16_t", _RA),
        # table 6, float -> integer
        ("half", "int8_t", _RA),
        ("half", "uint8_t", _RA),
        ("half", "int16_t", _RA),
        ("half", "int32_t", _RA),
        ("bfloat16_t", "int32_t", _RA),
        ("float", "int16_t", _RA),
        ("float", "int32_t", _RA),
        ("float", "int64_t", _RA),
    ],
)
"""Register ``Reg::Cast<T, U, trait>`` on the 950: (src, dst) -> the ``trait.roundMode``
values tables 6-9 of the doc list. Rows whose doc mode is ``RoundMode::UNKNOWN`` (exact
conversions, integer narrowing) also accept CAST_NONE, the dialect's spelling of "no
rounding": the impl dispatches those pairs (``layoutMerge``/``satLayMergeCast``) without
reading the round mode. CAST_NONE on a rounding row is refused: the impl maps it to
CAST_RINT for five pairs only and to a hybrid rounding for the rest."""

REG_CASTS: dict[str, frozenset[str]] = {
    src: frozenset(d for s, d in REG_CAST_MODES if s == src)
    for src in dict.fromkeys(s for s, _ in REG_CAST_MODES)
}
"""Register ``Cast`` source -> destinations (Reg矢量计算/类型转换/Cast.md, table 3;
``kernel_reg_compute_vec_vconv_impl.h``)."""

MEMORY_CASTS: dict[str, frozenset[str]] = {
    src: frozenset(d for s, d in MEMORY_CAST_MODES if s == src and d != src)
    for src in dict.fromkeys(s for s, _ in MEMORY_CAST_MODES)
}
"""Memory-level ``Cast`` source -> destinations on the 950 (Memory矢量计算/类型转换/Cast.md,
the 950 table; ``kernel_operator_vec_vconv_impl.h``): the register pairs plus int32 ->
uint16. int32 -> half is left out: it ignores the round mode and needs ``SetDeqScale``."""


_SAT_DOC = (
    f'{REG_CAST_DOC} (表4 整数转整数: 饱和模式 "会饱和为目标数据最值"; 约束说明: int16_t -> uint32_t '
    '"只支持饱和模式, 输入负数会被饱和成0"); docs/zh/api/SIMD-API/基础API/特殊寄存器访问/SetCtrlSpr(ISASI).md '
    "(CTRL[60] default 1'b1: saturation set globally; CTRL[59] default 1'b0: float->int and int->int "
    "conversions saturate; the trait's satMode only counts with CTRL[60] = 0); "
    f"{MEMORY_CAST_IMPL} CastIntrinsicsImplVF / CastIntrinsicsB64ImplVF (castTrait SatMode::SAT, lines 140, 261)"
)
SATURATING_INT_CASTS: frozenset[tuple[str, str]] = frozenset(
    {
        ("int16_t", "uint8_t"),
        ("uint16_t", "uint8_t"),
        ("int16_t", "uint32_t"),
        ("int32_t", "uint8_t"),
        ("int32_t", "int16_t"),
        ("int32_t", "uint16_t"),
        ("uint32_t", "uint8_t"),
        ("uint32_t", "int16_t"),
        ("uint32_t", "uint16_t"),
        ("int64_t", "int32_t"),
    }
)
"""Integer -> integer Casts (memory-level and register) whose destination cannot hold every
source value: on the 950 they SATURATE (a value out of range becomes the destination's
min/max; int16 -> uint32 turns negatives into 0), where torch wraps (keeps the low bits).
Both levels by default: the memory-level Cast calls ``Reg::Cast`` with ``SatMode::SAT`` and
the kernel's CTRL register starts in global saturation mode (``_SAT_DOC``), which also
overrides a register Cast's ``SatMode::NO_SAT`` unless the kernel clears CTRL[60] (the
emitter never does). The lowering wraps the source into range first
(``target.types.wrap_plan``); VF admission keeps these Casts out of a VF."""
SATURATING_INT_CASTS_SOURCE = _SAT_DOC


def cast_saturates(src: str, dst: str) -> bool:
    """Whether a Cast ``src -> dst`` (either level) saturates values the destination
    cannot hold where torch wraps (``SATURATING_INT_CASTS``)."""
    return (src, dst) in SATURATING_INT_CASTS


def memory_cast_modes(src: str, dst: str) -> frozenset[str]:
    """The round modes a memory-level Cast ``src -> dst`` allows on the 950 (empty: illegal)."""
    rule = MEMORY_CAST_MODES.get((src, dst))
    return rule.modes if rule else frozenset()


def reg_cast_modes(src: str, dst: str) -> frozenset[str]:
    """The ``trait.roundMode`` values a register Cast ``src -> dst`` allows (empty: illegal)."""
    rule = REG_CAST_MODES.get((src, dst))
    return rule.modes if rule else frozenset()


def memory_api_supports(api: str, element: str) -> bool:
    return element in MEMORY_APIS[api].types if api in MEMORY_APIS else False


def reg_api_supports(api: str, element: str) -> bool:
    return element in REGISTER_APIS[api].types if api in REGISTER_APIS else False


def reg_cast_supported(src: str, dst: str) -> bool:
    return src == dst or dst in REG_CASTS.get(src, frozenset())


def memory_cast_supported(src: str, dst: str) -> bool:
    return dst in MEMORY_CASTS.get(src, frozenset())


# ------------------------------------------------------------------ documented ranges

_COPY_DOCS = f"{MEMORY_DOCS}/数据搬运"
GM_TO_UB_DOC = f"{_COPY_DOCS}/DataCopyPad\uff08GMToUB非对齐数据搬运\uff09.md"
UB_TO_GM_DOC = f"{_COPY_DOCS}/DataCopyPad\uff08UBToGM非对齐数据搬运\uff09.md"


@dataclass(frozen=True)
class Limit:
    """A documented parameter range ``[lo, hi]`` of one API on arch 3510."""

    name: str
    lo: int
    hi: int
    unit: str
    source: str


LIMITS: dict[str, Limit] = {
    lim.name: lim
    for lim in [
        Limit(
            "copy_block_count",
            0,
            4095,
            "blocks",
            f"{GM_TO_UB_DOC} and {UB_TO_GM_DOC}, DataCopyExtParams table",
        ),
        Limit(
            "copy_block_len",
            0,
            2097151,
            "bytes",
            f"{GM_TO_UB_DOC} and {UB_TO_GM_DOC}, DataCopyExtParams table",
        ),
        Limit("gm_to_ub_dst_stride", 0, 65535, "32-byte blocks", f"{GM_TO_UB_DOC}, the 950 note of table 5"),
        Limit("gm_to_ub_src_stride_max", 0, 2**40 - 1, "bytes", f"{GM_TO_UB_DOC}, the 950 note of table 5"),
        Limit("ub_to_gm_src_stride", 0, 65535, "32-byte blocks", f"{UB_TO_GM_DOC}, the 950 note of table 4"),
        Limit("ub_to_gm_dst_stride", 0, 2**40 - 1, "bytes", f"{UB_TO_GM_DOC}, the 950 note of table 4"),
        Limit("gather_offset_b8", 0, 2**16 - 1, "bytes", f"{MEMORY_DOCS}/离散与聚合/Gather.md, 约束说明"),
        Limit("gather_offset_b16", 0, 2**17 - 1, "bytes", f"{MEMORY_DOCS}/离散与聚合/Gather.md, 约束说明"),
        Limit("gather_offset_b32", 0, 2**32 - 1, "bytes", f"{MEMORY_DOCS}/离散与聚合/Gather.md, 约束说明"),
        Limit(
            "tpipe_buffers",
            0,
            64,
            "buffers",
            "docs/zh/api/SIMD-API/基础API/资源管理/TPipe/InitBuffer.md, 约束说明 "
            "(一个kernel中所有使用的Buffer数量之和不能超过64)",
        ),
    ]
}
"""Parameter ranges the 950 docs state for the APIs the emitter calls. The GM -> UB
``srcStride`` may also be negative down to ``-blockLen`` (repeat one block)."""

_UB_DOC = "docs/zh/api/SIMT-API/SIMD与SIMT混合编程简介/编程模型-140.md"
UB_BYTES = 248 * 1024
"""UB a SIMD-only kernel may use: 256 KB less the 8 KB system reserve (``_UB_DOC``: "预留空间:
系统预留空间, 大小固定为8KB")."""
UB_BYTES_SIMT = UB_BYTES - 32 * 1024
"""UB a kernel with a SIMT part may use: the SIMT Data Cache takes the rest of UB and must be
at least 32 KB (``_UB_DOC``: "Data Cache最小为32KB"; 核函数配置-147.md: dyn_ub_size 不超过
256KB - 8KB - 32KB - 静态内存)."""
UB_SOURCE = f"{_UB_DOC}; docs/zh/api/SIMT-API/SIMD与SIMT混合编程简介/扩展语法/核函数配置-147.md"


def gather_offset_limit(element_bytes: int) -> Limit:
    """The byte-offset range of ``Gather`` for ``element_bytes``-byte elements."""
    return LIMITS[
        "gather_offset_b8"
        if element_bytes == 1
        else "gather_offset_b16"
        if element_bytes == 2
        else "gather_offset_b32"
    ]


# ------------------------------------------------------------------ Level-0 (mask, repeat) forms
_L0_BIN = f"{MEMORY_IMPL}/kernel_operator_vec_binary_impl.h"
_L0_16_32 = _types("half", "uint16_t", "int16_t", "bfloat16_t", "uint32_t", "int32_t", "float")
_L0_SCALAR = _types("half", "bfloat16_t", "float", "int16_t", "int32_t")
_L0_CMP = f"{MEMORY_IMPL}/kernel_operator_vec_cmp_impl.h"

MEMORY_L0_APIS: dict[str, ApiSupport] = _table(
    [
        ApiSupport("Add", _L0_16_32, f"{_ARITH}/Add.md:94", f"{_L0_BIN}:32,145"),
        ApiSupport("Sub", _L0_16_32, f"{_ARITH}/Sub.md:94", f"{_L0_BIN}:44,157"),
        ApiSupport("Mul", _L0_16_32, f"{_ARITH}/Mul.md:94", f"{_L0_BIN}:56,169"),
        ApiSupport(
            "Div",
            _types("uint16_t", "int16_t", "uint32_t", "int32_t", "half", "float"),
            f"{_ARITH}/Div.md:153",
            f"{_L0_BIN}:68,181",
        ),
        ApiSupport("Max", _L0_16_32, f"{_ARITH}/Max.md:88", f"{_L0_BIN}:97,214"),
        ApiSupport("Min", _L0_16_32, f"{_ARITH}/Min.md:88", f"{_L0_BIN}:109,226"),
        ApiSupport(
            "And",
            _types("int16_t", "uint16_t", "uint32_t", "int32_t"),
            f"{_LOGIC}/And.md:94",
            f"{_L0_BIN}:121,238",
        ),
        ApiSupport("Adds", _L0_SCALAR, f"{_ARITH}/Adds.md:114", f"{_SCALAR_IMPL}:223,234"),
        ApiSupport("Muls", _L0_SCALAR, f"{_ARITH}/Muls.md:114", f"{_SCALAR_IMPL}:278,289"),
        ApiSupport("Maxs", _L0_SCALAR, f"{_ARITH}/Maxs.md:114", f"{_SCALAR_IMPL}:320,331"),
        ApiSupport("Mins", _L0_SCALAR, f"{_ARITH}/Mins.md:114", f"{_SCALAR_IMPL}:362,373"),
        ApiSupport(
            "LeakyRelu", _types("half", "float"), f"{_ARITH}/LeakyRelu.md:123", f"{_SCALAR_IMPL}:498,509"
        ),
        ApiSupport(
            "Abs",
            _types("half", "int16_t", "float", "int32_t"),
            f"{_ARITH}/Abs.md:99-101",
            f"{_UNARY_IMPL}:343,354",
        ),
        ApiSupport("Exp", _types("half", "float"), f"{_ARITH}/Exp.md:146", f"{_UNARY_IMPL}:279,295"),
        ApiSupport("Sqrt", _types("half", "float"), f"{_ARITH}/Sqrt.md:146", f"{_UNARY_IMPL}:409,435"),
        ApiSupport(
            "Relu", _types("half", "float", "int32_t"), f"{_ARITH}/Relu.md:92", f"{_UNARY_IMPL}:550,560"
        ),
        ApiSupport(
            "Duplicate",
            _types("half", "bfloat16_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "float"),
            f"{MEMORY_DOCS}/数据填充/Duplicate.md:110",
            f"{MEMORY_IMPL}/kernel_operator_vec_duplicate_impl.h:40-44",
        ),
        ApiSupport("Compare", _L0_16_32, f"{_CMPSEL}/Compare.md:154", f"{_L0_CMP}:334-336,408-410"),
        ApiSupport("Compares", _L0_16_32, f"{_CMPSEL}/Compares.md:136", f"{_L0_CMP}:541-543,629-631"),
        ApiSupport(
            "Select",
            _L0_16_32,
            f"{_CMPSEL}/Select.md:182",
            f"{MEMORY_IMPL}/kernel_operator_vec_sel_impl.h:393-395,418-420",
        ),
        ApiSupport(
            "ReduceSum",
            _types("half", "float", "uint32_t", "int32_t"),
            f"{MEMORY_DOCS}/归约计算/ReduceSum.md:95",
            f"{_REDUCE_IMPL}:669,692",
        ),
        ApiSupport(
            "ReduceMax",
            _types("int16_t", "uint16_t", "int32_t", "uint32_t", "half", "float"),
            f"{MEMORY_DOCS}/归约计算/ReduceMax.md:96",
            f"{_REDUCE_IMPL}:1118,1169",
        ),
        ApiSupport(
            "ReduceMin",
            _types("int16_t", "uint16_t", "int32_t", "uint32_t", "half", "float"),
            f"{MEMORY_DOCS}/归约计算/ReduceMin.md:97",
            f"{_REDUCE_IMPL}:1253,1304",
        ),
        ApiSupport(
            "Gather",
            _ALL - {"int8_t", "uint8_t"},
            f"{MEMORY_DOCS}/离散与聚合/Gather.md:162-164",
            f"{MEMORY_IMPL}/kernel_operator_vec_gather_impl.h:409,459 (SupportBytes<T, 2, 4, 8>)",
        ),
    ]
)
"""The element types of the Level-0 ("tensor高维切分": mask, repeatTime, repeat parameters)
forms on arch 3510, narrower than the count forms of ``MEMORY_APIS`` (no 8-bit and, but for
Gather, no 64-bit types). Each row cites the doc's data-type list and the ``static_assert(
SupportType<...>)`` lines of the Level-0 ``dav_3510`` implementation. Cast takes the Cast
table (``MEMORY_CAST_MODES``)."""
