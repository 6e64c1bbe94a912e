"""ASCIR dtypes as element types of the ``ascendc`` dialect, Cast round modes and constant
conversion -- shared by the passes (VF admission) and every lowering."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IntegerType, Signedness
from xdsl.ir import Attribute

from ascendc_emitter.dialect.types import element_cname
from ascendc_emitter.target.support import cast_saturates, memory_cast_modes, reg_cast_modes
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


class CastUnsupportedError(ValueError):
    """A Cast the 950 cannot do with torch's result: no legal Cast and no exact route."""


_CNAME_DTYPE: dict[str, DType] = {element_name(d): d for d in DType if d is not DType.bool}


def _exact(src: DType, dst: DType) -> bool:
    """Every value of ``src`` is a value of ``dst`` (the conversion needs no rounding)."""
    if src is dst:
        return True
    if src.is_float:
        return dst is DType.float32 and src in (DType.float16, DType.bfloat16)
    lo, hi = (0, 1) if src is DType.bool else _int_range(src)
    if dst.is_float:
        mantissa = {DType.float16: 11, DType.bfloat16: 8, DType.float32: 24}[dst]
        return max(-lo, hi) <= 2**mantissa
    dlo, dhi = _int_range(dst)
    return dlo <= lo and hi <= dhi


def _int_range(d: DType) -> tuple[int, int]:
    bits = d.nbytes * 8
    return (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if d.is_signed else (0, 2**bits - 1)


def cast_round_mode(src: DType, dst: DType, *, register: bool = False) -> str:
    """The AscendC round mode giving torch's result for one Cast the 950 table has:
    float -> int truncates (CAST_TRUNC), an exact conversion (widening, integer -> integer)
    takes CAST_NONE, everything else rounds to nearest even (CAST_RINT). The mode is
    checked against the memory-level (or, with ``register``, the register) Cast table of
    ``target.support``; a pair the table lacks raises ``CastUnsupportedError`` -- the memory
    path routes it first (``cast_steps``), VF admission keeps it out of a VF."""
    s, d = element_name(src), element_name(dst)
    if src.is_float and not dst.is_float:
        mode = "CAST_TRUNC"
    elif _exact(src, dst) or not (src.is_float or dst.is_float):
        mode = "CAST_NONE"
    else:
        mode = "CAST_RINT"
    allowed = reg_cast_modes(s, d) if register else memory_cast_modes(s, d)
    if mode not in allowed:
        level = "register" if register else "memory-level"
        legal = ", ".join(sorted(allowed)) or "none"
        raise CastUnsupportedError(
            f"{s} -> {d} is not a {level} Cast with {mode} on arch 3510 (legal modes: {legal})"
        )
    return mode


def direct_cast_refusal(src: DType, dst: DType) -> str | None:
    """Why ``src -> dst`` is not one legal memory-level Cast on arch 3510, or None."""
    try:
        cast_round_mode(src, dst)
    except CastUnsupportedError as e:
        return str(e)
    return None


CAST_ROUTES: dict[tuple[DType, DType], tuple[DType, ...]] = {
    (src, dst): via
    for (src, dst), via in {
        # an exact widening first, then the one conversion the table has
        (DType.int8, DType.uint8): (DType.int16,),
        (DType.int8, DType.uint16): (DType.int32,),
        (DType.int8, DType.uint32): (DType.int16,),
        (DType.int8, DType.bfloat16): (DType.float16,),
        (DType.int8, DType.float32): (DType.float16,),
        (DType.int8, DType.int64): (DType.int32,),
        (DType.uint8, DType.int16): (DType.uint32,),
        (DType.uint8, DType.int32): (DType.float16,),
        (DType.uint8, DType.bfloat16): (DType.float16,),
        (DType.uint8, DType.float32): (DType.float16,),
        (DType.uint8, DType.int64): (DType.float16, DType.int32),
        (DType.int16, DType.uint16): (DType.int32,),
        (DType.int16, DType.bfloat16): (DType.float32,),
        (DType.int16, DType.int64): (DType.int32,),
        (DType.uint16, DType.int16): (DType.uint32,),
        (DType.float16, DType.int64): (DType.float32,),
        (DType.bfloat16, DType.int16): (DType.float32,),
        (DType.bfloat16, DType.int64): (DType.float32,),
        # the conversion into a wider integer, then an integer narrowing (wraps like torch)
        (DType.float16, DType.uint16): (DType.int32,),
        (DType.bfloat16, DType.uint16): (DType.int32,),
        (DType.float32, DType.uint16): (DType.int32,),
        (DType.int64, DType.uint8): (DType.int32,),
        (DType.int64, DType.int16): (DType.int32,),
        (DType.int64, DType.uint16): (DType.int32,),
        # integer -> half/bfloat16 through float: torch converts through float too
        # (c10::Half/BFloat16 are built from a float); int32 -> half directly needs SetDeqScale
        (DType.int32, DType.float16): (DType.float32,),
        (DType.int32, DType.bfloat16): (DType.float32,),
        (DType.int64, DType.float16): (DType.float32,),
        (DType.int64, DType.bfloat16): (DType.float32,),
        # float -> 8-bit integer through half, truncating on both steps (TRUNCATING_ROUTES)
        (DType.float32, DType.int8): (DType.float16,),
        (DType.float32, DType.uint8): (DType.float16,),
        (DType.bfloat16, DType.int8): (DType.float16,),
        (DType.bfloat16, DType.uint8): (DType.float16,),
    }.items()
}
"""Memory-level Casts the 950 table lacks, as the intermediate dtypes of a chain of legal
Casts with torch's result (for every value the destination can hold)."""

TRUNCATING_ROUTES = frozenset(
    (s, d) for s in (DType.float32, DType.bfloat16) for d in (DType.int8, DType.uint8)
)
"""Routes whose float -> half step truncates (CAST_TRUNC) instead of rounding: a value
rounded towards zero keeps its integer part below 2048 (half holds every such integer),
so truncating it to an integer afterwards gives trunc(x); rounding to nearest would turn
1.9999 into 2."""


def cast_steps(src: DType, dst: DType) -> tuple[tuple[DType, DType, str], ...]:
    """The memory-level Casts (source, destination, round mode) that convert ``src`` to
    ``dst`` as torch does on arch 3510: one legal Cast, a route of ``CAST_ROUTES``, or for a
    bool source (0/1 stored as uint8) the shortest chain of legal Casts (every one keeps 0
    and 1). Empty when the bytes are already right (same dtype, bool -> uint8). Raises ``CastUnsupportedError`` for a pair with no such chain."""
    if src is dst or (src is DType.bool and dst is DType.uint8):
        return ()
    s = DType.uint8 if src is DType.bool else src
    if memory_cast_modes(element_name(s), element_name(dst)):
        return ((src, dst, cast_round_mode(s, dst)),)
    if src is DType.bool:
        chain = _shortest_chain(s, dst)
    elif (src, dst) in CAST_ROUTES:
        chain = (src, *CAST_ROUTES[(src, dst)], dst)
    else:
        raise CastUnsupportedError(
            f"Cast {src} -> {dst} has no legal memory-level Cast on arch 3510 "
            f"({element_name(src)} -> {element_name(dst)} is not in Memory矢量计算/类型转换/Cast.md) "
            "and no route through legal Casts that keeps torch's result"
        )
    trunc = (src, dst) in TRUNCATING_ROUTES
    steps = []
    for a, b in itertools.pairwise(chain):
        a_ = DType.uint8 if a is DType.bool else a
        mode = "CAST_TRUNC" if trunc and a_.is_float else cast_round_mode(a_, b)
        assert mode in memory_cast_modes(element_name(a_), element_name(b)), (a, b, mode)
        steps.append((a, b, mode))
    return tuple(steps)


def _shortest_chain(src: DType, dst: DType) -> tuple[DType, ...]:
    """Breadth-first over the memory-level Cast table, in ``DType`` order (deterministic)."""
    prev: dict[DType, DType] = {}
    frontier = [src]
    while frontier and dst not in prev:
        nxt = []
        for a in frontier:
            for b in DType:
                if b is DType.bool or b is src or b in prev:
                    continue
                if memory_cast_modes(element_name(a), element_name(b)):
                    prev[b] = a
                    nxt.append(b)
        frontier = nxt
    if dst not in prev:
        raise CastUnsupportedError(f"Cast bool -> {dst} has no chain of memory-level Casts on arch 3510")
    chain = [dst]
    while chain[-1] is not src:
        chain.append(prev[chain[-1]])
    return (DType.bool, *reversed(chain[:-1]))


_SIGNED_OF_WIDTH = {1: DType.int8, 2: DType.int16, 4: DType.int32, 8: DType.int64}


@dataclass(frozen=True)
class WrapPlan:
    """How one saturating integer Cast ``src -> dst`` (``support.SATURATING_INT_CASTS``) is
    emitted with torch's two's-complement wrap: the source's bits are processed as ``view``
    (the signed type of its width, a ReinterpretCast); a narrowing first keeps the low
    ``bits`` bits -- ``(x + offset) & (2**bits - 1) - offset``, ``offset`` = 2**(bits-1)
    for a signed destination, 0 for an unsigned one (``Adds``/``And``; integer Adds wraps,
    SetCtrlSpr(ISASI).md CTRL[53] = 0) -- so the Cast ``cast_from -> cast_to`` that follows
    is exact; a widening into an unsigned type casts into ``cast_to`` (signed, the
    destination's width) and the destination is that buffer's ReinterpretCast."""

    view: DType
    bits: int | None
    offset: int
    cast_from: DType
    cast_to: DType
    mode: str

    @property
    def mask(self) -> int:
        assert self.bits is not None
        return 2**self.bits - 1


def wrap_plan(src: DType, dst: DType) -> WrapPlan | None:
    """The wrap of a saturating integer Cast ``src -> dst``, or None when the Cast cannot
    saturate (the destination holds every value, or the source is a bool's 0/1)."""
    if src is DType.bool or src.is_float or dst.is_float:
        return None
    if not cast_saturates(element_name(src), element_name(dst)):
        return None
    view = _SIGNED_OF_WIDTH[src.nbytes]
    if dst.nbytes < src.nbytes:
        bits = dst.nbytes * 8
        offset = 2 ** (bits - 1) if dst.is_signed else 0
        return WrapPlan(view, bits, offset, view, dst, cast_round_mode(view, dst))
    wide = _SIGNED_OF_WIDTH[dst.nbytes]
    return WrapPlan(view, None, 0, view, wide, cast_round_mode(view, wide))


def cast_step_wrap(origin: DType, src: DType, dst: DType) -> WrapPlan | None:
    """``wrap_plan`` for the step ``src -> dst`` of a Cast chain that starts at ``origin``:
    None when every value an integer ``origin`` can carry fits ``dst`` (the Cast is exact)."""
    if not origin.is_float and _exact(origin, dst):
        return None
    return wrap_plan(src, dst)
