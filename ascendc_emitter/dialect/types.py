"""Types of the ``ascendc`` dialect (API-call level, arch 3510).

Element and scalar types are xDSL builtins (``f32``, ``f16``, ``bf16``, ``i8``..``i64``
= signed, ``ui8``..``ui64``, ``i1`` = bool); these types wrap them:

* ``!ascendc.gm_addr``            a ``GM_ADDR`` kernel parameter
* ``!ascendc.global<f32>``        ``AscendC::GlobalTensor<float>``
* ``!ascendc.local<f32>``         ``AscendC::LocalTensor<float>`` (a UB view)
* ``!ascendc.que<"VECIN", 2>``    ``AscendC::TQue<TPosition::VECIN, 2>``
* ``!ascendc.tbuf<"VECCALC">``    ``AscendC::TBuf<TPosition::VECCALC>``
* ``!ascendc.ubptr<f32>``         ``__ubuf__ float*`` (VF function parameter)
* ``!ascendc.gmptr<f32>``         ``__gm__ float*`` (SIMT function parameter)
* ``!ascendc.reg<f32>``           ``AscendC::Reg::RegTensor<float>`` (256 bytes)
* ``!ascendc.mask``               ``AscendC::Reg::MaskReg``
* ``!ascendc.tiling``             the ``AutofuseTilingData`` kernel parameter
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntAttr,
    IntegerType,
    Signedness,
    StringAttr,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.utils.exceptions import VerifyException

POSITIONS = ("VECIN", "VECOUT", "VECCALC")


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
    name = "ascendc.que"
    position: StringAttr
    depth: IntAttr

    def verify(self) -> None:
        if self.position.data not in POSITIONS[:2]:
            raise VerifyException(f"TQue position must be VECIN or VECOUT, got {self.position.data}")
        if self.depth.data < 1:
            raise VerifyException("TQue depth must be >= 1")


@irdl_attr_definition
class TBufType(ParametrizedAttribute, TypeAttribute):
    name = "ascendc.tbuf"
    position: StringAttr

    def verify(self) -> None:
        if self.position.data not in POSITIONS:
            raise VerifyException(f"TBuf position must be one of {', '.join(POSITIONS)}")


TYPES = [
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
