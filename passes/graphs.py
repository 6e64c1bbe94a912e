"""Which graphs of a module each pass compiles.

After ``indirect-load-template-cases`` a module holds, besides ordinary graphs, the SIMD /
SIMT / SK-like cases of an IndirectLoad graph (lowered by the IndirectLoad templates from
their hint form, never scheduled) and the SK-like stage graphs (``template "stage"``:
ordinary graphs that the graph passes compile like any other). A stage that a pass cannot
compile rejects the SK-like case -- with the pass's message as the reason -- instead of
failing the pipeline, unless SK-like was forced (seed 001 FR2: a rejected template never
affects the others).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from xdsl.dialects.builtin import DictionaryAttr, ModuleOp, StringAttr
from xdsl.ir import Attribute
from xdsl.rewriter import Rewriter

from ascir_dialect.ops import GraphOp
from passes.diagnostics import PassError

STAGE = "stage"
"""``template`` of an SK-like stage graph (an ordinary graph compiled by the pipeline)."""


def is_case(graph: GraphOp) -> bool:
    """A SIMD / SIMT / SK-like template case (not an SK-like stage graph)."""
    return graph.template is not None and graph.template.data != STAGE


def case_info(graph: GraphOp, key: str) -> Attribute | None:
    info = graph.template_info
    return None if info is None else info.data.get(key)


def ordinary_graphs(module: ModuleOp) -> Iterator[GraphOp]:
    """The graphs the graph passes (normalize, schedule, VF) compile, in module order."""
    for op in list(module.ops):
        if isinstance(op, GraphOp) and not is_case(op):
            yield op


def each_graph(module: ModuleOp, compile_one: Callable[[GraphOp], None]) -> None:
    """``compile_one`` on every ordinary graph; a failing SK-like stage rejects its case."""
    for graph in ordinary_graphs(module):
        if graph.parent is None:
            continue  # a stage graph removed with its rejected case
        try:
            compile_one(graph)
        except PassError as e:
            root = case_info(graph, "case_of")
            if graph.template is None or not isinstance(root, StringAttr):
                raise
            record = _sklike_record(module, root.data)
            if record is None or case_info(record, "forced") is not None:
                raise
            reject_sklike(module, record, f"SK-like: stage @{graph.graph_name}: {e.message}")


def _sklike_record(module: ModuleOp, root: str) -> GraphOp | None:
    for op in module.ops:
        if isinstance(op, GraphOp) and op.template is not None and op.template.data == "sklike":
            if case_info(op, "case_of") == StringAttr(root):
                return op
    return None


def reject_sklike(module: ModuleOp, record: GraphOp, reason: str) -> None:
    """Mark the SK-like case rejected and remove its stage graphs."""
    root = case_info(record, "case_of")
    info = dict(record.template_info.data) if record.template_info is not None else {}
    info["rejected"] = StringAttr(reason)
    record.properties["template_info"] = DictionaryAttr(info)
    for op in list(module.ops):
        if isinstance(op, GraphOp) and case_info(op, "stage") is not None and case_info(op, "case_of") == root:
            Rewriter.erase_op(op)


__all__ = ["STAGE", "case_info", "each_graph", "is_case", "ordinary_graphs", "reject_sklike"]
