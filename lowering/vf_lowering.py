"""Lowering of one ``ascir.vf`` region to a ``__simd_vf__`` function and its call (DS-3).

The function walks the tile in steps of one register of the region's ``loop_dtype``
(``E = VL / sizeof(loop_dtype)`` elements per iteration). Per iteration it builds the
mask once with ``UpdateMask<loop_dtype>`` (AL-7), loads each input tensor with its own
dtype (UNPACK when it is narrower than the loop dtype, ``target.registers``), runs the member
nodes on registers and stores each output with its own dtype (PACK when narrower).
A bool value inside a VF is a mask register; it becomes 0/1 bytes only when stored.

Parameters (FR7): one ``__ubuf__`` pointer per tensor input and output, ``count`` (the
tile's elements), one value parameter per scalar-like input (Scalar / ScalarData /
IndexExpr) and per row value broadcast along the vectorized axis, and per Arange the
``arange_base_<k>/arange_step_<k>/arange_offset_<k>/arange_stride_<k>_0`` set of AL-5.
The tile position enters only through pointers, ``count`` and the Arange offsets, so
one function serves every call site of the tile loop. A VF without scalar inputs has
no value parameters.

``mask_mode="per-op"`` is a debugging aid reproducing the pre-AL-7 defect: each op
builds its mask for its own dtype instead of the loop dtype.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import MaskType, RegType, UbPtrType
from ascendc_emitter.target.math import In, recipe_dtype, register_recipe
from ascendc_emitter.target.ops import REGISTER_STEP_APIS, OpEntry, op_entry
from ascendc_emitter.target.registers import BROADCAST_LOAD, VECTOR_BYTES, load_dist, store_dist
from ascendc_emitter.target.types import cast_round_mode, element_type, scalar_type
from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.diagnostics import at_node
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode, VfOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.math import LeakyReluOp
from ascir_dialect.ops.sources import ArangeOp, ScalarOp
from lowering.dispatch import Rule, handler_for
from passes.diagnostics import PassError

PASS = "lower-to-ascendc"
_BOOLEAN = (DType.bool, DType.uint8)

ArangeTerms = tuple[SSAValue, SSAValue, SSAValue, SSAValue]


@dataclass(frozen=True)
class VfContext:
    """What a VF call needs from the kernel around it (``lowering.graph_lowering``), passed
    explicitly so that the VF lowering does not depend on the graph lowering."""

    kb: KernelModuleBuilder
    kernel_name: str
    values: Mapping[SSAValue, SSAValue]
    """ASCIR value -> its UB buffer (``LocalTensor``) or scalar in the current tile."""
    count: SSAValue | int
    """Elements of the current tile along the vectorized axis."""
    arange_terms: Callable[[ArangeOp], ArangeTerms]
    """AL-5 terms (base, step, offset, stride) of an Arange in the current tile."""


class VfCodegen:
    """Builds the ``__simd_vf__`` function of one region and emits its call."""

    def __init__(self, ctx: VfContext, region: VfOp, mask_mode: str):
        """``mask_mode``: ``CompileOptions.mask_mode`` (checked where the options are built)."""
        self.ctx, self.region, self.mask_mode = ctx, region, mask_mode
        self.loop = region.dtype
        self.per_iter = VECTOR_BYTES // self.loop.nbytes
        members = list(region.members())
        self.full = any(m.result_tensor().repeats[-1] != 1 for m in members)
        self.prologue = [m for m in members if m.result_tensor().repeats[-1] == 1] if self.full else []
        """Narrow members of a dense region (vf-partition): one value per row, computed once
        before the loop on registers holding it in every lane."""
        self.aranges = [m for m in members if isinstance(m, ArangeOp)]
        self.fn_name = ctx.kb.symbol(f"{ctx.kernel_name}_{region.vf_name}", key=region)
        """The region's ``__simd_vf__`` symbol: the same for every call of the region."""

    # ---------------------------------------------------------------- the call
    def emit_call(self, b: BodyBuilder, define: bool = True) -> None:
        """Call the function for the current tile, declaring it first when ``define``."""
        params: list[tuple[str, Attribute]] = []
        args: list[SSAValue] = []
        self.param_kind: dict[SSAValue, str] = {}
        for arg, v in zip(self.region.block.args, self.region.inputs, strict=True):
            name = v.name_hint or f"in{len(params)}"
            t = v.type
            if isinstance(t, ScalarType):
                kind, ptype, value = "scalar", scalar_type(t.dtype), self.ctx.values[v]
            elif isinstance(t, TensorType) and (t.repeats[-1] != 1) == self.full:
                kind, ptype = "ptr", UbPtrType(element_type(t.dtype))
                value = b.phy_addr(self.ctx.values[v])
            elif isinstance(t, TensorType) and self.full and self._broadcast_load(t.dtype) is not None:
                # a row value, loaded into every lane once (LoadAlign BRC): the VF reads it
                # from UB after the vector pipe wrote it, in order, with no scalar round trip
                kind, ptype = "row", UbPtrType(element_type(t.dtype))
                value = b.phy_addr(self.ctx.values[v])
            elif isinstance(t, TensorType) and self.full:
                kind, ptype = "scalar", scalar_type(t.dtype)  # a row value, broadcast in the VF
                # a VF may have written the row value through a raw pointer, and the next
                # tile's VF may overwrite it: neither is covered by cce-auto-sync
                b.sync("V_S")
                value = b.get_value(self.ctx.values[v], 0, f"{name}_row")
                b.sync("S_V")
            else:
                raise PassError(
                    PASS,
                    f"{self.region.describe()}: input %{name} does not fit the region's loop nest",
                    at=self.region,
                )
            self.param_kind[arg] = kind
            params.append((name, ptype))
            args.append(value)
        for r in self.region.results:
            params.append((r.name_hint or f"out{len(params)}", UbPtrType(element_type(r.type.dtype))))  # type: ignore[union-attr]
            args.append(b.phy_addr(self.ctx.values[r]))
        params.append(("count", i64))
        args.append(b.v(self.ctx.count if self.full else 1))
        for k, a in enumerate(self.aranges):
            base, step, offset, stride = self.ctx.arange_terms(a)
            for field, value in (("base", base), ("step", step), ("offset", offset), ("stride", stride)):
                params.append((f"arange_{field}_{k}" + ("_0" if field == "stride" else ""), i64))
                args.append(value)
        if define:
            with self.ctx.kb.function(ac.SimdVfOp, self.fn_name, params) as (fb, fargs):
                self._body(fb, fargs)
        b.vf_call(self.fn_name, args)

    # ----------------------------------------------------------- the function
    def _body(self, fb: BodyBuilder, fargs: list[SSAValue]) -> None:
        block_args = list(self.region.block.args)
        self.params = dict(zip(block_args, fargs, strict=False))
        n_in, n_out = len(block_args), len(self.region.results)
        self.out_ptrs = fargs[n_in : n_in + n_out]
        count = fargs[n_in + n_out]
        self.arange_params = [
            fargs[n_in + n_out + 1 + 4 * k : n_in + n_out + 5 + 4 * k] for k in range(len(self.aranges))
        ]
        self.fb = fb
        self.rows = {
            a: fb.reg_load(self.params[a], 0, name=f"{a.name_hint or 'x'}_b", dist=self._broadcast_load(a.type.dtype))  # type: ignore[union-attr]
            for a in block_args
            if self.param_kind[a] == "row"
        }
        """Row values, in every lane of a register loaded before the loop."""
        self.consts: dict[tuple[DType, object], SSAValue] = {}
        self.scalar_regs: dict[SSAValue, SSAValue] = {}
        self.broadcasts: dict[tuple[SSAValue, DType], SSAValue] = {}
        """A scalar broadcast along the vectorized axis: its register (or mask), built once."""
        self.all_lanes: dict[DType, SSAValue] = {}
        self.b, self.off, self.rem = fb, fb.const(0), fb.const(self.per_iter)
        self.masks: dict[DType, SSAValue] = {}
        self.regs: dict[SSAValue, SSAValue] = {}
        for m in self.prologue:  # all lanes: every lane holds the row's value
            with at_node(m):
                self._node(m)
        before = dict(self.regs)
        iters = fb.ceildiv(count, self.per_iter, name="iters")
        with fb.loop(0, iters, 1, "i") as (lb, i):
            self.b = lb
            self.off = lb.mul(i, self.per_iter, name="off")
            self.rem = lb.sub(count, self.off, name="rem")
            self.masks = {}
            self.regs = dict(before)
            for m in self.region.members():
                if m in self.prologue:
                    continue
                with at_node(m):
                    self._node(m)
            for ptr, v in zip(self.out_ptrs, self.region.yield_op.values, strict=True):
                t = v.type
                assert isinstance(t, TensorType)
                reg = self.as_reg(v, t.dtype)
                dist = store_dist(t.dtype.nbytes, self.loop.nbytes)
                assert dist is not None  # vf-partition checked the layout
                lb.reg_store(ptr, self.off, reg, self.mask(t.dtype), dist=dist)

    def _broadcast_load(self, dtype: DType) -> str | None:
        """The LoadDist putting one ``dtype`` element in every lane, where the register holds
        the element in each lane (the loop dtype's width; not bool, whose registers are
        masks): ``target.registers.BROADCAST_LOAD``."""
        if dtype is DType.bool or dtype.nbytes != self.loop.nbytes:
            return None
        return BROADCAST_LOAD.get(dtype.nbytes)

    def mask(self, dtype: DType) -> SSAValue:
        """The mask of this iteration for an op computing in ``dtype`` (AL-7: the loop dtype)."""
        key = self.loop if self.mask_mode == "loop" else dtype
        if key is DType.bool:
            key = DType.uint8
        if key not in self.masks:
            self.masks[key] = self.b.update_mask(self.rem, element_type(key), name=f"mask_{key}")
        return self.masks[key]

    def _const_reg(self, dtype: DType, value: float) -> SSAValue:
        """A register of constants, built once before the loop."""
        key = (dtype, "nan" if value != value else value)
        if key not in self.consts:
            fb = self.fb
            label = "nan" if value != value else {0: "zero", 1: "one"}.get(value, f"c{value}")
            self.consts[key] = fb.reg(
                ac.RegDuplicateOp,
                fb.const(value, scalar_type(dtype)),
                self._all_lanes(dtype),
                result=RegType(element_type(dtype)),
                name=f"{label}_{dtype}",
            )
        return self.consts[key]

    def _all_lanes(self, dtype: DType) -> SSAValue:
        """The all-lanes mask of ``dtype``, created once before the loop."""
        if dtype not in self.all_lanes:
            self.all_lanes[dtype] = self.fb.create_mask(element_type(dtype), "ALL", name=f"all_{dtype}")
        return self.all_lanes[dtype]

    # ---------------------------------------------------------------- values
    def value(self, v: SSAValue) -> SSAValue:
        """The register, mask or scalar parameter holding ``v`` in this iteration."""
        if v in self.regs:
            return self.regs[v]
        if v not in self.params:
            raise PassError(
                PASS,
                f"{self.region.describe()}: %{v.name_hint} is used before it is computed",
                at=self.region,
            )
        kind = self.param_kind[v]
        if kind == "scalar":
            return self.params[v]
        if kind == "row":
            return self.rows[v]
        t = v.type
        assert isinstance(t, TensorType)
        dist = load_dist(t.dtype.nbytes, self.loop.nbytes)
        assert dist is not None  # vf-partition checked the layout
        self.regs[v] = self.b.reg_load(self.params[v], self.off, name=f"{v.name_hint or 'x'}_r", dist=dist)
        return self.regs[v]

    def as_mask(self, v: SSAValue) -> SSAValue:
        r = self.value(v)
        if isinstance(r.type, MaskType):
            return r
        dtype = v.type.dtype  # type: ignore[union-attr]
        zero = self.b.const(0, scalar_type(dtype))
        return self.b.reg(ac.RegComparesOp, r, zero, self.mask(dtype), result=MaskType(), name="m", mode="NE")

    def as_reg(self, v: SSAValue, dtype: DType) -> SSAValue:
        """``v`` as a register of ``dtype`` (a mask becomes 0/1 lanes, a scalar parameter
        its value in every lane, duplicated once before the loop)."""
        r = self.value(v)
        if not isinstance(r.type, (MaskType, RegType)):
            if v not in self.scalar_regs:
                self.scalar_regs[v] = self.fb.reg(
                    ac.RegDuplicateOp, r, self._all_lanes(dtype), result=RegType(element_type(dtype)), name="dup"
                )
            return self.scalar_regs[v]
        if not isinstance(r.type, MaskType):
            return r
        return self.b.reg(ac.RegSelectOp, self._const_reg(dtype, 1), self._const_reg(dtype, 0), r, name="b")

    # ----------------------------------------------------------------- nodes
    def _node(self, n: AscirNode) -> None:
        rules: dict[Rule, Callable[[AscirNode], SSAValue]] = {
            Rule.MATH: self._math,  # math and numeric ops: the steps of target.math
            Rule.BROADCAST: self._broadcast,
            Rule.CAST: self._cast,
            Rule.COMPARE: self._compare,
            Rule.SELECT: self._select,
            Rule.NEG: self._neg,
            Rule.TRUEDIV: self._binary,
            Rule.BINARY: self._binary,
            Rule.UNARY: self._unary,
            Rule.ARANGE: self._arange,
        }
        handler = handler_for(n, rules, "register-level", f" inside {self.region.describe()}")
        self.regs[n.results[0]] = handler(n)

    def _api(self, n: AscirNode, scalar: bool = False) -> type[ac.RegOp]:
        """The register-level API of ``n`` (its scalar-operand form when ``scalar``)."""
        entry: OpEntry | None = op_entry(n)
        api = None if entry is None else entry.register_scalar if scalar else entry.register
        if api is None:
            raise PassError(
                PASS, f"{n.describe()}: no register-level lowering inside {self.region.describe()}", at=n
            )
        return api

    def _out(self, n: AscirNode) -> Attribute:
        return RegType(element_type(n.result_tensor().dtype))

    def _broadcast(self, n: ew.BroadcastOp) -> SSAValue:
        t = n.result_tensor()
        src = self.value(n.x)
        if isinstance(src.type, (RegType, MaskType)):
            return src  # same data along the vectorized axis: the register is reused
        # a scalar in every lane: the same in every iteration, built once before the loop
        if (n.x, t.dtype) in self.broadcasts:
            return self.broadcasts[n.x, t.dtype]
        dtype = DType.uint8 if t.dtype is DType.bool else t.dtype
        fb, lanes = self.fb, self._all_lanes(dtype)
        reg = fb.reg(self._api(n), src, lanes, result=RegType(element_type(dtype)), name="dup")
        if t.dtype is DType.bool:
            zero = fb.const(0, scalar_type(DType.uint8))
            reg = fb.reg(ac.RegComparesOp, reg, zero, lanes, result=MaskType(), name="m", mode="NE")
        self.broadcasts[n.x, t.dtype] = reg
        return reg

    def _binary(self, n: ew.ElementwiseNode) -> SSAValue:
        """A binary op; a scalar operand goes second into the op's scalar form where it
        commutes (``Adds``/``Mins``/``Maxs``/``Muls``, AL-9 MicroBinaryScalar), any other
        scalar operand is duplicated into a register before the loop."""
        t = n.result_tensor()
        x1, x2 = n.operands
        scalar_api = op_entry(n).register_with_scalar()  # type: ignore[union-attr]
        if scalar_api is not None and isinstance(x1.type, ScalarType):
            x1, x2 = x2, x1  # AL-9: the single scalar goes second
        if scalar_api is not None and isinstance(x2.type, ScalarType):
            r = self.b.reg(scalar_api, self.value(x1), self.value(x2), self.mask(t.dtype), name="r")
        else:
            dtype = x1.type.dtype  # type: ignore[union-attr]
            r = self.b.reg(self._api(n), self.as_reg(x1, dtype), self.as_reg(x2, dtype), self.mask(t.dtype), name="r")
        return self._propagate_nan(n, r, [x1, x2])

    def _unary(self, n: ew.ElementwiseNode) -> SSAValue:
        t = n.result_tensor()
        r = self.b.reg(self._api(n), self.value(n.operands[0]), self.mask(t.dtype), name="r")
        return self._propagate_nan(n, r, [n.operands[0]])

    def _propagate_nan(self, n: AscirNode, r: SSAValue, operands: list[SSAValue]) -> SSAValue:
        """torch propagates NaN through maximum, minimum and relu; their register APIs return
        the number (``OpEntry.drops_nan``: maxNum, see runtime/sim vector.h): NaN into the
        lanes where an operand is not a number (a compare of the operand with itself)."""
        dtype = n.result_tensor().dtype
        entry = op_entry(n)
        if entry is None or not entry.drops_nan or not dtype.is_float:
            return r
        nan = self._const_reg(dtype, float("nan"))
        for v in operands:
            reg = self.value(v)
            if not isinstance(reg.type, RegType):  # a scalar parameter: its value in every lane
                owner = self.region.inputs[list(self.region.block.args).index(v)].owner
                if isinstance(owner, ScalarOp) and not math.isnan(float(owner.python_value())):
                    continue
                reg = self.b.reg(
                    ac.RegDuplicateOp, reg, self.mask(dtype), result=RegType(element_type(dtype)), name="dup"
                )
            number = self.b.reg(
                ac.RegCompareOp, reg, reg, self.mask(dtype), result=MaskType(), name="num", mode="EQ"
            )
            r = self.b.reg(ac.RegSelectOp, r, nan, number, name="r")
        return r

    def _math(self, n: AscirNode) -> SSAValue:
        """A math or numeric op (issue 19): its register steps (``target.math``) on registers
        of the recipe's dtype; a scalar-like operand is duplicated into a register first, a
        bool operand taken as 0/1 bytes. A recipe ending in a compare gives a mask. VF
        admission keeps the ops whose recipe computes in another dtype at memory level."""
        t = recipe_dtype(n)
        for v in n.operands:
            d = v.type.dtype  # type: ignore[union-attr]
            if (DType.uint8 if d is DType.bool else d) is not t:
                raise PassError(PASS, f"{n.describe()}: computes in {t}, not in a VF on {d}", at=n)
        mask, et = self.mask(t), scalar_type(t)
        operands = []
        for v in n.operands:
            r = self.as_reg(v, t) if isinstance(v.type, TensorType) else self.value(v)
            if not isinstance(r.type, RegType):
                r = self.b.reg(ac.RegDuplicateOp, r, mask, result=RegType(element_type(t)), name="dup")
            operands.append(r)
        vals: list[SSAValue] = []

        def ref(a: object) -> SSAValue:
            return operands[a.index] if isinstance(a, In) else vals[a]  # type: ignore[index]

        width = 8 * t.nbytes
        signed, unsigned = RegType(IntegerType(width)), RegType(IntegerType(width, Signedness.UNSIGNED))
        for s in register_recipe(n) or []:
            api = REGISTER_STEP_APIS[(s.kind, s.mode is not None)]
            args = [ref(a) for a in s.args]
            if s.kind == "const":
                vals.append(self._const_reg(t, s.value))  # type: ignore[arg-type]
            elif s.kind == "leaky":
                slope = n.slope if isinstance(n, LeakyReluOp) else 0.0
                vals.append(self.b.reg(api, args[0], self.b.const(slope, et), mask, name="m"))
            elif s.kind in ("adds", "muls", "mins"):
                vals.append(self.b.reg(api, args[0], self.b.const(s.value, et), mask, name="m"))  # type: ignore[arg-type]
            elif s.kind == "cmps":
                vals.append(
                    self.b.reg(
                        api,
                        args[0],
                        self.b.const(s.value, et),  # type: ignore[arg-type]
                        mask,
                        result=MaskType(),
                        name="k",
                        mode=s.mode,  # type: ignore[arg-type]
                    )
                )
            elif s.kind == "cmp":
                vals.append(self.b.reg(api, *args, mask, result=MaskType(), name="k", mode=s.mode))  # type: ignore[arg-type]
            elif s.kind == "select":
                vals.append(self.b.reg(api, args[1], args[2], args[0], name="m"))
            elif s.kind == "trunc":
                vals.append(self.b.reg(api, args[0], mask, name="m", round=s.mode))  # type: ignore[arg-type]
            elif s.kind in ("shl", "shr"):
                vals.append(self._shift(api, args[0], args[1], t, s.kind == "shl", signed, unsigned))
            else:
                vals.append(self.b.reg(api, *args, mask, name="m"))
        return vals[-1]

    def _shift(
        self,
        api: type[ac.RegOp],
        value: SSAValue,
        shift: SSAValue,
        dtype: DType,
        left: bool,
        signed: RegType,
        unsigned: RegType,
    ) -> SSAValue:
        """``Reg::ShiftLeft``/``ShiftRight``: the count register seen as the signed type of
        the width; a signed value shifted left as unsigned bits (``target.math``)."""
        b = self.b
        if not dtype.is_signed:
            shift = b.reg(ac.RegReinterpretOp, shift, result=signed, name="n")
            return b.reg(api, value, shift, self.mask(dtype), name="m")
        if not left:
            return b.reg(api, value, shift, self.mask(dtype), name="m")
        bits = b.reg(ac.RegReinterpretOp, value, result=unsigned, name="u")
        moved = b.reg(api, bits, shift, self.mask(dtype), name="m")
        return b.reg(ac.RegReinterpretOp, moved, result=signed, name="m")

    def _neg(self, n: ew.NegOp) -> SSAValue:
        t = n.result_tensor()
        minus_one = self.b.const(op_entry(n).implied_scalar, scalar_type(t.dtype))  # type: ignore[union-attr]
        return self.b.reg(self._api(n, scalar=True), self.value(n.x), minus_one, self.mask(t.dtype), name="r")

    def _cast(self, n: ew.CastOp) -> SSAValue:
        src_t, dst_t = n.x.type.dtype, n.result_tensor().dtype  # type: ignore[union-attr]
        if dst_t is DType.bool:
            return self.as_mask(n.x) if src_t in _BOOLEAN else self._nonzero(n.x, src_t)
        if src_t is DType.bool:  # a loaded bool is 0/1 bytes: through a mask to 0/1 of dst_t
            mask = self.as_mask(n.x)
            return self.b.reg(
                ac.RegSelectOp, self._const_reg(dst_t, 1), self._const_reg(dst_t, 0), mask, name="b"
            )
        return self.b.reg(
            self._api(n),
            self.value(n.x),
            self.mask(src_t),  # the mask is read at the source's granularity
            result=self._out(n),
            name="c",
            round=cast_round_mode(src_t, dst_t, register=True),
        )

    def _nonzero(self, v: SSAValue, dtype: DType) -> SSAValue:
        zero = self.b.const(0, scalar_type(dtype))
        return self.b.reg(
            ac.RegComparesOp, self.value(v), zero, self.mask(dtype), result=MaskType(), name="m", mode="NE"
        )

    def _compare(self, n: ew.CompareNode) -> SSAValue:
        x1, x2 = n.operands
        dtype = x1.type.dtype  # type: ignore[union-attr]
        lhs = self.as_reg(x1, dtype)
        mode = op_entry(n).compare  # type: ignore[union-attr]
        if isinstance(x2.type, ScalarType):
            return self.b.reg(
                self._api(n, scalar=True),
                lhs,
                self.value(x2),
                self.mask(dtype),
                result=MaskType(),
                name="m",
                mode=mode,
            )
        rhs = self.as_reg(x2, dtype)
        return self.b.reg(self._api(n), lhs, rhs, self.mask(dtype), result=MaskType(), name="m", mode=mode)

    def _select(self, n: ew.SelectNode) -> SSAValue:
        cond, x, y = n.operands
        t = n.result_tensor()
        dtype = DType.uint8 if t.dtype is DType.bool else t.dtype
        return self.b.reg(
            self._api(n), self.as_reg(x, dtype), self.as_reg(y, dtype), self.as_mask(cond), name="s"
        )

    def _arange(self, n: ArangeOp) -> SSAValue:
        """AL-5: block value = base + (offset + i * E * stride + lane * stride) * step.

        ``Reg::Arange`` numbers the register's lanes; element k of the iteration lives in
        lane ``k * ratio`` when the Arange is narrower than the loop dtype (an int32 Arange
        in an int64 VF, ``target.registers``), so there the lane number is divided by ``ratio``."""
        base, step, offset, stride = self.arange_params[self.aranges.index(n)]
        b, t = self.b, n.result_tensor()
        et = scalar_type(t.dtype)
        ratio = self.loop.nbytes // t.dtype.nbytes
        logical = b.add(offset, b.mul(self.off, stride), name="arange_pos")
        start = b.cast(b.add(base, b.mul(logical, step)), et, name="arange_start")
        if t.repeats[-1] == 1:  # one value along the vectorized axis: the row's position
            return b.reg(ac.RegDuplicateOp, start, self.mask(t.dtype), result=self._out(n), name="a")
        unit = n.step.data.is_constant and n.step.data.as_int() == 1 and t.strides[-1] == 1
        if unit and ratio == 1:
            return b.reg(ac.RegArangeOp, start, result=self._out(n), name="a")
        lanes = b.reg(ac.RegArangeOp, b.const(0, et), result=self._out(n), name="a")
        if ratio > 1:
            divisor = self._const_reg(t.dtype, ratio)
            lanes = b.reg(ac.RegDivOp, lanes, divisor, self.mask(t.dtype), name="a")
        scaled = b.reg(ac.RegMulsOp, lanes, b.cast(b.mul(stride, step), et), self.mask(t.dtype), name="a")
        return b.reg(ac.RegAddsOp, scaled, start, self.mask(t.dtype), name="a")
