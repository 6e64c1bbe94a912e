"""The fused topology around an IndirectLoad (seed 001 "支持的融合范围") and its scores.

Only vertical fusion is supported::

    load -> broadcast? -> elementwise* -> IndirectLoad <- elementwise* <- broadcast? <- load
                                              |
                                   elementwise* -> reduce? -> store

:func:`analyse` splits a hint graph into the input chain (ancestors of ``x1``), the index
chain (ancestors of ``x2``) and the output chain (everything after the IndirectLoad),
and fails closed on anything else. :func:`scores` gives the two quantities of FR6.

A graph may hold several IndirectLoads (issue 19: embedding + position embedding, RoPE's
cos/sin tables gathered by the same position ids). :func:`analyse` groups them into gather
*sites*: the gathers of one site share the index value, ``dim``, checks and view (as the
SIMT forward move duplicates a gather before a two-input op, seed 001 FR4, or as cos/sin
tables gathered by one position index); each site has its own input and index chains.
Arange and IndexExpr may appear in any chain (a position term added after the gather, an
index computed as ``ids + Arange``); every chain may load and compute from GM values (an
index ``ids * stride + offset`` or a Cast of the ids). Gathers whose index or input depends
on another gather (a gather of a gather) are refused here with a located diagnostic.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascendc_emitter.target.platform import ASCEND_950
from ascir_dialect.attributes import TensorType
from ascir_dialect.frontend.graph import contiguous_strides
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp, ScalarDataOp, ScalarOp
from ascir_dialect.symbolic import Min, SizeExpr
from passes.diagnostics import PassError

PASS = "indirect-load-template-cases"
SOURCES = (DataOp, ScalarDataOp, ScalarOp, IndexExprOp, OutputOp)
CHAIN_OPS = (LoadOp, ArangeOp, ew.ElementwiseNode, ew.BroadcastOp, ew.CastOp)
CACHELINE_BYTES = ASCEND_950.cache_line_bytes
"""GM cacheline size used by the FR6 score (the seed names no value): the 950's 128 bytes,
as Autofuse's own model takes it (``ascendc_emitter.target.platform``)."""
CACHE_THRES = 0.5
CORE_THRES = 0.5
WARP_LANES = 32
"""SIMT lanes per warp (asc-devkit glossary, seed 001)."""
DCACHE_LINE_BYTES = 64
"""SIMT DCache line (asc-devkit DataCacheCleanAndInvalid: 64-byte lines)."""
SIMD_FIXED_REQUESTS = 12800
SIMD_ROW_REQUESTS = 16
"""The "measured" template policy (``lowering.indirect_kernel``): SIMD is taken over SIMT
only when SIMT's warp requests per core reach SIMD_FIXED_REQUESTS + SIMD_ROW_REQUESTS *
(SIMD rows per core) -- SIMD's per-core DMA heads and per-row Gather work, in SIMT request
units. Re-derived on the 950's timeline (``bench/thresholds.py --only template``: gathers
[rows, n] -> [rows, 2n], rows and n 32..1024, on 56 cores): SIMD wins only from about 20K
requests per core (SIMT's DCache lines now cost their bytes at the measured SIMT rate and
SIMD's copies their ATT heads); the worst regret is 1.000 for fixed 10240..15360 with
row 0..64, and these values sit inside that range. The previous model's (640, 8): 2.055."""


@dataclass
class GatherSite:
    """IndirectLoads sharing one index value, ``dim``, checks and view, with their chains."""

    gathers: list[IndirectLoadOp]
    input_chain: list[AscirNode]
    """Ancestors of every gather's ``x1`` (program order)."""
    index_chain: list[AscirNode]
    """Ancestors of the shared ``x2`` (program order)."""

    @property
    def node(self) -> IndirectLoadOp:
        return self.gathers[0]

    @property
    def dim(self) -> int:
        return self.node.dim_value


@dataclass
class IndirectPlan:
    graph: GraphOp
    sites: list[GatherSite]
    """Gather sites in program order (one in most graphs)."""
    output_chain: list[AscirNode]
    reduce: ReduceNode | None
    lane_view: TensorType
    """The space the SIMT lanes iterate, one lane per element: every store's view merged
    axis by axis (dense, in the widest store's axis order so consecutive lanes touch
    consecutive elements). A gathered value broadcast over a new
    axis is stored over that axis too; a reduction's result has size 1 on its reduced axes,
    so a lane owns one reduced element (it folds the reduced axes). A store narrower than
    the lane space (size 1 where it is not) is written by the lanes at coordinate 0 there."""

    @property
    def node(self) -> IndirectLoadOp:
        """The first IndirectLoad (every template that needs one site checks ``sites``)."""
        return self.sites[0].node

    @property
    def gathers(self) -> list[IndirectLoadOp]:
        return [g for s in self.sites for g in s.gathers]

    @property
    def input_chain(self) -> list[AscirNode]:
        """Every site's input chain (program order, no repeats)."""
        return self._union(s.input_chain for s in self.sites)

    @property
    def index_chain(self) -> list[AscirNode]:
        """Every site's index chain (program order, no repeats)."""
        return self._union(s.index_chain for s in self.sites)

    def _union(self, chains: object) -> list[AscirNode]:
        seen: dict[AscirNode, None] = {}
        for chain in chains:  # type: ignore[attr-defined]
            seen.update(dict.fromkeys(chain))
        order = {n: i for i, n in enumerate(self.graph.nodes())}
        return sorted(seen, key=order.__getitem__)

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
    """``b`` gathers with ``a``'s index, dim, checks and view (one gather site)."""
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
    if not loads:
        raise PassError(PASS, f"graph @{graph.graph_name}: expected an IndirectLoad, found none")
    order = {n: i for i, n in enumerate(nodes)}

    def chain(*starts: AscirNode) -> list[AscirNode]:
        members = {m: None for s in starts for m in [s, *_ancestors(s)] if not isinstance(m, SOURCES)}
        return sorted(members, key=order.__getitem__)

    groups: list[list[IndirectLoadOp]] = []
    for il in loads:
        group = next((g for g in groups if _same_gather(g[0], il)), None)
        if group is None:
            groups.append([il])
        else:
            group.append(il)
    sites: list[GatherSite] = []
    for group in groups:
        il = group[0]
        input_chain = chain(*(g.x1.owner for g in group))  # type: ignore[misc]
        index_chain = chain(il.x2.owner)  # type: ignore[arg-type]
        for n in input_chain + index_chain:
            if isinstance(n, IndirectLoadOp):
                raise PassError(
                    PASS,
                    f"{il.describe()} reads the result of {n.describe()} (a gather of a gather): "
                    "compute the inner gather in a graph of its own and load its result",
                    at=il,
                )
        shared = set(input_chain) & set(index_chain)
        if shared:
            n = min(shared, key=order.__getitem__)
            raise PassError(
                PASS, f"{n.describe()} feeds both the input and the index of {il.describe()}", at=n
            )
        sites.append(GatherSite(group, input_chain, index_chain))
    before: set[AscirNode] = set(loads)
    for site in sites:
        before |= set(site.input_chain) | set(site.index_chain)
    live: set[AscirNode] = set()
    for store in (n for n in nodes if isinstance(n, StoreOp)):
        live |= {store, *_ancestors(store)}
    # dead nodes (e.g. a load that a front-end helper replaced by a broadcast view) are ignored
    output_chain = [n for n in nodes if n not in before and n in live and not isinstance(n, SOURCES)]
    il = loads[0]
    reduce = None
    for g in loads:
        if not any(g in _ancestors(n) for n in output_chain if isinstance(n, StoreOp)):
            raise PassError(
                PASS,
                f"{g.describe()}: its result is never stored; store it (ascir.store + ascir.output)",
                at=g,
            )
    for n in sorted(before - set(loads), key=order.__getitem__):
        if not isinstance(n, CHAIN_OPS):
            raise PassError(
                PASS,
                f"{n.describe()}: only loads, Aranges, broadcasts and elementwise ops may precede an IndirectLoad",
                at=n,
            )
    computed_before = before - set(loads)
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
    stores = [n for n in output_chain if isinstance(n, StoreOp)]
    return IndirectPlan(graph, sites, output_chain, reduce, _lane_view(graph, stores))


def _lane_view(graph: GraphOp, stores: list[StoreOp]) -> TensorType:
    """Every store's view merged axis by axis (see ``IndirectPlan.lane_view``)."""
    extent: dict[str, SizeExpr] = {}
    for store in stores:
        t = store.result_tensor()
        for axis, r in zip(t.axis, t.repeats, strict=True):
            known = extent.setdefault(axis, r)
            if r == 1 or known == r:
                continue
            if known != 1:
                raise PassError(
                    PASS,
                    f"{store.describe()} stores axis '{axis}' with {r} elements where another store of the "
                    f"graph has {known}: the stores of one fused gather graph cover one space",
                    at=store,
                )
            extent[axis] = r
    # Lanes follow the widest store's own axis order (its last axis fastest), so a warp's 32
    # consecutive lanes write -- and, for a row gather, read -- consecutive elements: one
    # coalesced request per line instead of one per lane. Axes that store lacks go outside.
    order = [a.name_str for a in graph.axis_list]
    widest = max(stores, key=lambda s: sum(r != 1 for r in s.result_tensor().repeats))
    inner = [a for a in widest.result_tensor().axis if a in extent]
    outer = sorted((a for a in extent if a not in inner), key=lambda a: order.index(a) if a in order else len(order))
    axes = outer + inner
    repeats = [extent[a] for a in axes]
    dtype = stores[0].result_tensor().dtype
    return TensorType(dtype, axes, repeats, contiguous_strides(repeats))


def scores(plan: IndirectPlan) -> tuple[SizeExpr, SizeExpr]:
    """FR6: (continuous_bytes of the input, index_outer_product before ``dim``). A graph of
    several gather sites scores its weakest site (the minimum of each quantity): a whole-graph
    template is as good as the gather that suits it least; the SK-like stages of each gather
    score that gather alone."""
    cont: SizeExpr | None = None
    outer: SizeExpr | None = None
    for site in plan.sites:
        c, o = site_scores(site)
        cont = c if cont is None else Min(cont, c)
        outer = o if outer is None else Min(outer, o)
    assert cont is not None and outer is not None
    return cont, outer


def site_scores(site: GatherSite) -> tuple[SizeExpr, SizeExpr]:
    """FR6 of one gather site."""
    src = site.node.x1.type
    assert isinstance(src, TensorType)
    data = _gm_view(site)
    reps, strides = data.repeats, data.strides
    product = SizeExpr(1)
    for i in range(len(reps) - 1, 0, -1):
        if strides[i - 1] == reps[i] * strides[i]:
            product = product * reps[i]
        else:
            break
    if strides[-1] != 1:
        product = SizeExpr(1)
    return product * src.dtype.nbytes, site.node.result_tensor().numel(0, site.dim)


def _gm_view(site: GatherSite) -> TensorType:
    """The GM view the input chain starts from (the first Load of the input chain); an
    input computed without a load (an Arange table) is scored as a dense view of itself."""
    load = next((n for n in site.input_chain if isinstance(n, LoadOp)), None)
    if load is None:
        src = site.node.x1.type
        assert isinstance(src, TensorType)
        return TensorType(src.dtype, src.axis, src.repeats, contiguous_strides(src.repeats))
    return load.result_tensor()
