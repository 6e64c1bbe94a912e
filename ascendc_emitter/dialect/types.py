"""Types and mode attributes of the ``ascendc`` dialect (API-call level, arch 3510).

Element and scalar types are xDSL builtins (``f32``, ``f16``, ``bf16``, ``i8``..``i64``
= signed, ``ui8``..``ui64``, ``i1`` = bool); these types wrap them:

* ``!ascendc.gm_addr``            a ``GM_ADDR`` kernel parameter
* ``!ascendc.global<f32>``        ``AscendC::GlobalTensor<float>``
* ``!ascendc.local<f32>``         ``AscendC::LocalTensor<float>`` (a UB view)
* ``!ascendc.que<VECIN, 2>``      ``AscendC::TQue<TPosition::VECIN, 2>``
* ``!ascendc.tbuf<VECCALC>``      ``AscendC::TBuf<TPosition::VECCALC>``
* ``!ascendc.ubptr<f32>``         ``__ubuf__ float*`` (VF function parameter)
* ``!ascendc.gmptr<f32>``         ``__gm__ float*`` (SIMT function parameter)
* ``!ascendc.reg<f32>``           ``AscendC::Reg::RegTensor<float>`` (256 bytes)
* ``!ascendc.mask``               ``AscendC::Reg::MaskReg``
* ``!ascendc.tiling``             the ``AutofuseTilingData`` kernel parameter

Every mode an op takes is an :class:`EnumAttribute` of one AscendC enum (spelled as in
C++, ``CMPMODE::LT`` -> ``LT``): an op holding anything else does not verify, and the
custom syntax refuses it when parsing. Each enum lists the members this emitter prints
(and the simulator models) -- a subset of the arch-3510 enum named in its docstring
(``impl/basic_api/utils/kernel_utils_mode.h``, ``impl/basic_api/kernel_event.h``,
``include/basic_api/reg_compute/kernel_reg_compute_utils.h`` of the devkit).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntAttr,
    IntegerType,
    Signedness,
)
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

# ===================================================================== modes


class CmpMode(StrEnum):
    """``AscendC::CMPMODE``."""

    LT = "LT"
    GT = "GT"
    EQ = "EQ"
    LE = "LE"
    GE = "GE"
    NE = "NE"


class SelMode(StrEnum):
    """``AscendC::SELMODE``."""

    VSEL_CMPMASK_SPR = "VSEL_CMPMASK_SPR"
    VSEL_TENSOR_SCALAR_MODE = "VSEL_TENSOR_SCALAR_MODE"
    VSEL_TENSOR_TENSOR_MODE = "VSEL_TENSOR_TENSOR_MODE"


class RoundMode(StrEnum):
    """``AscendC::RoundMode`` (without the arch-3510 additions CAST_HYBRID, CAST_EVEN,
    CAST_ZERO, which no lowering uses and the simulator does not model)."""

    CAST_NONE = "CAST_NONE"
    CAST_RINT = "CAST_RINT"
    CAST_FLOOR = "CAST_FLOOR"
    CAST_CEIL = "CAST_CEIL"
    CAST_ROUND = "CAST_ROUND"
    CAST_TRUNC = "CAST_TRUNC"
    CAST_ODD = "CAST_ODD"


class Pipe(StrEnum):
    """``pipe_t`` of ``PipeBarrier<pipe>()`` (the vector core's pipes)."""

    PIPE_S = "PIPE_S"
    PIPE_V = "PIPE_V"
    PIPE_MTE2 = "PIPE_MTE2"
    PIPE_MTE3 = "PIPE_MTE3"
    PIPE_ALL = "PIPE_ALL"


class HardEvent(StrEnum):
    """``AscendC::HardEvent``: the pairs of vector-core pipes (source_destination)."""

    MTE2_V = "MTE2_V"
    V_MTE3 = "V_MTE3"
    MTE3_V = "MTE3_V"
    V_MTE2 = "V_MTE2"
    MTE3_MTE2 = "MTE3_MTE2"
    MTE2_MTE3 = "MTE2_MTE3"
    S_V = "S_V"
    V_S = "V_S"
    MTE2_S = "MTE2_S"
    S_MTE2 = "S_MTE2"
    MTE3_S = "MTE3_S"
    S_MTE3 = "S_MTE3"


class MaskPattern(StrEnum):
    """``AscendC::Reg::MaskPattern`` (without VL3, M3, M4)."""

    ALL = "ALL"
    ALLF = "ALLF"
    H = "H"
    Q = "Q"
    VL1 = "VL1"
    VL2 = "VL2"
    VL4 = "VL4"
    VL8 = "VL8"
    VL16 = "VL16"
    VL32 = "VL32"
    VL64 = "VL64"
    VL128 = "VL128"


class LoadDist(StrEnum):
    """``AscendC::Reg::LoadDist``: the distributions of ``target.registers.UNPACK_LOAD`` and
    ``BROADCAST_LOAD``."""

    DIST_NORM = "DIST_NORM"
    DIST_BRC_B8 = "DIST_BRC_B8"
    DIST_BRC_B16 = "DIST_BRC_B16"
    DIST_BRC_B32 = "DIST_BRC_B32"
    DIST_UNPACK_B8 = "DIST_UNPACK_B8"
    DIST_UNPACK_B16 = "DIST_UNPACK_B16"
    DIST_UNPACK_B32 = "DIST_UNPACK_B32"
    DIST_UNPACK4_B8 = "DIST_UNPACK4_B8"


class StoreDist(StrEnum):
    """``AscendC::Reg::StoreDist``: the distributions of ``target.registers.PACK_STORE``."""

    DIST_NORM = "DIST_NORM"
    DIST_PACK_B16 = "DIST_PACK_B16"
    DIST_PACK_B32 = "DIST_PACK_B32"
    DIST_PACK_B64 = "DIST_PACK_B64"
    DIST_PACK4_B32 = "DIST_PACK4_B32"


class TPosition(StrEnum):
    """``AscendC::TPosition`` of the vector core's UB buffers."""

    VECIN = "VECIN"
    VECOUT = "VECOUT"
    VECCALC = "VECCALC"


class LaunchOutput(StrEnum):
    """The output parameters of ``AutofuseTiling`` (``*block_dim = v``)."""

    block_dim = "block_dim"
    workspace_size = "workspace_size"


class IntPredicate(StrEnum):
    """Integer comparison predicates of host and kernel scalars (``arith.cmpi``, in its
    order: the predicate attribute of ``arith.cmpi`` is this enum's index)."""

    eq = "eq"
    ne = "ne"
    slt = "slt"
    sle = "sle"
    sgt = "sgt"
    sge = "sge"
    ult = "ult"
    ule = "ule"
    ugt = "ugt"
    uge = "uge"

    @property
    def index(self) -> int:
        return list(IntPredicate).index(self)

    @property
    def unsigned(self) -> bool:
        return self.value.startswith("u")

    @property
    def signed(self) -> bool:
        return self.value.startswith("s")

    @property
    def cpp(self) -> str:
        """The C++ comparison operator."""
        return {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}[self.value.lstrip("su")]

    def as_unsigned(self) -> IntPredicate:
        return IntPredicate("u" + self.value[1:]) if self.signed else self


@irdl_attr_definition
class CmpModeAttr(EnumAttribute[CmpMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.cmp_mode"


@irdl_attr_definition
class SelModeAttr(EnumAttribute[SelMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.sel_mode"


@irdl_attr_definition
class RoundModeAttr(EnumAttribute[RoundMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.round_mode"


@irdl_attr_definition
class PipeAttr(EnumAttribute[Pipe], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.pipe"


@irdl_attr_definition
class HardEventAttr(EnumAttribute[HardEvent], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.hard_event"


@irdl_attr_definition
class MaskPatternAttr(EnumAttribute[MaskPattern], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.mask_pattern"


@irdl_attr_definition
class LoadDistAttr(EnumAttribute[LoadDist], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.load_dist"


@irdl_attr_definition
class StoreDistAttr(EnumAttribute[StoreDist], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.store_dist"


@irdl_attr_definition
class TPositionAttr(EnumAttribute[TPosition], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.position"


@irdl_attr_definition
class LaunchOutputAttr(EnumAttribute[LaunchOutput], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.launch_output"


ENUM_ATTRS: tuple[type[EnumAttribute], ...] = (
    CmpModeAttr,
    SelModeAttr,
    RoundModeAttr,
    PipeAttr,
    HardEventAttr,
    MaskPatternAttr,
    LoadDistAttr,
    StoreDistAttr,
    TPositionAttr,
    LaunchOutputAttr,
)


def enum_attr(
    kind: type[EnumAttribute], value: str | StrEnum | EnumAttribute, what: str = ""
) -> EnumAttribute:
    """``kind`` holding ``value`` (a member or its spelling); a spelling that is not a
    member is a ``VerifyException`` naming the choices."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str) and value in kind.enum_type.__members__.values():
        return kind(kind.enum_type(value))
    choices = ", ".join(m.value for m in kind.enum_type)
    raise VerifyException(f"{what or kind.name} {value!r} is not one of {choices}")


# ===================================================================== types


def element_bytes(t: Attribute) -> int:
    if isinstance(t, (Float16Type, BFloat16Type)):
        return 2
    if isinstance(t, Float32Type):
        return 4
    if isinstance(t, IntegerType):
        return max(1, t.width.data // 8)
    raise VerifyException(f"{t} is not an AscendC element type")


def element_cname(t: Attribute) -> str:
    """The C++ name of an element type (``float``, ``half``, ``int8_t``, ...)."""
    if isinstance(t, Float32Type):
        return "float"
    if isinstance(t, Float16Type):
        return "half"
    if isinstance(t, BFloat16Type):
        return "bfloat16_t"
    if isinstance(t, IntegerType):
        w = t.width.data
        if w == 1:
            return "bool"
        return f"{'u' if t.signedness.data == Signedness.UNSIGNED else ''}int{w}_t"
    raise VerifyException(f"{t} is not an AscendC element type")


def is_element_type(t: Attribute) -> bool:
    if isinstance(t, (Float16Type, BFloat16Type, Float32Type)):
        return True
    return isinstance(t, IntegerType) and t.width.data in (1, 8, 16, 32, 64)


def is_float(t: Attribute) -> bool:
    return isinstance(t, (Float16Type, BFloat16Type, Float32Type))


def is_signed_int(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.signedness.data != Signedness.UNSIGNED and t.width.data > 1


class _ElementTyped(ParametrizedAttribute, TypeAttribute):
    element: Attribute

    def verify(self) -> None:
        if not is_element_type(self.element):
            raise VerifyException(
                f"{self.name} element type must be f16/bf16/f32 or an integer type, got {self.element}"
            )


@irdl_attr_definition
class GmAddrType(ParametrizedAttribute, TypeAttribute):
    name = "ascendc.gm_addr"


@irdl_attr_definition
class TilingType(ParametrizedAttribute, TypeAttribute):
    name = "ascendc.tiling"


@irdl_attr_definition
class GlobalTensorType(_ElementTyped):
    name = "ascendc.global"


@irdl_attr_definition
class LocalTensorType(_ElementTyped):
    name = "ascendc.local"


@irdl_attr_definition
class UbPtrType(_ElementTyped):
    name = "ascendc.ubptr"


@irdl_attr_definition
class GmPtrType(_ElementTyped):
    name = "ascendc.gmptr"


@irdl_attr_definition
class RegType(_ElementTyped):
    name = "ascendc.reg"

    @property
    def lanes(self) -> int:
        return 256 // element_bytes(self.element)


@irdl_attr_definition
class MaskType(ParametrizedAttribute, TypeAttribute):
    name = "ascendc.mask"


@irdl_attr_definition
class QueType(ParametrizedAttribute, TypeAttribute):
    """``!ascendc.que<VECIN, 2>``: ``TQue<TPosition::VECIN, 2>``."""

    name = "ascendc.que"
    position: TPositionAttr
    depth: IntAttr

    def __init__(self, position: str | TPosition | TPositionAttr, depth: int | IntAttr):
        super().__init__(
            enum_attr(TPositionAttr, position, "TQue position"),  # type: ignore[arg-type]
            depth if isinstance(depth, IntAttr) else IntAttr(depth),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            position = TPositionAttr(parser.parse_str_enum(TPosition))
            parser.parse_punctuation(",")
            depth = IntAttr(parser.parse_integer(allow_negative=False, allow_boolean=False))
        return [position, depth]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.position.data.value}, {self.depth.data}>")

    def verify(self) -> None:
        if self.position.data not in (TPosition.VECIN, TPosition.VECOUT):
            raise VerifyException(f"TQue position must be VECIN or VECOUT, got {self.position.data.value}")
        if self.depth.data < 1:
            raise VerifyException("TQue depth must be >= 1")


@irdl_attr_definition
class TBufType(ParametrizedAttribute, TypeAttribute):
    """``!ascendc.tbuf<VECCALC>``: ``TBuf<TPosition::VECCALC>``."""

    name = "ascendc.tbuf"
    position: TPositionAttr

    def __init__(self, position: str | TPosition | TPositionAttr = TPosition.VECCALC):
        super().__init__(enum_attr(TPositionAttr, position, "TBuf position"))  # type: ignore[arg-type]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            return [TPositionAttr(parser.parse_str_enum(TPosition))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.position.data.value}>")


TYPES = [
    *ENUM_ATTRS,
    GmAddrType,
    TilingType,
    GlobalTensorType,
    LocalTensorType,
    UbPtrType,
    GmPtrType,
    RegType,
    MaskType,
    QueType,
    TBufType,
]
