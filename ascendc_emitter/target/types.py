"""ASCIR dtypes as element types of the ``ascendc`` dialect, Cast round modes and constant
conversion -- shared by the passes (VF admission) and every lowering."""

from __future__ import annotations

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IntegerType, Signedness
from xdsl.ir import Attribute

from ascendc_emitter.dialect.types import element_cname
from ascir_dialect.dtypes import DType


def element_type(d: DType) -> Attribute:
    """The element type of a ``LocalTensor``/register holding ``d`` (bool is stored as uint8)."""
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


def element_name(d: DType) -> str:
    """The C++ element type of ``d`` (``half``, ``uint8_t`` for bool, ...): the key of the
    support tables (``target.support``)."""
    return element_cname(element_type(d))


def scalar_type(d: DType) -> Attribute:
    """arith scalars are signless: unsigned dtypes use the same-width signless type."""
    t = element_type(d)
    return IntegerType(t.width.data) if isinstance(t, IntegerType) else t


def cast_round_mode(src: DType, dst: DType) -> str:
    """The AscendC round mode of a Cast: float -> int truncates (torch semantics), integer
    reinterpretations of one width need none, everything else rounds to nearest even."""
    if src.is_float and not dst.is_float:
        return "CAST_TRUNC"
    if not src.is_float and not dst.is_float and src.nbytes == dst.nbytes:
        return "CAST_NONE"
    return "CAST_RINT"


