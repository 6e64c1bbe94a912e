"""The functions the printer calls for ops (ASCIR's ``af::`` helpers and the AscendC
functions it calls by name) and the execution space each is declared in.

On arch 3510 a ``__simt_vf__`` function, and a ``__simt_callee__`` function, may only call
``__simt_callee__`` and ``__callee__`` functions; a ``__callee__`` function may be called
from every device function (kernel, ``__aicore__``, SIMD and SIMT VF) and only calls
``__callee__`` functions (asc-devkit docs/zh/api/SIMT-API/SIMD与SIMT混合编程简介/扩展语法/
函数执行空间限定符-142.md; docs/zh/guide/编程指南/高级编程/高级AI-Core编程模型/
SIMD与SIMT混合编程/核函数与VF函数.md). ``SimtVfOp`` checks its body against this table.
The qualifiers of ``ascendc_emitter/include/autofuse/*.h`` are those given here (a test
reads the headers and compares).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Space(Enum):
    """The function execution space qualifier a function is declared with."""

    CALLEE = "__callee__"
    """Callable from every device function (kernel, ``__aicore__``, SIMD and SIMT VF)."""
    SIMT_CALLEE = "__simt_callee__"
    """Callable from ``__simt_vf__`` and ``__simt_callee__`` functions only."""
    AICORE = "__aicore__"
    """Callable from kernels and ``__aicore__`` functions (scalar / SIMD-API code)."""

    @property
    def simt_callable(self) -> bool:
        return self in (Space.CALLEE, Space.SIMT_CALLEE)


@dataclass(frozen=True)
class Helper:
    """A function the printer calls: its C++ name, execution space and where it is declared."""

    name: str
    space: Space
    source: str


_SCALAR_H = "ascendc_emitter/include/autofuse/scalar.h"
_SIMT_H = "ascendc_emitter/include/autofuse/simt.h"

HELPERS: dict[str, Helper] = {
    h.name: h
    for h in (
        # pure integer / float arithmetic: kernels, host tiling and SIMT alike
        Helper("af::FloorDiv", Space.CALLEE, _SCALAR_H),
        Helper("af::FloorMod", Space.CALLEE, _SCALAR_H),
        Helper("af::CeilDiv", Space.CALLEE, _SCALAR_H),
        Helper("af::Min", Space.CALLEE, _SCALAR_H),
        Helper("af::Max", Space.CALLEE, _SCALAR_H),
        Helper("af::MinimumF", Space.CALLEE, _SCALAR_H),
        Helper("af::MaximumF", Space.CALLEE, _SCALAR_H),
        # host tiling's checked arithmetic (__builtin_*_overflow): not for SIMT code
        Helper("af::CheckedAdd", Space.AICORE, _SCALAR_H),
        Helper("af::CheckedSub", Space.AICORE, _SCALAR_H),
        Helper("af::CheckedMul", Space.AICORE, _SCALAR_H),
        Helper("af::CheckedFloorDiv", Space.AICORE, _SCALAR_H),
        Helper("af::CheckedCeilDiv", Space.AICORE, _SCALAR_H),
        # GM access and index checks of SIMT functions
        Helper("af::GmLoad", Space.SIMT_CALLEE, _SIMT_H),
        Helper("af::GmStore", Space.SIMT_CALLEE, _SIMT_H),
        Helper("af::CheckIndex", Space.SIMT_CALLEE, _SIMT_H),
        # AscendC functions the printer calls by name
        Helper(
            "AscendC::GetBlockIdx",
            Space.AICORE,
            "asc-devkit include/basic_api/kernel_operator_sys_var_intf.h",
        ),
        Helper(
            "AscendC::LocalTensor::GetValue", Space.AICORE, "asc-devkit include/basic_api/kernel_tensor.h"
        ),
        Helper(
            "AscendC::LocalTensor::SetValue", Space.AICORE, "asc-devkit include/basic_api/kernel_tensor.h"
        ),
        Helper(
            "AscendC::Simt::GetThreadIdx",
            Space.SIMT_CALLEE,
            "asc-devkit include/simt_api/cpp/kernel_simt_common_intf.h (__SIMT_DEVICE_FUNCTIONS_DECL__, "
            "include/simt_api/device_types.h)",
        ),
        Helper(
            "AscendC::Simt::GetThreadNum",
            Space.SIMT_CALLEE,
            "asc-devkit include/simt_api/cpp/kernel_simt_common_intf.h (__SIMT_DEVICE_FUNCTIONS_DECL__)",
        ),
    )
}
"""Every function the printer emits a call to from scalar code, by C++ name."""

OP_HELPERS: dict[str, str] = {
    "arith.floordivsi": "af::FloorDiv",
    "arith.ceildivsi": "af::CeilDiv",
    "arith.ceildivui": "af::CeilDiv",
    "arith.minsi": "af::Min",
    "arith.maxsi": "af::Max",
    "arith.minui": "af::Min",
    "arith.maxui": "af::Max",
    "arith.minimumf": "af::MinimumF",  # NaN-propagating, as arith.minimumf is
    "arith.maximumf": "af::MaximumF",
    "ascendc.checked_addi": "af::CheckedAdd",
    "ascendc.checked_subi": "af::CheckedSub",
    "ascendc.checked_muli": "af::CheckedMul",
    "ascendc.checked_floordivsi": "af::CheckedFloorDiv",
    "ascendc.checked_ceildivsi": "af::CheckedCeilDiv",
    "ascendc.simt.gm_load": "af::GmLoad",
    "ascendc.simt.gm_store": "af::GmStore",
    "ascendc.simt.check_index": "af::CheckIndex",
    "ascendc.block_idx": "AscendC::GetBlockIdx",
    "ascendc.get_value": "AscendC::LocalTensor::GetValue",
    "ascendc.set_value": "AscendC::LocalTensor::SetValue",
    "ascendc.simt.thread_idx": "AscendC::Simt::GetThreadIdx",
    "ascendc.simt.thread_num": "AscendC::Simt::GetThreadNum",
}
"""The function the printer calls for an op, by op name."""


def helper_of(op_name: str) -> Helper | None:
    """The function printed for ops named ``op_name`` (None: printed as an operator or an
    API call that is not a scalar function call)."""
    name = OP_HELPERS.get(op_name)
    return HELPERS[name] if name is not None else None
