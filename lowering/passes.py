"""``lower-to-ascendc`` as a module pass, and the ``autofuse`` pipeline pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from ascir_dialect.ops import GraphOp
from lowering.graph_lowering import lower_graph
from lowering.indirect_kernel import lower_indirect
from lowering.indirect_plan import has_indirect_load
from passes.diagnostics import PassError
from passes.dump import dump
from passes.normalize_arange import NormalizeArangeBroadcastViewsPass
from passes.options import TypedOptions
from passes.schedule import SchedulePass
from passes.vf_partition import VfPartitionPass


@dataclass(frozen=True)
class LowerToAscendCPass(TypedOptions, ModulePass):
    """Replace the module's (single, scheduled) graph by its ascendc kernel module."""

    name = "lower-to-ascendc"

    mask_mode: Literal["loop", "per-op"] = "loop"
    """VF masks: "loop" (AL-7, the loop dtype) or "per-op" (debug: the pre-fix defect)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        graphs = [g for g in op.ops if isinstance(g, GraphOp)]
        if len(graphs) != 1:
            raise PassError(
                self.name, f"expected one graph per module (one kernel per build), found {len(graphs)}"
            )
        _replace_body(op, lower_graph(graphs[0], mask_mode=self.mask_mode))


def _replace_body(op: ModuleOp, kernel: ModuleOp) -> None:
    for existing in list(op.ops):
        existing.detach()
        existing.erase()
    for new in list(kernel.ops):
        new.detach()
        op.body.block.add_op(new)


@dataclass(frozen=True)
class AutofusePass(TypedOptions, ModulePass):
    """The whole pipeline (print with ``-t ascendc``): normalize-arange-broadcast-views,
    schedule, vf-partition (``vf=false``: the root-graph path), lower-to-ascendc."""

    name = "autofuse"

    vf: bool = True
    mask_mode: Literal["loop", "per-op"] = "loop"
    template: Literal["", "simd", "simt", "sklike"] = ""
    """IndirectLoad graphs: force "simd", "simt" or "sklike" (default: host tiling chooses)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        graphs = [g for g in op.ops if isinstance(g, GraphOp)]
        if len(graphs) == 1 and has_indirect_load(graphs[0]):
            kernel = lower_indirect(graphs[0], f"autofuse_{graphs[0].graph_name}", self.template or None)
            _replace_body(op, kernel)
            dump("lower-to-ascendc", op)
            return
        for step in (
            NormalizeArangeBroadcastViewsPass(),
            SchedulePass(),
            VfPartitionPass(enable=self.vf),
            LowerToAscendCPass(mask_mode=self.mask_mode),
        ):
            step.apply(ctx, op)
            dump(step.name, op)
