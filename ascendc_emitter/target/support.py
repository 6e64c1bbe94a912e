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
_CMPSEL = f"{MEMORY_DOCS}/比较与选择"

MEMORY_APIS: dict[str, ApiSupport] = _table(
    [
        ApiSupport("Add", _ALL, f"{_ARITH}/Add.md", _BIN_IMPL),
        ApiSupport("Sub", _ALL, f"{_ARITH}/Sub.md", _BIN_IMPL),
        ApiSupport("Mul", _NO_8BIT, f"{_ARITH}/Mul.md", _BIN_IMPL),
        ApiSupport("Div", _NO_8BIT - {"bfloat16_t"}, f"{_ARITH}/Div.md", _BIN_IMPL),
        ApiSupport("Max", _ALL, f"{_ARITH}/Max.md", _BIN_IMPL),
        ApiSupport("Min", _ALL, f"{_ARITH}/Min.md", _BIN_IMPL),
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

REG_CASTS: dict[str, frozenset[str]] = {
    "int8_t": frozenset({"int16_t", "half", "int32_t"}),
    "uint8_t": frozenset({"uint16_t", "half", "uint32_t"}),
    "int16_t": frozenset({"uint8_t", "half", "int32_t", "uint32_t", "float"}),
    "uint16_t": frozenset({"uint8_t", "uint32_t"}),
    "half": frozenset({"int8_t", "uint8_t", "int16_t", "bfloat16_t", "int32_t", "float"}),
    "bfloat16_t": frozenset({"half", "int32_t", "float"}),
    "int32_t": frozenset({"uint8_t", "int16_t", "float", "int64_t"}),
    "uint32_t": frozenset({"uint8_t", "int16_t", "uint16_t"}),
    "float": frozenset({"int16_t", "half", "bfloat16_t", "int32_t", "int64_t"}),
    "int64_t": frozenset({"int32_t", "float"}),
}
"""Register ``Cast`` source -> destinations (Reg矢量计算/类型转换/Cast.md, table 3;
``kernel_reg_compute_vec_vconv_impl.h``)."""

MEMORY_CASTS: dict[str, frozenset[str]] = {
    **REG_CASTS,
    "int32_t": REG_CASTS["int32_t"] | {"uint16_t"},
}
"""Memory-level ``Cast`` source -> destinations on the 950 (Memory矢量计算/类型转换/Cast.md,
the 950 table; ``kernel_operator_vec_vconv_impl.h``): the register pairs plus int32 ->
uint16. int32 -> half is left out: it ignores the round mode and needs ``SetDeqScale``."""


def memory_api_supports(api: str, element: str) -> bool:
    return element in MEMORY_APIS[api].types if api in MEMORY_APIS else False


def reg_api_supports(api: str, element: str) -> bool:
    return element in REGISTER_APIS[api].types if api in REGISTER_APIS else False


def reg_cast_supported(src: str, dst: str) -> bool:
    return src == dst or dst in REG_CASTS.get(src, frozenset())


def memory_cast_supported(src: str, dst: str) -> bool:
    return dst in MEMORY_CASTS.get(src, frozenset())
