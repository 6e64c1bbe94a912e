"""The scatter case of an IndexPut graph (issue 37; ``ascir_dialect.ops.index_put``).

An IndexPut's result is complete only after every index has been applied, so nothing in
its kernel may read it: the graph computes the input, the index and the values (any chain
of ops with a scalar form, evaluated per element as the SIMT gather template does, seed
001 FR4), the IndexPut, and stores its result -- nothing else. Such a graph is lowered by
the scatter template (``lowering.index_put_kernel``) from its hint form, like an
IndirectLoad's cases: ``indirect-load-template-cases`` marks it ``template "scatter"``, and
the schedule and VF passes leave it alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import DictionaryAttr, StringAttr

from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops.index_put import IndexPutOp
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from passes.diagnostics import PassError
from passes.indirect_plan import PASS, SOURCES
from passes.indirect_templates import SIMT_DTYPES, has_scalar_form

SCATTER = "scatter"
"""``template`` of an IndexPut graph's case."""


@dataclass
class ScatterPlan:
    graph: GraphOp
    node: IndexPutOp
    stores: list[StoreOp]
    """The stores of the IndexPut's result (the graph's only stores)."""
    chain: list[AscirNode]
    """Every node the lanes evaluate (the operands' chains), in graph order."""


def has_index_put(graph: GraphOp) -> bool:
    return any(isinstance(n, IndexPutOp) for n in graph.nodes())


def scatter_plan(graph: GraphOp) -> ScatterPlan:
    """The graph's IndexPut, its stores and chains; a located PassError for a graph the
    scatter template cannot take, saying why."""
    nodes = list(graph.nodes())
    puts = [n for n in nodes if isinstance(n, IndexPutOp)]
    if len(puts) != 1:
        raise PassError(PASS, f"graph @{graph.graph_name}: expected one IndexPut, found {len(puts)}")
    (node,) = puts
    gather = next((n for n in nodes if isinstance(n, IndirectLoadOp)), None)
    if gather is not None:
        raise PassError(
            PASS,
            f"{gather.describe()}: a graph with an IndexPut holds no IndirectLoad (store the gathered "
            "values from a graph of their own)",
            at=gather,
        )
    stores: list[StoreOp] = []
    for use in node.results[0].uses:
        user = use.operation
        if not isinstance(user, StoreOp):
            raise PassError(
                PASS,
                f"{user.describe()} reads the IndexPut's result, which is complete only when its kernel "
                "ends: store it and read it from another graph",  # type: ignore[attr-defined]
                at=user,
            )
        stores.append(user)
    other = next((n for n in nodes if isinstance(n, StoreOp) and n not in stores), None)
    if other is not None:
        raise PassError(
            PASS,
            f"{other.describe()}: a graph with an IndexPut stores only its result (store other "
            "values from a graph of their own)",
            at=other,
        )
    order = {n: i for i, n in enumerate(nodes)}
    members: dict[AscirNode, None] = {}
    stack = [v.owner for v in node.operands]
    while stack:
        n = stack.pop()
        if not isinstance(n, AscirNode) or n in members or isinstance(n, SOURCES):
            continue
        members[n] = None
        stack += [v.owner for v in n.operands]
    chain = sorted(members, key=order.__getitem__)
    for n in chain:
        if not has_scalar_form(n):
            raise PassError(PASS, f"scatter: {n.describe()} has no scalar form (SIMT)", at=n)
        if isinstance(n, LoadOp) and n.result_tensor().dtype not in SIMT_DTYPES:
            raise PassError(
                PASS,
                f"scatter: {n.describe()}: {n.result_tensor().dtype} tensors are not supported by the scalar path",
                at=n,
            )
    dtype = node.result_tensor().dtype
    if dtype not in SIMT_DTYPES:
        raise PassError(
            PASS, f"scatter: {node.describe()}: {dtype} tensors are not supported by the scalar path", at=node
        )
    for s in stores:
        if not all(isinstance(u.operation, OutputOp) for u in s.results[0].uses):
            raise PassError(PASS, f"{s.describe()}: a store feeds only an Output", at=s)
    return ScatterPlan(graph, node, stores, chain)


def scatter_case(graph: GraphOp) -> GraphOp:
    """``graph`` as its one case, ``@<graph>_scatter`` (checked by :func:`scatter_plan`)."""
    scatter_plan(graph)
    case = graph.clone()
    case.properties["sym_name"] = StringAttr(f"{graph.graph_name}_{SCATTER}")
    case.properties["template"] = StringAttr(SCATTER)
    case.properties["template_info"] = DictionaryAttr({"case_of": StringAttr(graph.graph_name)})
    return case


__all__ = ["SCATTER", "ScatterPlan", "has_index_put", "scatter_case", "scatter_plan"]
