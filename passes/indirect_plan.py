"""The fused topology around an IndirectLoad (seed 001 "支持的融合范围") and its scores.

Only vertical fusion is supported::

    load -> broadcast? -> elementwise* -> IndirectLoad <- elementwise* <- broadcast? <- load
                                              |
                                   elementwise* -> reduce? -> store

:func:`analyse` splits a hint graph into the input chain (ancestors of ``x1``), the index
chain (ancestors of ``x2``) and the output chain (everything after the IndirectLoad),
and fails closed on anything else. :func:`scores` gives the two quantities of FR6.

A SIMT template case (``indirect-load-template-cases``) holds several IndirectLoads: the
forward move duplicated the gather before a two-input op, one per side input, all with
the same index value, ``dim`` and checks (seed 001 FR4). :func:`analyse` takes them as one
gather site (``gathers``); every other graph has exactly one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascir_dialect.attributes import TensorType
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import DataOp, IndexExprOp, ScalarDataOp, ScalarOp
from ascir_dialect.symbolic import SizeExpr
from passes.diagnostics import PassError

PASS = "indirect-load-template-cases"
SOURCES = (DataOp, ScalarDataOp, ScalarOp, IndexExprOp, OutputOp)
CHAIN_OPS = (LoadOp, ew.ElementwiseNode, ew.BroadcastOp, ew.CastOp)
CACHELINE_BYTES = 128
"""GM cacheline size used by the FR6 score. The seed names no value; 128 bytes is an
assumption (a common L2 line), kept in one place so that a measured value can replace it."""
CACHE_THRES = 0.5
CORE_THRES = 0.5
WARP_LANES = 32
"""SIMT lanes per warp (asc-devkit glossary, seed 001)."""
DCACHE_LINE_BYTES = 64
"""SIMT DCache line (asc-devkit DataCacheCleanAndInvalid: 64-byte lines)."""
SIMD_FIXED_REQUESTS = 640
SIMD_ROW_REQUESTS = 8
"""The "measured" template policy (``lowering.indirect_kernel``): SIMD is taken over SIMT
only when SIMT's warp requests per core reach SIMD_FIXED_REQUESTS + SIMD_ROW_REQUESTS *
(SIMD rows per core) -- SIMD's per-core DMA setups and per-row Gather work, in SIMT
request units. Placed inside the range where the regret of ``bench/indirect_load.py`` and
of a [rows, n] -> [rows, 2n] sweep stays flat (600..1000 and 6..16), not at its edge."""


@dataclass
class IndirectPlan:
    graph: GraphOp
    node: IndirectLoadOp
    """The (first) IndirectLoad; ``gathers`` holds every one of a SIMT case."""
    gathers: list[IndirectLoadOp]
    input_chain: list[AscirNode]
    index_chain: list[AscirNode]
    output_chain: list[AscirNode]
    reduce: ReduceNode | None

    @property
    def dim(self) -> int:
        return self.node.dim_value

    @property
    def input_load(self) -> LoadOp | None:
        """The Load feeding the IndirectLoad directly (no input pre chain), if so."""
        owner = self.node.x1.owner
        return owner if isinstance(owner, LoadOp) else None

    @property
    def out_view(self) -> TensorType:
        return self.node.result_tensor()

    @property
    def lane_view(self) -> TensorType:
        """The view whose elements are computed independently: the reduction's result when
        the output chain reduces, the gather's output otherwise."""
        return self.reduce.result_tensor() if self.reduce is not None else self.out_view


def has_indirect_load(graph: GraphOp) -> bool:
    """The graph compiles through IndirectLoad template cases (not ``schedule``)."""
    return any(isinstance(n, IndirectLoadOp) for n in graph.nodes())


def _ancestors(node: AscirNode) -> list[AscirNode]:
    seen: dict[AscirNode, None] = {}
    stack = [v.owner for v in node.operands]
    while stack:
        n = stack.pop()
        if isinstance(n, AscirNode) and n not in seen:
            seen[n] = None
            stack.extend(v.owner for v in n.operands)
    return list(seen)


def _same_gather(a: IndirectLoadOp, b: IndirectLoadOp) -> bool:
    """``b`` gathers with ``a``'s index, dim, checks and view (a duplicated gather, FR4)."""
    ta, tb = a.result_tensor(), b.result_tensor()
    return (
        a.x2 == b.x2
        and a.dim_value == b.dim_value
        and a.check_negative == b.check_negative
        and a.check_bound == b.check_bound
        and (ta.axis, ta.repeats, ta.strides) == (tb.axis, tb.repeats, tb.strides)
    )


def analyse(graph: GraphOp) -> IndirectPlan:
    nodes = list(graph.nodes())
    loads = [n for n in nodes if isinstance(n, IndirectLoadOp)]
    if not loads or (len(loads) > 1 and not all(_same_gather(loads[0], n) for n in loads[1:])):
        raise PassError(PASS, f"graph @{graph.graph_name}: expected one IndirectLoad, found {len(loads)}")
    il = loads[0]
    order = {n: i for i, n in enumerate(nodes)}

    def chain(*starts: AscirNode) -> list[AscirNode]:
        members = {m: None for s in starts for m in [s, *_ancestors(s)] if not isinstance(m, SOURCES)}
        return sorted(members, key=order.__getitem__)

    input_chain = chain(*(g.x1.owner for g in loads))  # type: ignore[misc]
    index_chain = chain(il.x2.owner)  # type: ignore[arg-type]
    shared = set(input_chain) & set(index_chain)
    if shared:
        n = min(shared, key=order.__getitem__)
        raise PassError(PASS, f"{n.describe()} feeds both the input and the index of {il.describe()}", at=n)
    before = set(input_chain) | set(index_chain) | set(loads)
    live: set[AscirNode] = set()
    for store in (n for n in nodes if isinstance(n, StoreOp)):
        live |= {store, *_ancestors(store)}
    # dead nodes (e.g. a load that a front-end helper replaced by a broadcast view) are ignored
    output_chain = [n for n in nodes if n not in before and n in live and not isinstance(n, SOURCES)]
    reduce = None
    if not any(isinstance(n, StoreOp) for n in output_chain):
        raise PassError(
            PASS, f"{il.describe()}: its result is never stored; store it (ascir.store + ascir.output)", at=il
        )
    for n in input_chain + index_chain:
        if not isinstance(n, CHAIN_OPS):
            raise PassError(
                PASS,
                f"{n.describe()}: only loads, broadcasts and elementwise ops may precede an IndirectLoad",
                at=n,
            )
    computed_before = set(input_chain) | set(index_chain)
    for n in output_chain:
        early = [v.owner for v in n.operands if v.owner in computed_before]
        if early:
            raise PassError(
                PASS,
                f"{n.describe()} reads %{early[0].node_name}, computed before {il.describe()}: only "  # type: ignore[union-attr]
                "vertical fusion is supported (load -> ... -> IndirectLoad -> ... -> store); "
                "recompute it after the gather or split the graph",
                at=n,
            )
    for n in output_chain:
        if isinstance(n, ReduceNode):
            if reduce is not None:
                raise PassError(
                    PASS, f"{n.describe()}: at most one reduction may follow an IndirectLoad", at=n
                )
            reduce = n
        elif isinstance(n, StoreOp):
            if not set(loads) & set(_ancestors(n)):
                raise PassError(
                    PASS,
                    f"{n.describe()}: every store must depend on the IndirectLoad (vertical fusion only)",
                )
        elif not isinstance(n, CHAIN_OPS):
            raise PassError(PASS, f"{n.describe()}: not supported after an IndirectLoad", at=n)
    return IndirectPlan(graph, il, loads, input_chain, index_chain, output_chain, reduce)


def scores(plan: IndirectPlan) -> tuple[SizeExpr, SizeExpr]:
    """FR6: (continuous_bytes of the input, index_outer_product before ``dim``)."""
    src = plan.node.x1.type
    assert isinstance(src, TensorType)
    data = _gm_view(plan)
    reps, strides = data.repeats, data.strides
    product = SizeExpr(1)
    for i in range(len(reps) - 1, 0, -1):
        if strides[i - 1] == reps[i] * strides[i]:
            product = product * reps[i]
        else:
            break
    if strides[-1] != 1:
        product = SizeExpr(1)
    return product * src.dtype.nbytes, plan.out_view.numel(0, plan.dim)


def _gm_view(plan: IndirectPlan) -> TensorType:
    """The GM view the input chain starts from (the first Load of the input chain)."""
    load = next((n for n in plan.input_chain if isinstance(n, LoadOp)), None)
    if load is None:
        raise PassError(PASS, f"{plan.node.describe()}: the input chain has no load", at=plan.node)
    return load.result_tensor()
