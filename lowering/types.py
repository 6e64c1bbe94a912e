"""ASCIR dtypes -> element types of the ``ascendc`` dialect (bool is stored as uint8)."""

from __future__ import annotations

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IntegerType, Signedness
from xdsl.ir import Attribute

from ascir_dialect.dtypes import DType


def element_type(d: DType) -> Attribute:
    if d is DType.float32:
        return Float32Type()
    if d is DType.float16:
        return Float16Type()
    if d is DType.bfloat16:
        return BFloat16Type()
    if d is DType.bool:
        return IntegerType(8, Signedness.UNSIGNED)
    width = d.nbytes * 8
    return IntegerType(width, Signedness.UNSIGNED if d.value.startswith("u") else Signedness.SIGNLESS)


def scalar_type(d: DType) -> Attribute:
    """arith scalars are signless: unsigned dtypes use the same-width signless type."""
    t = element_type(d)
    return IntegerType(t.width.data) if isinstance(t, IntegerType) else t
