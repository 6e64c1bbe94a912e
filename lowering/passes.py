"""``lower-to-ascendc`` as a module pass, and the ``autofuse`` pipeline pass."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from ascir_dialect.ops import GraphOp
from lowering.graph_lowering import lower_graph
from passes.diagnostics import PassError
from passes.normalize_arange import NormalizeArangeBroadcastViewsPass
from passes.schedule import SchedulePass


@dataclass(frozen=True)
class LowerToAscendCPass(ModulePass):
    """Replace the module's (single, scheduled) graph by its ascendc kernel module."""

    name = "lower-to-ascendc"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        graphs = [g for g in op.ops if isinstance(g, GraphOp)]
        if len(graphs) != 1:
            raise PassError(
                self.name, f"expected one graph per module (one kernel per build), found {len(graphs)}"
            )
        kernel = lower_graph(graphs[0])
        for existing in list(op.ops):
            existing.detach()
            existing.erase()
        for new in list(kernel.ops):
            new.detach()
            op.body.block.add_op(new)


@dataclass(frozen=True)
class AutofusePass(ModulePass):
    """The whole pipeline: schedule, then lower-to-ascendc (print with ``-t ascendc``)."""

    name = "autofuse"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        NormalizeArangeBroadcastViewsPass().apply(ctx, op)
        SchedulePass().apply(ctx, op)
        LowerToAscendCPass().apply(ctx, op)
