"""The SIMT template of IndirectLoad (seed 001 FR4): one ``__simt_vf__`` function.

The output space is linearised to one axis and split over the blocks; each SIMT thread
walks its lanes. Per output element: decode the output coordinates, evaluate the index
chain there, normalise a negative index / check the bound, evaluate the input chain at
the gathered coordinate (the "move IndirectLoad forward unconditionally" rewrite of the
seed, with every side input gathered at the same index: the SIMT case graph of
``indirect-load-template-cases`` holds one gather per side input), evaluate the output chain and
write the result to GM. Every GM access uses 64-bit offsets. Ops without a scalar form
(exp, sqrt) and reductions reject the template; the others still compete.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import Float32Type, IntegerType
from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import GmPtrType
from ascendc_emitter.target.ops import op_entry, reduction, reduction_identity, scalar_predicate
from ascendc_emitter.target.types import element_type, scalar_type
from ascir_dialect.attributes import TensorType
from ascir_dialect.diagnostics import at_node
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.memory import LoadOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp
from lowering.cascade import LEVELS, cascade_base
from lowering.dispatch import Rule, handler_for
from passes.diagnostics import PassError
from passes.indirect_plan import PASS, IndirectPlan
from passes.indirect_templates import composite, scalar_op
from passes.phases import reduced_positions

THREADS = 256


class SimtTemplate:
    """Emits the SIMT function; ``call`` emits its call for the current block."""

    def __init__(self, kb: KernelModuleBuilder, plan: IndirectPlan, name: str, gm: dict[AscirNode, int]):
        self.kb, self.plan, self.fn = kb, plan, f"{name}_simt"
        self.gm = gm  # Data / ScalarData / Output node -> kernel GM argument position
        self.sizes = plan.graph.size_names
        self.index_exprs = [n for n in plan.graph.nodes() if isinstance(n, IndexExprOp)]
        self.kernel_exprs: dict = {}  # size expressions the function evaluates (host tiling checks them)

    # ------------------------------------------------------------------ call
    def call(
        self,
        k: BodyBuilder,
        addrs: list[SSAValue],
        sizes: list[SSAValue],
        ies: list[SSAValue],
        first: SSAValue,
        last: SSAValue,
        extra: tuple[tuple[str, SSAValue], ...] = (),
    ) -> None:
        """``extra``: further i64 parameters, passed before ``first`` and ``last``."""
        ordered = sorted(self.gm.items(), key=lambda kv: kv[1])
        params: list[tuple[str, Attribute]] = []
        args: list[SSAValue] = []
        for node, pos in ordered:
            et = element_type(node.out_type.dtype)  # type: ignore[union-attr]
            params.append((f"p_{node.node_name}", GmPtrType(et)))
            args.append(k.gm_ptr(addrs[pos], et, f"p_{node.node_name}"))
        params += [(s, i64) for s in self.sizes] + [(f"ie{i}", i64) for i in range(len(ies))]
        params += [(name, i64) for name, _ in extra] + [("first", i64), ("last", i64)]
        args += [*sizes, *ies, *(v for _, v in extra), first, last]
        fn = self.kb.symbol(self.fn, key=("simt", self.fn))
        with self.kb.function(ac.SimtVfOp, fn, params, launch_bound=THREADS) as (f, fargs):
            self._body(f, fargs, [n for n, _ in ordered])
        k.simt_call(fn, THREADS, args)

    # -------------------------------------------------------------- function
    def _body(self, f: BodyBuilder, fargs: list[SSAValue], gm_nodes: list[AscirNode]) -> None:
        self.ptrs = dict(zip(gm_nodes, fargs, strict=False))
        rest = fargs[len(gm_nodes) :]
        self.size_vals = dict(zip(self.sizes, rest, strict=False))
        self.ie_vals = dict(zip(self.index_exprs, rest[len(self.sizes) :], strict=False))
        first, last = rest[-2], rest[-1]
        from lowering.exprs import ExprLowering

        with f.loop(f.add(first, f.thread_idx()), last, f.thread_num(), "e") as (b, e):
            self.b = b
            self.sym = ExprLowering(b, lambda s: self.size_vals[s], record=self.kernel_exprs)
            view = self.plan.lane_view
            inner = [self.sym(r) for r in reversed(view.repeats[1:])][::-1]  # innermost first, as before
            env = self._decode(b, e, list(view.axis), inner, "c")
            self.memo: dict[tuple[AscirNode, int], SSAValue] = {}
            self._alive: list[dict[str, SSAValue]] = []
            stores = [n for n in self.plan.output_chain if isinstance(n, StoreOp)]
            narrow = {n: self._narrow_axes(n.result_tensor(), view) for n in stores}
            for n in stores:
                if not narrow[n]:
                    self._store(n, env)
            for n in stores:  # written by the lanes at coordinate 0 of the axes they lack
                if narrow[n]:
                    here = None
                    for axis in narrow[n]:
                        at0 = b.cmp("eq", env[axis], 0)
                        here = at0 if here is None else b.select(here, at0, b.const(0, IntegerType(1)))
                    assert here is not None
                    memo = dict(self.memo)  # values computed inside the guard stay there
                    with b.when(here) as wb:
                        self.b = wb
                        self._store(n, env)
                    self.b, self.memo = b, memo

    @staticmethod
    def _narrow_axes(t: TensorType, lanes: TensorType) -> list[str]:
        """The lane axes a store's view does not span (size 1 there, or absent)."""
        have = {a for a, r in zip(t.axis, t.repeats, strict=True) if r != 1}
        return [a for a, r in zip(lanes.axis, lanes.repeats, strict=True) if r != 1 and a not in have]

    def _offset(self, t: TensorType, offset: object, env: dict[str, SSAValue]) -> SSAValue:
        b = self.b
        off = self.sym(offset)  # type: ignore[arg-type]
        for axis, r, s in zip(t.axis, t.repeats, t.strides, strict=True):
            if r != 1:
                off = b.add(off, b.mul(env[axis], self.sym(s)))
        return off

    def _store(self, n: StoreOp, env: dict[str, SSAValue]) -> None:
        out = next(u.operation for u in n.results[0].uses)
        t = n.result_tensor()
        value = self.value(n.x, env)
        self.b.gm_store(self.ptrs[out], self._offset(t, n.offset.data, env), value)  # type: ignore[index]

    # ---------------------------------------------------------------- values
    def value(self, v: SSAValue, env: dict[str, SSAValue]) -> SSAValue:
        node = v.owner
        assert isinstance(node, AscirNode)
        key = (node, id(env))
        self._alive.append(env)  # ids stay unique while the function is built
        if key not in self.memo:
            with at_node(node):
                self.memo[key] = self._compute(node, env)
        return self.memo[key]

    def _compute(self, n: AscirNode, env: dict[str, SSAValue]) -> SSAValue:
        b = self.b
        def elementwise(n: AscirNode) -> SSAValue:  # compares, selects, arithmetic, math
            return self._elementwise(n, env)

        rules: dict[Rule, Callable[[AscirNode], SSAValue]] = {
            Rule.SCALAR: lambda n: b.const(n.python_value(), scalar_type(n.out_type.dtype)),
            Rule.INDEX_EXPR: lambda n: b.cast(self.ie_vals[n], scalar_type(n.out_type.dtype)),
            Rule.SCALAR_DATA: lambda n: b.gm_load(self.ptrs[n], b.v(0)),
            Rule.LOAD: lambda n: self._load(n, env),
            Rule.BROADCAST: lambda n: self.value(n.x, env),
            Rule.ARANGE: lambda n: self._arange(n, env),
            Rule.GATHER: lambda n: self._gather(n, env),
            Rule.REDUCE: lambda n: self._reduce(n, env),
            Rule.CAST: lambda n: self._convert(self.value(n.x, env), n.x.type.dtype, n.result_tensor().dtype),
            **dict.fromkeys(
                (Rule.COMPARE, Rule.SELECT, Rule.NEG, Rule.TRUEDIV, Rule.MATH, Rule.BINARY, Rule.UNARY),
                elementwise,
            ),
            Rule.ELEMENTWISE: elementwise,
        }
        return handler_for(n, rules, "SIMT", pass_name=PASS)(n)

    def _load(self, n: LoadOp, env: dict[str, SSAValue]) -> SSAValue:
        """The lane's element of a load; a padded load (``lower-movement``: a Concat piece, a
        Pad) reads GM only inside ``[pad_low, repeat - pad_high)`` of every axis, at the
        coordinate less ``pad_low`` (clamped to 0 elsewhere, so no lane reads out of bounds)
        and holds ``pad_value`` outside."""
        b = self.b
        data = n.x.owner
        assert isinstance(data, DataOp)
        t = n.result_tensor()
        if not n.padded:
            return b.gm_load(self.ptrs[data], self._offset(t, n.offset.data, env))
        inside = None
        shifted = dict(env)
        for axis, r, lo, hi in zip(t.axis, t.repeats, *n.pads, strict=True):
            if lo == 0 and hi == 0:
                continue
            c = b.sub(env[axis], self.sym(lo), name=f"{n.node_name}_{axis}")
            ok = b.select(
                b.cmp("sge", c, 0), b.cmp("slt", c, self.sym(r - lo - hi)), b.const(0, IntegerType(1))
            )
            inside = ok if inside is None else b.select(inside, ok, b.const(0, IntegerType(1)))
            shifted[axis] = c
        if inside is None:
            return b.gm_load(self.ptrs[data], self._offset(t, n.offset.data, env))
        for axis in shifted:
            if shifted[axis] is not env[axis]:
                shifted[axis] = b.select(inside, shifted[axis], b.v(0))
        value = b.gm_load(self.ptrs[data], self._offset(t, n.offset.data, shifted))
        pad = b.const(n.pad_python_value(), value.type)
        return b.select(inside, value, pad, name=f"{n.node_name}_padded")

    def _arange(self, n: ArangeOp, env: dict[str, SSAValue]) -> SSAValue:
        """``base + step * linear`` at the lane's coordinate (``linear``: the coordinates
        through the Arange's logical strides, seed 000 FR5), in int64, wrapped to the dtype
        as the reference wraps it."""
        b = self.b
        t = n.result_tensor()
        linear = self._offset(t, 0, env)
        value = b.add(self.sym(n.base.data), b.mul(self.sym(n.step.data), linear), name=f"{n.node_name}_v")
        return b.cast(value, scalar_type(t.dtype))

    def _gather(self, n: IndirectLoadOp, env: dict[str, SSAValue]) -> SSAValue:
        b = self.b
        src = n.x1.type
        assert isinstance(src, TensorType)
        size = self.sym(src.repeats[n.dim_value])
        idx = b.cast(self.value(n.x2, env), i64, name="idx")
        if n.check_negative:
            idx = b.select(b.cmp("slt", idx, 0), b.add(idx, size), idx, name="idx_wrapped")
        valid = None
        if n.check_bound:
            inside = b.select(b.cmp("sge", idx, 0), b.cmp("slt", idx, size), b.const(0, IntegerType(1)))
            valid = inside
            idx = b.select(valid, idx, b.v(0), name="idx_safe")
        else:
            b.check_index(idx, size, f"IndirectLoad {n.describe()} (SIMT)")
        out = n.result_tensor()
        zero = b.v(0)  # an axis the gather's output does not span (broadcast later) is at 0
        env_in = {
            a: idx if k == n.dim_value else (zero if out.repeats[k] == 1 else env[out.axis[k]])
            for k, a in enumerate(src.axis)
        }
        value = self.value(n.x1, env_in)
        if valid is not None:
            value = b.select(valid, value, b.const(0, value.type), name="gathered")
        return value

    @staticmethod
    def _decode(
        b: BodyBuilder, linear: SSAValue, axes: list[str], inner: list[SSAValue], prefix: str
    ) -> dict[str, SSAValue]:
        """The coordinates on ``axes`` of ``linear`` in a row-major space whose extents but the
        outermost are ``inner``: a floordiv and a remainder per inner axis; the outermost
        coordinate is what is left, because ``linear`` is below the product of all extents (a
        lane loop runs to the view's ``numel``, a fold to the product of its extents) -- no
        int64 division is spent on it."""
        coords: dict[str, SSAValue] = {}
        rest = linear
        for axis, extent in reversed(list(zip(axes[1:], inner, strict=True))):
            q = b.floordiv(rest, extent)
            coords[axis] = b.sub(rest, b.mul(q, extent), name=f"{prefix}_{axis}")
            rest = q
        if axes:
            coords[axes[0]] = rest
        return coords

    def _reduce(self, n: ReduceNode, env: dict[str, SSAValue]) -> SSAValue:
        """A lane owns one reduced element: it folds over the reduced coordinates (the
        reduce axes are complete inside the lane, seed 001 FR4)."""
        b = self.b
        src = n.x.type
        assert isinstance(src, TensorType)
        positions = sorted(reduced_positions(n))
        axes = [src.axis[i] for i in positions]
        extents = [self.sym(src.repeats[i]) for i in positions]
        count = b.v(1)
        for e in extents:
            count = b.mul(count, e)
        dtype = src.dtype
        wide = Float32Type() if dtype in (DType.float16, DType.bfloat16) else scalar_type(dtype)
        combine = scalar_op(reduction(n).combine_entry.op, dtype)  # NaN-propagating for floats
        assert combine is not None
        cascade = reduction(n).order_sensitive and dtype.is_float
        base = cascade_base(b, count) if cascade else None

        def fold(lb: BodyBuilder, level: int, start: SSAValue, end: SSAValue) -> SSAValue:
            """The reduction over the reduced elements ``[start, end)``: one element per
            iteration at level 0; at level ``k`` (a float sum's cascade, ``lowering.cascade``)
            blocks of ``base**k`` elements, each folded by level ``k - 1``."""
            init = lb.const(reduction_identity(n, dtype), wide)
            step = None
            if level:
                assert base is not None
                step = base
                for _ in range(level - 1):
                    step = lb.mul(step, base)
                hi = lb.ceildiv(lb.sub(end, start), step)
            with lb.fold(0 if level else start, hi if level else end, init, "r", "acc") as (fb, r, acc, out):
                if level:
                    first = fb.add(start, fb.mul(r, step))
                    v = fold(fb, level - 1, first, fb.min(fb.add(first, step), end))
                else:
                    self.b = fb
                    inner = env | self._decode(fb, r, axes, extents[1:], "r")
                    v = self._wide(self.value(n.x, inner), dtype)
                out.append(fb.insert(combine(acc, v)).results[0])
            return lb.folded

        outer = b
        result = fold(b, LEVELS - 1 if cascade else 0, b.v(0), count)
        self.b = outer
        return self._narrow(result, dtype)

    # ------------------------------------------------------------ arithmetic
    def _convert(self, v: SSAValue, src: DType, dst: DType) -> SSAValue:
        b = self.b
        if dst is DType.bool or (dst is DType.uint8 and src is DType.bool):
            zero = b.const(0, v.type)
            ne = b.insert(
                arith.CmpfOp(v, zero, "une") if src.is_float else arith.CmpiOp(v, zero, "ne")
            ).results[0]
            return b.select(ne, b.const(1, scalar_type(dst)), b.const(0, scalar_type(dst)))
        return b.cast(v, scalar_type(dst))

    def _elementwise(self, n: AscirNode, env: dict[str, SSAValue]) -> SSAValue:
        b = self.b
        t = n.result_tensor()
        args = [self.value(v, env) for v in n.operands]
        if isinstance(n, ew.SelectNode):
            cond = b.cmp("ne", args[0], b.const(0, args[0].type))
            return b.select(cond, args[1], args[2])
        if isinstance(n, ew.CompareNode):
            dtype = n.x1.type.dtype  # type: ignore[union-attr]
            x, y = (self._wide(a, dtype) for a in args)
            pred = scalar_predicate(op_entry(n).compare, dtype)  # type: ignore[union-attr, arg-type]
            if dtype.is_float:
                cmp = b.insert(arith.CmpfOp(x, y, pred)).results[0]
            else:
                cmp = b.cmp(pred, x, y)
            return b.select(cmp, b.const(1, scalar_type(t.dtype)), b.const(0, scalar_type(t.dtype)))
        dtype = t.dtype
        wide = [self._wide(a, dtype) for a in args]
        result = self._arith(n, wide, dtype)
        return self._narrow(result, dtype)

    def _wide(self, v: SSAValue, dtype: DType) -> SSAValue:
        """Reduced-precision floats compute in float32 (rounded per op, as the reference)."""
        if dtype in (DType.float16, DType.bfloat16):
            return self.b.cast(v, Float32Type())
        return v

    def _narrow(self, v: SSAValue, dtype: DType) -> SSAValue:
        return self.b.cast(v, scalar_type(dtype)) if v.type != scalar_type(dtype) else v

    def _arith(self, n: AscirNode, a: list[SSAValue], dtype: DType) -> SSAValue:
        b = self.b
        is_float = dtype.is_float
        op = scalar_op(n, dtype)
        zero_at = op_entry(n).scalar.zero if op is not None else None  # type: ignore[union-attr]
        if op is not None and zero_at is None:
            return b.insert(op(a[0], a[1])).results[0]
        zero = b.const(0, a[0].type)
        no = b.const(0, IntegerType(1))

        def truth(k: int) -> SSAValue:  # a mask operand's truth: nonzero
            return b.cmp("ne", a[k], b.const(0, a[k].type))

        if op is not None and zero_at is not None:  # Neg = 0 - x, Relu = max(x, 0)
            operands = list(a)
            operands.insert(zero_at, zero)
            return b.insert(op(*operands)).results[0]
        ops: dict[type, Callable[[], SSAValue]] = {
            ew.AbsOp: lambda: b.select(
                self._less(a[0], zero, is_float),
                b.insert((arith.SubfOp if is_float else arith.SubiOp)(zero, a[0])).results[0],
                a[0],
            ),
            ew.RemainderOp: lambda: b.sub(a[0], b.mul(b.floordiv(a[0], a[1]), a[1])),
            ew.LogicalAndOp: lambda: self._truth_value(b.select(truth(0), truth(1), no), dtype),
            ew.LogicalOrOp: lambda: self._truth_value(b.select(truth(0), b.const(1, IntegerType(1)), truth(1)), dtype),
            ew.LogicalNotOp: lambda: self._truth_value(b.cmp("eq", a[0], zero), dtype),
        }
        if composite(n, dtype):
            return ops[type(n)]()
        raise PassError(PASS, f"SIMT: {n.describe()} has no scalar lowering for {dtype}")

    def _truth_value(self, cond: SSAValue, dtype: DType) -> SSAValue:
        """A condition as a mask element (1 or 0) of ``dtype``."""
        t = scalar_type(dtype)
        return self.b.select(cond, self.b.const(1, t), self.b.const(0, t))

    def _less(self, x: SSAValue, y: SSAValue, is_float: bool) -> SSAValue:
        if is_float:
            return self.b.insert(arith.CmpfOp(x, y, "olt")).results[0]
        return self.b.cmp("slt", x, y)
