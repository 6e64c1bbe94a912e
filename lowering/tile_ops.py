"""The compute nodes of one tile at the memory level: one lowering rule per op family
(elementwise binary/unary ops, the math and numeric recipes of ``target.math``, shifts,
casts, compares, selects, broadcasts, Arange, the scalar loops of ops without a vector
API), each driven by the target table (``ascendc_emitter.target``). ``GraphLowering`` owns
the tile being built -- its builder, the UB tensor of every value, the loop coordinates --
and hands it to ``TileOps`` as a ``Tile``; the reductions reuse its casts and buffers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from xdsl.dialects.builtin import Float16Type, IntegerType, Signedness
from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import BodyBuilder
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.target.ops import (
    OpEntry,
    memory_dtype,
    op_entry,
    ops_where,
    unsupported,
)
from ascendc_emitter.target.types import (
    CastUnsupportedError,
    WrapPlan,
    cast_step_wrap,
    cast_steps,
    element_type,
    scalar_type,
)
from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.sources import ArangeOp, ScalarOp
from lowering.exprs import ExprLowering
from lowering.plan import (
    PASS,
    inner_full,
)
from passes.diagnostics import PassError

u8 = IntegerType(8, Signedness.UNSIGNED)

_SCALAR_KIND = {
    ew.FloorDivOp: "floordiv",
    ew.RemainderOp: "remainder",
    ew.LogicalAndOp: "and",
    ew.LogicalOrOp: "or",
    ew.LogicalNotOp: "not",
}
"""How the scalar loop computes each of them (and names its loop)."""


_BINARY = ops_where(lambda e: e.memory is not None and issubclass(e.op, ew.BinaryNode) and e.compare is None)
"""Binary ops with a memory-level vector API (and maybe a tensor-scalar one)."""
_UNARY = ops_where(lambda e: e.memory is not None and issubclass(e.op, ew.UnaryNode))
_SCALAR_LOOP = ops_where(
    lambda e: (
        issubclass(e.op, ew.ElementwiseNode)
        and e.memory is None
        and e.memory_scalar is None
        and not e.sequence
    )
)
"""Ops without a vector API: a scalar GetValue/SetValue loop over the tile."""


def _entry(n: AscirNode) -> OpEntry:
    entry = op_entry(n)
    assert entry is not None, n.name  # the handlers only take ops of the target table
    return entry


def _maybe_nan(v: SSAValue) -> bool:
    """Whether a scalar-like float operand may be NaN (anything but a number constant)."""
    import math

    owner = v.owner
    return not (isinstance(owner, ScalarOp) and not math.isnan(float(owner.python_value())))


class Tile(Protocol):
    """What the compute ops read of the tile being built (``GraphLowering``)."""

    b: BodyBuilder
    values: dict[SSAValue, SSAValue]
    sym: ExprLowering
    start: SSAValue
    coords: list[SSAValue | None]
    has_vf: bool

    def count_of(self, t: TensorType) -> SSAValue | int: ...

    def temp(self, key: str, dtype: Attribute, full: bool, rows: bool = False, work: bool = False) -> SSAValue: ...

    def buffer(self, name: str, dtype: Attribute, full: bool, copies: int = 1) -> SSAValue: ...

    def once_per_row_chunk(self, t: TensorType, emit: Callable[[], None]) -> None: ...

    def arange_terms(self, n: ArangeOp) -> tuple[SSAValue, SSAValue, SSAValue, SSAValue]: ...


class OnTile:
    """A part of the lowering that emits into the tile ``GraphLowering`` is building."""

    kernel: Tile

    def __init__(self, kernel: Tile) -> None:
        self.kernel = kernel

    @property
    def b(self) -> BodyBuilder:
        """The builder the tile is being emitted into."""
        return self.kernel.b


class TileOps(OnTile):
    """The lowering rules of the compute nodes, on one kernel's tile (a new one per kernel:
    its duplicated scalars and mask temporaries are that kernel's buffers)."""

    def __init__(self, kernel: Tile) -> None:
        super().__init__(kernel)
        self._dups: dict[tuple[SSAValue, str], SSAValue] = {}
        self._mask_tmp: dict[bool, tuple[SSAValue, SSAValue, SSAValue]] = {}
        self._sel_bits: dict[bool, SSAValue] = {}

    @property
    def values(self) -> dict[SSAValue, SSAValue]:
        """Every ASCIR value's LocalTensor (or scalar) in the tile."""
        return self.kernel.values

    def operand(self, v: SSAValue) -> SSAValue:
        return self.values[v]

    def binary(self, n: ew.ElementwiseNode) -> None:
        b, t = self.b, n.result_tensor()
        entry = _entry(n)
        tensor_api, scalar_api, commutative = entry.memory, entry.memory_scalar, entry.commutative
        dst, count = self.values[n.results[0]], self.kernel.count_of(t)
        x1, x2 = n.operands
        if isinstance(x1.type, ScalarType) and commutative:
            x1, x2 = x2, x1  # AL-9: a single scalar moves to the second position
        nan_aware = entry.drops_nan and t.dtype.is_float
        scalar_ok = scalar_api is not None and memory_dtype(scalar_api, t.dtype) == t.dtype
        if isinstance(x2.type, ScalarType) and scalar_ok and not (nan_aware and _maybe_nan(x2)):
            fix = self.nan_guard([self.operand(x1)], t.dtype, count) if nan_aware else None
            b.vec(scalar_api, dst, self.operand(x1), self.operand(x2), count)
        else:  # (a tensor-scalar API without the dtype: the tensor form, scalar duplicated)
            lhs, rhs = (self.as_tensor(v, t) for v in (x1, x2))
            fix = self.nan_guard([lhs, rhs], t.dtype, count) if nan_aware else None
            self.vector(n, tensor_api, dst, [lhs, rhs], t.dtype, count)
        if fix is not None:
            fix(dst)

    def vector(
        self,
        n: AscirNode,
        api: type,
        dst: SSAValue,
        sources: list[SSAValue],
        dtype: DType,
        count: SSAValue | int,
    ) -> None:
        """``api(dst, *sources, count)`` on ``dtype`` tensors; in float32 temporaries when
        the 950 API lacks a float16/bfloat16 ``dtype`` (``target.ops.memory_dtype``: cast in,
        compute, round once on the way back); a PassError when it lacks the dtype at all."""
        wide = memory_dtype(api, dtype)
        if wide is None:
            raise PassError(PASS, f"{n.describe()}: {unsupported(api, dtype)}", at=n)
        if wide == dtype:
            self.b.vec(api, dst, *sources, count)
            return
        full = not (isinstance(count, int) and count == 1)
        temps = [
            self.kernel.temp(f"wide{i}_{int(full)}", element_type(wide), full) for i in range(len(sources))
        ]
        for tmp, src in zip(temps, sources, strict=True):
            self.cast_into(tmp, src, dtype, wide, count)
        self.b.vec(api, temps[0], *temps, count)
        self.cast_into(dst, temps[0], wide, dtype, count)

    def nan_guard(
        self, operands: list[SSAValue], dtype: DType, count: SSAValue | int
    ) -> Callable[[SSAValue], None]:
        """torch propagates NaN through maximum, minimum and relu, the vector Max/Min/Relu
        return the number (maxNum; see runtime/sim vector.h). Records which lanes of each
        operand hold numbers -- before the op may overwrite one -- and returns the fix-up that
        writes NaN into the other lanes of the result."""
        full = not (isinstance(count, int) and count == 1)
        bits = []
        for i, v in enumerate(operands):
            buf = self.kernel.temp(f"isnum{i}_{int(full)}", u8, full)
            self.b.vec(ac.CompareOp, buf, v, v, self.aligned(count, dtype), mode="EQ")
            bits.append(buf)

        def fix(dst: SSAValue) -> None:
            nan = self.b.const(float("nan"), scalar_type(dtype))
            for buf in bits:
                self.b.vec(ac.SelectOp, dst, buf, dst, nan, count, mode="VSEL_TENSOR_SCALAR_MODE")

        return fix

    def as_tensor(self, v: SSAValue, like: TensorType) -> SSAValue:
        """A scalar-like operand where the API needs a tensor: Duplicate into a buffer."""
        if not isinstance(v.type, ScalarType):
            return self.values[v]
        dtype = element_type(v.type.dtype)
        key = (v, "dup")
        if key not in self._dups:
            self._dups[key] = self.kernel.buffer(f"{v.name_hint or 'scalar'}_dup", dtype, inner_full(like))
        buf = self._dups[key]
        self.b.vec(ac.DuplicateOp, buf, self.values[v], self.kernel.count_of(like))
        return buf

    def elementwise(self, n: AscirNode) -> None:
        """A binary, unary or other elementwise op: its memory-level API, or the scalar
        loop of an op without one (the target table decides)."""
        for family, rule in ((_BINARY, self.binary), (_UNARY, self.unary), (_SCALAR_LOOP, self.scalar_loop)):
            if isinstance(n, family):
                rule(n)
                return
        raise PassError(PASS, f"{n.describe()}: no AscendC lowering for this op", at=n)

    def unary(self, n: ew.ElementwiseNode) -> None:
        t = n.result_tensor()
        dst, src, count = self.values[n.results[0]], self.values[n.operands[0]], self.kernel.count_of(t)
        fix = self.nan_guard([src], t.dtype, count) if _entry(n).drops_nan and t.dtype.is_float else None
        self.vector(n, _entry(n).memory, dst, [src], t.dtype, count)
        if fix is not None:
            fix(dst)

    def neg(self, n: ew.NegOp) -> None:
        t = n.result_tensor()
        entry = _entry(n)
        if memory_dtype(entry.memory_scalar, t.dtype) != t.dtype:
            raise PassError(PASS, f"{n.describe()}: {unsupported(entry.memory_scalar, t.dtype)}", at=n)
        minus_one = self.b.const(entry.implied_scalar, scalar_type(t.dtype))
        self.b.vec(
            entry.memory_scalar,
            self.values[n.results[0]],
            self.values[n.operands[0]],
            minus_one,
            self.kernel.count_of(t),
        )

    def cast_into(
        self, dst: SSAValue, src: SSAValue, src_dtype: DType, dst_dtype: DType, count: SSAValue | int
    ) -> None:
        if dst_dtype is DType.bool:
            self.to_mask_values(
                dst,
                lambda bits: self.b.vec(
                    ac.ComparesOp,
                    bits,
                    src,
                    self.b.const(0, scalar_type(src_dtype)),
                    self.aligned(count, src_dtype),
                    mode="NE",
                ),
                count,
            )
            return
        steps = cast_steps(src_dtype, dst_dtype)
        if not steps:  # bool -> uint8: the same bytes (0/1), no Cast on the 950 takes it
            self.b.vec(ac.AddsOp, dst, src, self.b.const(0, scalar_type(dst_dtype)), count)
            return
        full = not (isinstance(count, int) and count == 1)
        for i, (a, d, mode) in enumerate(steps):
            last = i == len(steps) - 1
            out = dst if last else self.kernel.temp(f"cast_via_{d}_{int(full)}", element_type(d), full)
            plan = cast_step_wrap(src_dtype, a, d)
            if plan is None:
                self.b.vec(_entry(ew.CastOp).memory, out, src, count, round=mode)
            else:
                self.wrapping_cast(out, src, a, d, plan, count, full)
            src = out

    def wrapping_cast(
        self,
        dst: SSAValue,
        src: SSAValue,
        src_dtype: DType,
        dst_dtype: DType,
        plan: WrapPlan,
        count: SSAValue | int,
        full: bool,
    ) -> None:
        """An integer Cast the 950 saturates (``support.SATURATING_INT_CASTS``) with torch's
        wrap: keep the destination's low bits in range first (``target.types.WrapPlan``)."""
        b = self.b
        view_t = element_type(plan.view)
        x = src if src_dtype is plan.view else b.reinterpret(src, view_t)
        if plan.bits is not None:
            sc = scalar_type(plan.view)
            work = self.kernel.temp(f"wrap_{plan.view}_{int(full)}", view_t, full)
            mask = self.kernel.temp(f"wrap_mask_{plan.view}_{int(full)}", view_t, full)
            b.vec(ac.DuplicateOp, mask, b.const(plan.mask, sc), count)
            if plan.offset:
                b.vec(ac.AddsOp, work, x, b.const(plan.offset, sc), count)
                x = work
            b.vec(ac.AndOp, work, x, mask, count)
            if plan.offset:
                b.vec(ac.AddsOp, work, work, b.const(-plan.offset, sc), count)
            x = work
        out = dst if plan.cast_to is dst_dtype else b.reinterpret(dst, element_type(plan.cast_to))
        b.vec(_entry(ew.CastOp).memory, out, x, count, round=plan.mode)

    def cast(self, n: ew.CastOp) -> None:
        t = n.result_tensor()  # a constant's Cast was folded by fold-constant-casts (FR12)
        src = n.operands[0].type
        try:
            self.cast_into(
                self.values[n.results[0]],
                self.values[n.operands[0]],
                src.dtype,
                t.dtype,
                self.kernel.count_of(t),
            )  # type: ignore[union-attr]
        except CastUnsupportedError as e:
            raise PassError(PASS, f"{n.describe()}: {e}", at=n) from None

    def truediv(self, n: ew.TrueDivOp) -> None:
        t = n.result_tensor()
        count = self.kernel.count_of(t)
        casted = []
        for v in n.operands:
            if isinstance(v.type, ScalarType):
                raise PassError(
                    PASS, f"{n.describe()}: TrueDiv with a scalar operand is not supported yet", at=n
                )
            if v.type.dtype == t.dtype:
                casted.append(self.values[v])
                continue
            tmp = self.kernel.buffer(f"{n.node_name}_{v.name_hint}_f", element_type(t.dtype), inner_full(t))
            self.cast_into(tmp, self.values[v], v.type.dtype, t.dtype, count)
            casted.append(tmp)
        self.vector(n, _entry(n).memory, self.values[n.results[0]], casted, t.dtype, count)

    def aligned(self, count: SSAValue | int, dtype: DType) -> SSAValue:
        """Compare needs count * sizeof(T) to be a multiple of 256 bytes: round up."""
        per = 256 // element_bytes(element_type(dtype))
        return self.b.mul(self.b.ceildiv(self.b.v(count), per), per)

    def to_mask_values(
        self, dst: SSAValue, make_bits: Callable[[SSAValue], None], count: SSAValue | int
    ) -> None:
        """Write 0/1 (uint8) per element from a Compare bit mask: Select 1.0/0.0 in half, Cast."""
        full = not (isinstance(count, int) and count == 1)
        if full not in self._mask_tmp:
            bits = self.kernel.buffer(f"bits{int(full)}", u8, full)
            ones = self.kernel.buffer(f"ones{int(full)}", Float16Type(), full)
            halfv = self.kernel.buffer(f"sel{int(full)}", Float16Type(), full)
            self._mask_tmp[full] = (bits, ones, halfv)
        bits, ones, halfv = self._mask_tmp[full]
        make_bits(bits)
        b = self.b
        b.vec(ac.DuplicateOp, ones, b.const(1.0, Float16Type()), count)
        b.vec(
            ac.SelectOp, halfv, bits, ones, b.const(0.0, Float16Type()), count, mode="VSEL_TENSOR_SCALAR_MODE"
        )
        b.vec(ac.CastOp, dst, halfv, count, round="CAST_RINT")

    def compare(self, n: ew.CompareNode) -> None:
        t = n.result_tensor()
        x1, x2 = n.operands
        src_dtype = x1.type.dtype  # type: ignore[union-attr]
        count = self.kernel.count_of(t)
        aligned = self.aligned(count, src_dtype)
        entry = _entry(n)
        mode = entry.compare
        api = entry.memory_scalar if isinstance(x2.type, ScalarType) else entry.memory

        def make(bits: SSAValue) -> None:
            self.b.vec(api, bits, self.values[x1], self.values[x2], aligned, mode=mode)

        self.to_mask_values(self.values[n.results[0]], make, count)

    def select(self, n: ew.SelectNode) -> None:
        t = n.result_tensor()
        count = self.kernel.count_of(t)
        cond, x, y = n.operands
        full = inner_full(t)
        if full not in self._sel_bits:
            self._sel_bits[full] = self.kernel.buffer(f"selbits{int(full)}", u8, full)
        bits = self._sel_bits[full]
        self.b.vec(
            ac.ComparesOp,
            bits,
            self.values[cond],
            self.b.const(0, IntegerType(8)),
            self.aligned(count, DType.uint8),
            mode="NE",
        )
        src0 = self.as_tensor(x, t)  # Select takes a tensor first branch: a scalar is duplicated
        mode = "VSEL_TENSOR_SCALAR_MODE" if isinstance(y.type, ScalarType) else "VSEL_TENSOR_TENSOR_MODE"
        self.b.vec(_entry(n).memory, self.values[n.results[0]], bits, src0, self.values[y], count, mode=mode)

    def aliases(self, n: ew.BroadcastOp) -> bool:
        src = n.x.type
        return isinstance(src, TensorType) and inner_full(src) == inner_full(n.result_tensor())

    def only_constant_casts(self, n: ew.BroadcastOp) -> bool:
        """A broadcast constant read only by Casts: they Duplicate the converted constant
        directly (FR12), so the broadcast tensor itself is never materialised."""
        return isinstance(n.x.owner, ScalarOp) and all(
            isinstance(u.operation, ew.CastOp) for u in n.results[0].uses
        )

    def broadcast(self, n: ew.BroadcastOp) -> None:
        if self.only_constant_casts(n):
            return
        t = n.result_tensor()
        src = n.x
        if isinstance(src.type, TensorType) and self.aliases(n):
            self.values[n.results[0]] = self.values[src]  # outer-axis broadcast: same tile data
            return
        if isinstance(src.type, ScalarType):
            value = self.values[src]
        else:
            with self.scalar_ub():
                value = self.b.get_value(self.values[src], 0)
        self.b.vec(_entry(n).memory, self.values[n.results[0]], value, self.kernel.count_of(t))

    def arange(self, n: ArangeOp) -> None:
        """Root-graph Arange (seed 000 ArangeApiCall): SetValue(base + (offset + i * stride) * step),
        once per block and inner chunk when the view is invariant across rows."""
        t = n.result_tensor()

        def emit() -> None:
            b = self.b
            base, step, offset, stride = self.kernel.arange_terms(n)
            dst = self.values[n.results[0]]
            with self.scalar_ub(), b.loop(0, self.kernel.count_of(t), 1, "arange_i") as (lb, i):
                value = lb.add(base, lb.mul(lb.add(offset, lb.mul(i, stride)), step))
                lb.set_value(dst, i, lb.cast(value, scalar_type(t.dtype)))

        self.kernel.once_per_row_chunk(t, emit)

    def scalar_loop(self, n: ew.ElementwiseNode) -> None:
        """Ops without a vector API: one scalar GetValue/SetValue pass over the tile."""
        b, t = self.b, n.result_tensor()
        kind = _SCALAR_KIND[type(n)]
        if not t.dtype.is_signed and kind in ("floordiv", "remainder"):  # floats: target.math
            raise PassError(
                PASS,
                f"{n.describe()}: {t.dtype} {kind} has no AscendC lowering yet (floats and signed integers only)",
                at=n,
            )
        st = scalar_type(t.dtype)
        dst = self.values[n.results[0]]
        with self.scalar_ub(), b.loop(0, self.kernel.count_of(t), 1, f"{kind}_i") as (lb, i):
            args = []
            for v in n.operands:
                if isinstance(v.type, ScalarType):
                    args.append(self.values[v])
                else:
                    args.append(lb.get_value(self.values[v], i))
            if kind == "floordiv":
                r = lb.floordiv(args[0], args[1])
            elif kind == "remainder":
                r = lb.sub(args[0], lb.mul(lb.floordiv(args[0], args[1]), args[1]))
            elif kind == "not":
                r = lb.select(
                    lb.cmp("eq", args[0], lb.const(0, args[0].type)), lb.const(1, st), lb.const(0, st)
                )
            else:
                nz = [lb.cmp("ne", a, lb.const(0, a.type)) for a in args]
                both = (
                    lb.select(
                        nz[0],
                        nz[1],
                        lb.const(0, IntegerType(1)),
                    )
                    if kind == "and"
                    else lb.select(nz[0], lb.const(1, IntegerType(1)), nz[1])
                )
                r = lb.select(both, lb.const(1, st), lb.const(0, st))
            lb.set_value(dst, i, r)

    @contextmanager
    def scalar_ub(self) -> Iterator[None]:
        """Scalar GetValue/SetValue on UB tiles: with VFs in the kernel, the scalar unit waits
        for PIPE_V before (a VF's results, and WAR on what it reads) and PIPE_V waits for the
        scalar unit after. Memory-level vector APIs and DataCopy on LocalTensors are
        synchronised with LocalTensor scalar access by cce-auto-sync."""
        if self.kernel.has_vf:
            self.b.sync("V_S")
        yield
        if self.kernel.has_vf:
            self.b.sync("S_V")

    # -------------------------------------------------------------------- host
