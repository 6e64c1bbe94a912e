"""``normalize-arange-broadcast-views`` (seed 000 FR8, AL-1, AL-2), run before axis merging.

For every explicit ``Arange -> Broadcast`` pair:
* an Arange view of the Broadcast's rank on the same axes passes through as it is, with
  any number of degenerate and varying axes (AL-1: degenerate axes contribute nothing;
  the seed's "same-rank multi-axis degenerate views pass through");
* a lower-rank (1-D) Arange is padded to the Broadcast's axes: exactly one non-degenerate
  axis with stride 1, which keeps its size and stride, every other position gets size 1 /
  stride 0 (AL-2).

Every pair is checked first and the graph is rewritten only if all pass (fail closed):
"Normalize explicit Arange Broadcast views failed: <reason>". Control edges, which the
seed also excludes, do not exist in this IR.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from ascir_dialect.attributes import TensorType
from ascir_dialect.ops import GraphOp
from ascir_dialect.ops.elementwise import BroadcastOp
from ascir_dialect.ops.sources import ArangeOp
from ascir_dialect.symbolic import SizeExpr
from passes.diagnostics import AscirPass, PassError
from passes.graphs import each_graph

NAME = "normalize-arange-broadcast-views"


def _fail(arange: ArangeOp, reason: str) -> PassError:
    return PassError(NAME, f"Normalize explicit Arange Broadcast views failed: {arange.describe()}: {reason}")


def normalized_view(arange: ArangeOp, out: TensorType) -> TensorType:
    """The Arange view aligned to the Broadcast output (checks of AL-2, fail-closed)."""
    t = arange.result_tensor()
    if t.rank > out.rank:
        raise _fail(arange, f"rank {t.rank} exceeds the Broadcast output rank {out.rank}")
    if t.rank == out.rank:  # same-rank views pass through (AL-1), multi-axis ones included
        if t.axis != out.axis:
            raise _fail(arange, f"axes {t.axis} differ from the Broadcast output axes {out.axis}")
        return t
    varying = [
        i for i, (r, s) in enumerate(zip(t.repeats, t.strides, strict=True)) if not (r == 1 and s == 0)
    ]
    if len(varying) != 1:
        raise _fail(arange, f"needs exactly one non-degenerate axis, found {len(varying)}")
    v = varying[0]
    if t.strides[v] != 1:
        raise _fail(arange, f"the varying axis '{t.axis[v]}' has stride {t.strides[v]}, expected 1")
    if t.axis[v] not in out.axis:
        raise _fail(
            arange, f"the varying axis '{t.axis[v]}' is not an axis of the Broadcast output {out.axis}"
        )
    if out.strides[-1] != 1 and out.repeats[-1] != 1:  # a size-1 axis has stride 0 (AL-1)
        raise _fail(arange, f"the Broadcast output's innermost stride is {out.strides[-1]}, expected 1")
    pos = out.axis.index(t.axis[v])
    reps = [SizeExpr(1)] * out.rank
    strides = [SizeExpr(0)] * out.rank
    reps[pos], strides[pos] = t.repeats[v], SizeExpr(1)
    return TensorType(t.dtype, out.axis, reps, strides)


def _broadcast_user(arange: ArangeOp) -> BroadcastOp | None:
    """The Broadcast reading ``arange`` (fails closed when it has other users too)."""
    users = [u.operation for u in arange.results[0].uses]
    broadcasts = [u for u in users if isinstance(u, BroadcastOp)]
    if not broadcasts:
        return None
    if len(users) != 1:
        raise _fail(arange, f"an Arange feeding a Broadcast must have no other users ({len(users)} users)")
    return broadcasts[0]


@dataclass
class AlignArangeBroadcastView(RewritePattern):
    """``Arange`` -> ``Broadcast``: the Arange takes the view :func:`normalized_view` gives
    (AL-2 padding; same-rank views, degenerate axes included, are left as they are, AL-1)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, arange: ArangeOp, rewriter: PatternRewriter) -> None:
        broadcast = _broadcast_user(arange)
        if broadcast is None:
            return
        view = normalized_view(arange, broadcast.result_tensor())
        if view == arange.result_tensor():
            return
        new = ArangeOp.build(properties=dict(arange.properties), result_types=[view])
        new.results[0].name_hint = arange.results[0].name_hint
        new.location = arange.location
        if arange.sched is not None:
            new.properties["sched"] = ArrayAttr([StringAttr(a) for a in view.axis])
        rewriter.replace(arange, new)


def normalize_graph(graph: GraphOp) -> None:
    """Check every ``Arange -> Broadcast`` pair, then rewrite them (all or nothing)."""
    for node in graph.nodes():
        if isinstance(node, ArangeOp) and (broadcast := _broadcast_user(node)) is not None:
            normalized_view(node, broadcast.result_tensor())
    PatternRewriteWalker(AlignArangeBroadcastView(), apply_recursively=False).rewrite_region(graph.body)


@dataclass(frozen=True)
class NormalizeArangeBroadcastViewsPass(AscirPass):
    """Seed 000 FR8/AL-2: degenerate Arange views pass through, 1-D Aranges are padded."""

    name = NAME

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        each_graph(op, lambda g: normalize_graph(g) if g.is_hint else None)  # impl graphs as they are
