"""``decompose-reductions`` (issue 19): Mean, Any, All, ArgMax and ArgMin in terms of the
reductions the lowerings implement (Sum/Max/Min) and elementwise nodes.

Which reductions are rewritten, and into which, is the target table's ``via``
(``ascendc_emitter.target.ops.REDUCTIONS``). The rewrites keep the op's reference
semantics (``ascir_dialect.ops.reduce``), so every schedule Sum/Max/Min have -- resident,
streamed rows larger than the UB, split over cores, any axis set, the VF and the
root-graph paths -- holds for them too:

* ``Mean(x)`` = ``Div(Sum(x32), Cast(Broadcast(IndexExpr n)))`` rounded once to the
  operand dtype: ``x32`` is ``x`` in float32 (torch accumulates float16/bfloat16 means in
  float32), ``n`` the product of the reduced sizes, a symbolic expression that host tiling
  evaluates at run time (exact: a division by the count, as torch's ``sum / n``).
* ``Any(x)`` / ``All(x)`` = ``Cast(Max|Min(Cast(t, float16)), uint8)`` (then bool for a
  bool mask) with ``t`` = ``x`` for a bool mask and ``Ne(x, 0)`` for a uint8 one: the
  memory-level ReduceMax/ReduceMin have no 8-bit variant, float16 holds 0 and 1 exactly.
* ``ArgMax(x)`` = ``Min(Where(Eq(x, Broadcast(Max(x))), pos, BIG))`` with ``pos`` an
  Arange numbering the reduced positions row-major (kept axes degenerate, broadcast
  along them) and ``BIG`` the result dtype's maximum: the first position of the maximum
  wins ties. For floats ``Where(Ne(x, x), pos, ...)`` also admits NaN positions: Max
  propagates NaN, so when the row holds a NaN nothing equals the maximum and the first
  NaN's position is the result, as torch. ArgMin likewise with Min. int8/uint8 operands
  are compared as int32 (exact; ReduceMax/Min have no 8-bit variant). Two reduction
  levels: the input is read once more than by a Max.

The new nodes take the reduction's location and name prefix, so diagnostics still point
at the user's node.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from ascendc_emitter.target.ops import reduction
from ascir_dialect.attributes import ExprAttr, ScalarType, TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.reduce import (
    AnyOp,
    ArgMaxOp,
    ArgMinOp,
    MaskReduceNode,
    MaxOp,
    MeanOp,
    MinOp,
    ReduceNode,
    SumOp,
)
from ascir_dialect.ops.sources import ArangeOp, IndexExprOp, ScalarOp
from ascir_dialect.symbolic import SizeExpr
from passes.diagnostics import AscirPass

NAME = "decompose-reductions"


def retyped(t: TensorType, dtype: DType) -> TensorType:
    return TensorType(dtype, t.axis, t.repeats, t.strides)


class _Emitter:
    """Builds the nodes replacing one reduction, named ``<reduction>_<what>``."""

    def __init__(self, node: ReduceNode):
        self.node = node
        self.ops: list[Operation] = []
        self.props = {"sched": node.sched} if node.sched is not None else {}

    def add(
        self, kind: type[Operation], what: str, operands: list[SSAValue], result: object, **props
    ) -> SSAValue:
        properties = dict(self.props) if not issubclass(kind, (ScalarOp, IndexExprOp)) else {}
        properties.update(props)
        op = kind.build(operands=operands, properties=properties, result_types=[result])
        op.results[0].name_hint = f"{self.node.node_name}_{what}"
        op.location = self.node.location
        self.ops.append(op)
        return op.results[0]

    def cast(self, v: SSAValue, dtype: DType, what: str) -> SSAValue:
        t = v.type
        assert isinstance(t, TensorType)
        return v if t.dtype == dtype else self.add(ew.CastOp, what, [v], retyped(t, dtype))

    def scalar(self, text: str, dtype: DType, what: str) -> SSAValue:
        return self.add(ScalarOp, what, [], ScalarType(dtype), value=StringAttr(text))


def _reduced_count(src: TensorType, axes: list[int]) -> SizeExpr:
    count = SizeExpr(1)
    for i in axes:
        count = count * src.repeats[i]
    return count


def _positions(src: TensorType, axes: list[int], dtype: DType) -> TensorType:
    """The view of an Arange numbering the reduced positions row-major: kept axes are
    degenerate (size 1, stride 0), reduced axes keep their size."""
    strides: list[SizeExpr] = [SizeExpr(0)] * src.rank
    acc = SizeExpr(1)
    for i in reversed(axes):
        strides[i] = acc
        acc = acc * src.repeats[i]
    repeats = [r if i in axes else SizeExpr(1) for i, r in enumerate(src.repeats)]
    return TensorType(dtype, src.axis, repeats, strides)


def decompose(node: ReduceNode) -> tuple[list[Operation], SSAValue]:
    """The nodes computing ``node`` from Sum/Max/Min, and the value replacing its result."""
    e = _Emitter(node)
    x = node.x
    src, out = node.x.type, node.result_tensor()
    assert isinstance(src, TensorType)
    axes = node.reduced_axes()
    d = src.dtype
    if isinstance(node, MeanOp):
        wide = e.cast(x, DType.float32, "x32")
        total = e.add(SumOp, "sum", [wide], retyped(out, DType.float32))
        count = e.add(
            IndexExprOp, "count", [], ScalarType(DType.int64), expr=ExprAttr(_reduced_count(src, axes))
        )
        count_t = e.add(ew.BroadcastOp, "count_b", [count], retyped(out, DType.int64))
        count_f = e.cast(count_t, DType.float32, "count_f")
        mean = e.add(ew.DivOp, "mean32", [total, count_f], retyped(out, DType.float32))
        return e.ops, e.cast(mean, out.dtype, "mean")
    if isinstance(node, MaskReduceNode):
        truth = x
        if d is not DType.bool:  # a uint8 mask: any nonzero value counts as true
            truth = e.add(ew.NeOp, "nonzero", [x, e.scalar("0", d, "zero")], retyped(src, DType.bool))
        half = e.cast(truth, DType.float16, "f16")
        base = MaxOp if isinstance(node, AnyOp) else MinOp
        extreme = e.add(base, "extreme", [half], retyped(out, DType.float16))
        as_u8 = e.cast(extreme, DType.uint8, "u8")
        return e.ops, e.cast(as_u8, out.dtype, "mask")
    assert isinstance(node, (ArgMaxOp, ArgMinOp))
    r = out.dtype
    key = e.cast(x, DType.int32, "key") if d in (DType.int8, DType.uint8) else x
    key_t = key.type
    assert isinstance(key_t, TensorType)
    base = MaxOp if isinstance(node, ArgMaxOp) else MinOp
    extreme = e.add(base, "extreme", [key], retyped(out, key_t.dtype))
    spread = e.add(ew.BroadcastOp, "extreme_b", [extreme], key_t)
    hit = e.add(ew.EqOp, "hit", [key, spread], retyped(src, DType.bool))
    pos_view = _positions(src, axes, r)
    pos = e.add(ArangeOp, "pos", [], pos_view, base=ExprAttr(SizeExpr(0)), step=ExprAttr(SizeExpr(1)))
    full = retyped(src, r)
    if pos_view != full:
        pos = e.add(ew.BroadcastOp, "pos_b", [pos], full)
    big = e.add(ew.BroadcastOp, "none_b", [e.scalar(str(r.int_range[1]), r, "none")], full)
    cand = e.add(ew.WhereOp, "cand", [hit, pos, big], full)
    if d.is_float:
        nan = e.add(ew.NeOp, "nan", [x, x], retyped(src, DType.bool))
        cand = e.add(ew.WhereOp, "cand_nan", [nan, pos, cand], full)
    return e.ops, e.add(MinOp, "first", [cand], out)


@dataclass
class DecomposeReduction(RewritePattern):
    @op_type_rewrite_pattern
    def match_and_rewrite(self, node: ReduceNode, rewriter: PatternRewriter) -> None:
        if not reduction(node).decomposed:
            return
        ops, value = decompose(node)
        rewriter.replace(node, ops, [value])


def decompose_graph(graph: GraphOp) -> None:
    PatternRewriteWalker(DecomposeReduction(), apply_recursively=False).rewrite_region(graph.body)


@dataclass(frozen=True)
class DecomposeReductionsPass(AscirPass):
    """Issue 19: Mean/Any/All/ArgMax/ArgMin as Sum/Max/Min and elementwise nodes."""

    name = NAME

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for graph in [g for g in op.ops if isinstance(g, GraphOp)]:
            decompose_graph(graph)


__all__ = ["DecomposeReduction", "DecomposeReductionsPass", "decompose", "decompose_graph"]
