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
from xdsl.passes import ModulePass

from ascir_dialect.attributes import TensorType
from ascir_dialect.ops import GraphOp
from ascir_dialect.ops.elementwise import BroadcastOp
from ascir_dialect.ops.sources import ArangeOp
from ascir_dialect.symbolic import SizeExpr
from passes.diagnostics import PassError

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
    if out.strides[-1] != 1:
        raise _fail(arange, f"the Broadcast output's innermost stride is {out.strides[-1]}, expected 1")
    pos = out.axis.index(t.axis[v])
    reps = [SizeExpr(1)] * out.rank
    strides = [SizeExpr(0)] * out.rank
    reps[pos], strides[pos] = t.repeats[v], SizeExpr(1)
    return TensorType(t.dtype, out.axis, reps, strides)


def normalize_graph(graph: GraphOp) -> None:
    plans: list[tuple[ArangeOp, TensorType]] = []
    for node in graph.nodes():
        if isinstance(node, ArangeOp):
            users = [u.operation for u in node.results[0].uses]
            broadcasts = [u for u in users if isinstance(u, BroadcastOp)]
            if not broadcasts:
                continue
            if len(users) != 1:
                raise _fail(
                    node, f"an Arange feeding a Broadcast must have no other users ({len(users)} users)"
                )
            plans.append((node, normalized_view(node, broadcasts[0].result_tensor())))
    for arange, view in plans:  # every check passed: rewrite
        if view != arange.result_tensor():
            new = ArangeOp.build(properties=dict(arange.properties), result_types=[view])
            new.results[0].name_hint = arange.results[0].name_hint
            new.location = arange.location
            if arange.sched is not None:
                new.properties["sched"] = ArrayAttr([StringAttr(a) for a in view.axis])
            graph.body.block.insert_op_before(new, arange)
            arange.results[0].replace_all_uses_with(new.results[0])
            arange.detach()
            arange.erase()


@dataclass(frozen=True)
class NormalizeArangeBroadcastViewsPass(ModulePass):
    """Seed 000 FR8/AL-2: degenerate Arange views pass through, 1-D Aranges are padded."""

    name = NAME

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for graph in op.ops:
            if isinstance(graph, GraphOp):
                normalize_graph(graph)
