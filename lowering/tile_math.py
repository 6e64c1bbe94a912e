"""The math and numeric ops of one tile at the memory level (issue 19): the steps of
``target.math`` on UB temporaries, and the shifts they use. Split from ``TileOps`` (whose
casts and masks they reuse); ``lowering.dispatch`` routes every ``Rule.MATH`` node here."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import SSAValue

from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.target.math import MASK_STEPS, SHIFTS, In, memory_recipe, recipe_dtype
from ascendc_emitter.target.ops import MEMORY_STEP_APIS
from ascendc_emitter.target.types import element_type, scalar_type
from ascir_dialect.attributes import ScalarType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops.math import LeakyReluOp
from lowering.tile_ops import OnTile, Tile, TileOps

u8 = IntegerType(8, Signedness.UNSIGNED)


class TileMath(OnTile):
    """The ``Rule.MATH`` lowering of one kernel's tile."""

    def __init__(self, kernel: Tile, ops: TileOps) -> None:
        super().__init__(kernel)
        self.ops = ops

    def lower(self, n: AscirNode) -> None:
        """A math or numeric op (issue 19): its memory-level steps (``target.math``) on UB
        temporaries of the recipe's dtype (``recipe_dtype``), shared by every such op of the
        kernel with that dtype (a slot is reused once its value is dead). float16/bfloat16
        operands of a float32 recipe are cast in and the result rounded once on the way out,
        as torch computes them; a recipe ending in a compare writes its mask as 0/1 bytes."""
        b, t = self.b, n.result_tensor()
        count = self.kernel.count_of(t)
        full = not (isinstance(count, int) and count == 1)
        wide = recipe_dtype(n)
        ewide, swide = element_type(wide), scalar_type(wide)
        tag = "math" if wide is DType.float32 else f"math_{wide}"
        steps = memory_recipe(n)
        assert steps is not None
        operands: list[SSAValue] = []
        for i, v in enumerate(n.operands):
            if isinstance(v.type, ScalarType):
                buf = self.kernel.temp(f"{tag}_in{i}_{int(full)}", ewide, full)
                value = self.kernel.values[v]
                same = element_type(v.type.dtype) == ewide
                b.vec(ac.DuplicateOp, buf, value if same else b.cast(value, swide), count)
            elif element_type(v.type.dtype) == ewide:  # type: ignore[union-attr]
                buf = self.kernel.values[v]
            else:
                buf = self.kernel.temp(f"{tag}_in{i}_{int(full)}", ewide, full)
                self.ops.cast_into(buf, self.kernel.values[v], v.type.dtype, wide, count)  # type: ignore[union-attr]
            operands.append(buf)
        last: dict[int, int] = {}
        for i, st in enumerate(steps):
            for a in st.args:
                if isinstance(a, int):
                    last[a] = i
        free: dict[bool, list[int]] = {False: [], True: []}
        used: dict[bool, int] = {False: 0, True: 0}
        slot_of: dict[int, int] = {}
        vals: list[SSAValue] = []
        aligned = self.ops.aligned(count, wide)
        mask_out = steps[-1].kind in MASK_STEPS
        direct = not mask_out and element_type(t.dtype) == ewide

        def emit(st: object, dst: SSAValue, args: list[SSAValue]) -> None:
            api = MEMORY_STEP_APIS[st.kind]  # type: ignore[attr-defined]
            kind, value = st.kind, st.value  # type: ignore[attr-defined]
            if kind == "const":
                b.vec(api, dst, b.const(value, swide), count)
            elif kind == "leaky":
                slope = n.slope if isinstance(n, LeakyReluOp) else 0.0
                b.vec(api, dst, args[0], b.const(slope, swide), count)
            elif kind in ("adds", "muls", "mins"):
                b.vec(api, dst, args[0], b.const(value, swide), count)
            elif kind == "cmps":
                b.vec(api, dst, args[0], b.const(value, swide), aligned, mode=st.mode)  # type: ignore[attr-defined]
            elif kind == "cmp":
                b.vec(api, dst, *args, aligned, mode=st.mode)  # type: ignore[attr-defined]
            elif kind == "select":
                b.vec(api, dst, args[0], args[1], args[2], count, mode="VSEL_TENSOR_TENSOR_MODE")
            elif kind == "trunc":
                b.vec(api, dst, args[0], count, round=st.mode)  # type: ignore[attr-defined]
            elif kind in SHIFTS:
                self.shift(api, dst, args[0], args[1], wide, kind == "shl", count)
            else:
                b.vec(api, dst, *args, count)

        for i, st in enumerate(steps):
            is_mask = st.kind in MASK_STEPS
            args = [operands[a.index] if isinstance(a, In) else vals[a] for a in st.args]
            if i == len(steps) - 1 and mask_out:
                self.ops.to_mask_values(
                    self.kernel.values[n.results[0]], lambda bits, st=st, args=args: emit(st, bits, args), count
                )
                return
            if i == len(steps) - 1 and direct:
                dst = self.kernel.values[n.results[0]]
            else:
                if free[is_mask]:
                    slot = free[is_mask].pop(0)
                else:
                    slot, used[is_mask] = used[is_mask], used[is_mask] + 1
                slot_of[i] = slot
                kind = "bits" if is_mask else "tmp"
                dst = self.kernel.temp(f"{tag}_{kind}{slot}_{int(full)}", u8 if is_mask else ewide, full)
            emit(st, dst, args)
            vals.append(dst)
            for a in {a for a in st.args if isinstance(a, int) and last[a] == i and a in slot_of}:
                free[steps[a].kind in MASK_STEPS].append(slot_of[a])
        if not direct:
            self.ops.cast_into(self.kernel.values[n.results[0]], vals[-1], wide, t.dtype, count)

    def shift(
        self,
        api: type,
        dst: SSAValue,
        value: SSAValue,
        shift: SSAValue,
        dtype: DType,
        left: bool,
        count: SSAValue | int,
    ) -> None:
        """``ShiftLeft``/``ShiftRight(dst, value, shift, count)``: the count tensor seen as the
        signed type of the width (``target.support.SHIFT_COUNT_RULE``); a signed value
        shifted left as unsigned bits (the device keeps a signed element's sign bit, torch
        wraps: ``target.math`` module doc)."""
        b = self.b
        width = 8 * dtype.nbytes
        signed, unsigned = IntegerType(width), IntegerType(width, Signedness.UNSIGNED)
        if not dtype.is_signed:
            shift = b.reinterpret(shift, signed)
        elif left:
            dst, value = b.reinterpret(dst, unsigned), b.reinterpret(value, unsigned)
        b.vec(api, dst, value, shift, count)

