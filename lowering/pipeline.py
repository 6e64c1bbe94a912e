"""The ordinary (non-IndirectLoad) pipeline on one graph: normalize-arange-broadcast-views,
schedule, vf-partition, GraphLowering. Shared by ``compile_graph`` and the SK-like
template, whose pre/post stages are ordinary graphs."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from ascir_dialect.ops import GraphOp
from lowering.graph_lowering import lower_graph
from passes.dump import dump
from passes.normalize_arange import normalize_graph
from passes.schedule import schedule_graph
from passes.vf_partition import partition_graph


def impl_graph(g: GraphOp, vf: bool = True) -> GraphOp:
    """The scheduled (impl) copy of ``g``: a hint graph is normalized and scheduled, an impl
    graph taken as it is (the seed's C++-built graphs arrive so); then vf-partitioned
    unless ``vf`` is false (the root-graph path)."""
    if g.is_hint:
        normalized = g.clone()
        normalize_graph(normalized)
        dump(f"normalize-arange-broadcast-views@{g.graph_name}", normalized)
        impl = schedule_graph(normalized)
        dump(f"schedule@{g.graph_name}", impl)
    else:
        impl = g.clone()
    if vf:
        partition_graph(impl)
        dump(f"vf-partition@{g.graph_name}", impl)
    return impl


def lower_ordinary(
    g: GraphOp, name: str | None = None, vf: bool = True, mask_mode: str = "loop", split: bool = True
) -> ModuleOp:
    """``split=False``: no SPLIT reduction schedule (an SK-like stage: its template launches it)."""
    return lower_graph(impl_graph(g, vf), name, mask_mode, split)


__all__ = ["impl_graph", "lower_ordinary"]
