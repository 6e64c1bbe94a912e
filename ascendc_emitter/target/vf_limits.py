"""How much one ``__simd_vf__`` function may hold on arch 3510, and what a VF region costs.

Limits (named constants, each with its source):

=========================  =====  ==========================================================
``REG_TENSORS``            32     asc-devkit docs/zh/api/SIMD-API/基础API/Reg矢量计算/寄存器数据类型/
                                  RegTensor.md: at most 32 RegTensor registers; more spill to
                                  a reserved 8 KB of UB (slow).
``MASK_REGS``              8      .../寄存器数据类型/MaskReg.md: at most 8 MaskReg registers,
                                  the same spill rule.
``MAX_INSTRUCTIONS``       30     mirror-cann/graph-autofusion autofuse/v35/optimize/partition/
                                  vector_func_partitioner.cpp (``kMaxInsNum``): Autofuse's cap
                                  on the micro-instructions of one VF (instruction buffer).
``MAX_IO``                 8      same file (``kMaxIONum``): inputs plus outputs of one VF.
``MAX_CAST_WIDTH_RATIO``   2      same file (``kMaxBitWidthGap``): the widest and narrowest
                                  element of the casts in one VF differ at most twofold.
=========================  =====  ==========================================================

:func:`vf_cost` estimates a region's instructions and its peak of live registers and masks
the way ``lowering.vf_lowering`` emits it: inputs are loaded at their first use and live
until their last, every member defines one register (a compare or a bool: a mask), results
that leave the region live until the stores at the end of the iteration, constants (the NaN
register of a NaN fix-up, the 0/1 registers of bool conversions, their all-lanes masks) are
built before the loop and live throughout, and the iteration mask is one more mask. The
estimate errs on the high side (every bool conversion and NaN fix-up counted), so a region
within the limits is within them when emitted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.ir import SSAValue

from ascendc_emitter.target.ops import op_entry, uses_recipe
from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.sources import ArangeOp

REG_TENSORS = 32
MASK_REGS = 8
MAX_INSTRUCTIONS = 30
MAX_IO = 8
MAX_CAST_WIDTH_RATIO = 2


@dataclass(frozen=True)
class VfCost:
    instructions: int
    registers: int
    """Peak of live RegTensors (constants included)."""
    masks: int
    """Peak of live MaskRegs (the iteration mask and all-lanes masks included)."""
    io: int
    cast_widths: tuple[int, int] | None
    """(narrowest, widest) element bytes of the region's casts; None without casts."""

    def violation(self) -> str | None:
        """The first limit this region exceeds, as a phrase; None when it fits."""
        if self.instructions > MAX_INSTRUCTIONS:
            return f"{self.instructions} instructions (at most {MAX_INSTRUCTIONS})"
        if self.io > MAX_IO:
            return f"{self.io} inputs and outputs (at most {MAX_IO})"
        if self.registers > REG_TENSORS:
            return f"{self.registers} live vector registers (at most {REG_TENSORS})"
        if self.masks > MASK_REGS:
            return f"{self.masks} live mask registers (at most {MASK_REGS})"
        if self.cast_widths is not None:
            low, high = self.cast_widths
            if high > low * MAX_CAST_WIDTH_RATIO:
                return (
                    f"casts between {low}- and {high}-byte elements (at most {MAX_CAST_WIDTH_RATIO}x apart)"
                )
        return None


def _is_mask(n: AscirNode) -> bool:
    """Whether the member's value lives in a mask register (a compare, a cast or broadcast
    to bool); every other value, a bool input included, is a vector register."""
    if isinstance(n, ew.CompareNode):
        return True
    if uses_recipe(n):  # IsNan, IsInf, IsFinite, BitwiseNot of bool: a compare last
        from ascendc_emitter.target.math import mask_result

        return mask_result(n)
    return isinstance(n, (ew.CastOp, ew.BroadcastOp)) and n.result_tensor().dtype is DType.bool


def _wants_mask(n: AscirNode, position: int) -> bool:
    """Whether operand ``position`` of ``n`` is read as a mask (a Select's condition, the
    source of a bool -> bool cast)."""
    if isinstance(n, ew.SelectNode):
        return position == 0
    return isinstance(n, ew.CastOp) and n.result_tensor().dtype is DType.bool


def _extra(n: AscirNode, is_mask: dict[SSAValue, bool]) -> tuple[int, int, int, frozenset[tuple[DType, str]]]:
    """(extra instructions, temporary registers, temporary masks, constants) of one member
    beyond its own instruction and result."""
    dtype = n.result_tensor().dtype
    entry = op_entry(n)
    consts: set[tuple[DType, str]] = set()
    instructions = registers = masks = 0
    if entry is not None and entry.drops_nan and dtype.is_float:
        # per tensor operand: Compare(x, x) and Select(r, nan, number)
        k = sum(1 for v in n.operands if not isinstance(v.type, ScalarType))
        instructions += 2 * k
        masks += 1
        registers += 1
        consts.add((dtype, "nan"))
    if uses_recipe(n):  # math and numeric ops (issue 19): their register steps
        from ascendc_emitter.target.math import recipe_dtype, register_cost

        extra_i, extra_r, extra_m, extra_c = register_cost(n)
        instructions += extra_i + sum(1 for v in n.operands if isinstance(v.type, ScalarType))
        registers += extra_r
        masks += extra_m
        consts.update((recipe_dtype(n), c) for c in extra_c)
    if isinstance(n, ArangeOp):
        instructions += 3  # beside Reg::Arange: Div (a narrow Arange), Muls, Adds
        consts.add((dtype, "ratio"))
    for i, v in enumerate(n.operands):
        if not isinstance(v.type, TensorType):
            continue
        if _wants_mask(n, i) and not is_mask.get(v, False):
            instructions += 1  # Compares(x, 0, NE)
            masks += 1
        elif not _wants_mask(n, i) and is_mask.get(v, False):
            instructions += 1  # Select(one, zero, mask)
            registers += 1
            consts.update({(dtype, "zero"), (dtype, "one")})
    return instructions, registers, masks, frozenset(consts)


def vf_cost(members: Sequence[AscirNode], inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> VfCost:
    """The estimated cost of a VF region of ``members`` (program order) with this boundary."""
    inside = {m.results[0] for m in members}
    last_use: dict[SSAValue, int] = {}
    for i, m in enumerate(members):
        for v in m.operands:
            last_use[v] = i
    end = len(members)
    for v in outputs:
        last_use[v] = end  # stored at the end of the iteration
    tensor_inputs = [v for v in inputs if isinstance(v.type, TensorType)]
    instructions = len(tensor_inputs) + len(outputs) + 1  # loads, stores, UpdateMask
    consts: set[tuple[DType, str]] = set()
    peak_regs = peak_masks = 0
    live: dict[SSAValue, bool] = {}  # value -> is a mask
    widths: list[int] = []
    for i, m in enumerate(members):
        for v in m.operands:
            if v not in inside and isinstance(v.type, TensorType) and v not in live:
                live[v] = False  # loaded into a register at its first use
        extra_i, extra_r, extra_m, extra_c = _extra(m, live)
        instructions += 1 + extra_i
        consts |= extra_c
        if isinstance(m, ew.CastOp):
            widths += [m.x.type.dtype.nbytes, m.result_tensor().dtype.nbytes]  # type: ignore[union-attr]
        live[m.results[0]] = _is_mask(m)
        regs = sum(1 for mask in live.values() if not mask) + extra_r
        masks = sum(1 for mask in live.values() if mask) + extra_m
        peak_regs = max(peak_regs, regs)
        peak_masks = max(peak_masks, masks)
        for v in [v for v in live if last_use.get(v, -1) <= i]:
            del live[v]
    dtypes = {d for d, _ in consts}
    return VfCost(
        instructions=instructions,
        registers=peak_regs + len(consts),
        masks=peak_masks + 1 + len(dtypes),  # the iteration mask, an all-lanes mask per constant dtype
        io=len(inputs) + len(outputs),
        cast_widths=(min(widths), max(widths)) if widths else None,
    )


__all__ = [
    "MASK_REGS",
    "MAX_CAST_WIDTH_RATIO",
    "MAX_INSTRUCTIONS",
    "MAX_IO",
    "REG_TENSORS",
    "VfCost",
    "vf_cost",
]
