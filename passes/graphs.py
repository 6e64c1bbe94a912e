"""Which graphs of a module each pass compiles.

After ``indirect-load-template-cases`` a module holds, besides ordinary graphs, the SIMD /
SIMT / SK-like cases of an IndirectLoad graph (lowered by the IndirectLoad templates from
their hint form, never scheduled) and the SK-like stage graphs (``template "stage"``:
ordinary graphs, already compiled by the stage pipeline of that pass).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute

from ascir_dialect.ops import GraphOp

STAGE = "stage"
"""``template`` of an SK-like stage graph (an ordinary graph compiled by the pipeline)."""


def is_case(graph: GraphOp) -> bool:
    """A SIMD / SIMT / SK-like template case (not an SK-like stage graph)."""
    return graph.template is not None and graph.template.data != STAGE


def case_info(graph: GraphOp, key: str) -> Attribute | None:
    info = graph.template_info
    return None if info is None else info.data.get(key)


def ordinary_graphs(module: ModuleOp) -> Iterator[GraphOp]:
    """The graphs the graph passes (normalize, schedule, VF) compile, in module order: not
    the template cases nor the SK-like stages (``indirect-load-template-cases`` compiled
    those by a pipeline run of their own)."""
    for op in list(module.ops):
        if isinstance(op, GraphOp) and op.template is None:
            yield op


def each_graph(module: ModuleOp, compile_one: Callable[[GraphOp], None]) -> None:
    for graph in ordinary_graphs(module):
        compile_one(graph)


__all__ = ["STAGE", "case_info", "each_graph", "is_case", "ordinary_graphs"]
