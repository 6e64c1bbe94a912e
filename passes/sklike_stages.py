"""The SK-like stage split of an IndirectLoad graph (seed 001 FR5, "SK-like 模板").

The fused graph is cut into its logical stages -- input pre, index pre, IndirectLoad,
output post -- joined through workspace tensors. A stage with nothing to compute is not a
stage: a bare load stays in the IndirectLoad stage, a bare store ends it. Each stage is an
ordinary hint graph of its own: ``indirect-load-template-cases`` puts the stage graphs in
the module, where the pipeline's passes compile them like any graph (normalize, schedule,
vf-partition; the IndirectLoad stage gets its own SIMD/SIMT cases), so every stage gets
its own tiling and core split -- the benefit the seed gives for this template when the
IndirectLoad itself splits badly. ``lowering.indirect_sklike`` merges the stage kernels.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr, StringAttr
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from ascir_dialect.attributes import TensorType
from ascir_dialect.frontend.graph import contiguous_strides
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.sources import DataOp, ScalarDataOp
from ascir_dialect.symbolic import SizeExpr
from passes.indirect_plan import SOURCES, IndirectPlan


@dataclass
class Stage:
    name: str  # input_pre, index_pre, indirect_load or output_post
    graph: GraphOp
    routes: list[tuple[str, str]]
    """Per GM argument of the stage kernel (inputs, outputs, workspace): the
    AutofuseLaunch parameter it receives and the tiling field offsetting it ("" none)."""


@dataclass
class Workspace:
    field: str  # tiling field holding the byte offset
    nbytes: SizeExpr


@dataclass
class SkLikeSplit:
    stages: list[Stage]
    workspaces: list[Workspace]


def _computes(chain: Iterable[AscirNode]) -> bool:
    return any(not isinstance(n, (LoadOp, StoreOp)) for n in chain)


def sklike_reason(plan: IndirectPlan) -> str | None:
    """Why the graph has no SK-like case, or None."""
    if len(plan.gathers) > 1:
        return None  # each gather is a stage of its own, with its own template choice
    if not (_computes(plan.input_chain) or _computes(plan.index_chain) or _computes(plan.output_chain)):
        return (
            "SK-like: no input pre, index pre or output post chain to run as its own stage "
            "(the IndirectLoad stage alone is the SIMD/SIMT template)"
        )
    return None


def _chain_of(value: SSAValue) -> list[AscirNode]:
    """The nodes computing ``value`` (its owner and its non-source ancestors)."""
    seen: dict[AscirNode, None] = {}
    stack = [value.owner]
    while stack:
        n = stack.pop()
        if isinstance(n, AscirNode) and not isinstance(n, SOURCES) and n not in seen:
            seen[n] = None
            stack.extend(v.owner for v in n.operands)
    return list(seen)


def _dense(t: TensorType) -> TensorType:
    return TensorType(t.dtype, t.axis, t.repeats, contiguous_strides(t.repeats))


def _compact(t: TensorType, axes: frozenset[str], strides: list[SizeExpr] | None = None) -> TensorType:
    """``t`` without ``axes`` (dense strides, or the given ones for the remaining axes)."""
    keep = [i for i, a in enumerate(t.axis) if a not in axes]
    reps = [t.repeats[i] for i in keep]
    if strides is None:
        strides = [
            SizeExpr(0) if r == 1 else st for r, st in zip(reps, contiguous_strides(reps), strict=True)
        ]
    else:
        strides = [strides[i] for i in keep]
    return TensorType(t.dtype, [t.axis[i] for i in keep], reps, strides)


def _broadcast_axes(chain: list[AscirNode]) -> frozenset[str]:
    """Axes every load of an elementwise pre chain reads with stride 0 (a broadcast view,
    as index_select and embedding build): the stage drops them -- the chain is computed
    once per compact element -- and the IndirectLoad stage reads the workspace back
    through the same broadcast."""
    loads = [n for n in chain if isinstance(n, LoadOp)]
    if not loads or not all(isinstance(n, (LoadOp, ew.ElementwiseNode, ew.CastOp)) for n in chain):
        return frozenset()
    common: set[str] | None = None
    for load in loads:
        t = load.result_tensor()
        axes = {a for a, r, st in zip(t.axis, t.repeats, t.strides, strict=True) if st == 0 and r != 1}
        common = axes if common is None else common & axes
    return frozenset(common or ())


def split_stages(plan: IndirectPlan) -> SkLikeSplit:
    """The stage graphs of ``plan``'s graph, each a hint graph of its own.

    Per gather site: an input pre stage (every gathered input the site computes) and an
    index pre stage (its index, when computed); then one IndirectLoad stage per gather --
    several gathers (embedding + position table, RoPE's cos/sin) are separate stage graphs,
    each with its own SIMD/SIMT cases and host template choice; then the output post stage
    reading every gathered value. Site ``k > 0`` and gather ``j > 0`` suffix their stage names."""
    graph = plan.graph
    ws: list[Workspace] = []
    stages: list[Stage] = []

    def workspace(t: TensorType) -> str:
        ws.append(Workspace(f"ws{len(ws)}_offset", t.numel() * t.dtype.nbytes))
        return ws[-1].field

    pre: dict[SSAValue, tuple[str, TensorType, TensorType]] = {}
    for k, site in enumerate(plan.sites):
        suffix = str(k) if k else ""
        inputs = list(dict.fromkeys(g.x1 for g in site.gathers))
        for name, values in (("input_pre", inputs), ("index_pre", [site.node.x2])):
            computed = [v for v in values if _computes(_chain_of(v))]
            if not computed:
                continue
            chain = {n: None for v in computed for n in _chain_of(v)}
            ordered = [n for n in graph.nodes() if n in chain]
            axes = _broadcast_axes(ordered)
            writes: dict[SSAValue, tuple[str, TensorType]] = {}
            for value in computed:
                full = value.type
                assert isinstance(full, TensorType)
                stored = _dense(_compact(full, axes))
                field = workspace(stored)
                dense = iter(stored.strides)
                reread = TensorType(
                    full.dtype,
                    full.axis,
                    full.repeats,
                    [SizeExpr(0) if a in axes else next(dense) for a in full.axis],
                )
                pre[value] = (field, stored, reread)
                writes[value] = (field, stored)
            stages.append(_extract(graph, name + suffix, set(ordered), {}, writes, axes))
    post = _computes(plan.output_chain)
    gathered: dict[SSAValue, tuple[str, TensorType, TensorType]] = {}
    for j, il in enumerate(plan.gathers):
        core: set[AscirNode] = {il}
        for v in (il.x1, il.x2):
            if v not in pre:
                core |= set(_chain_of(v))
        reads = {v: pre[v] for v in (il.x1, il.x2) if v in pre}
        name = f"indirect_load{j}" if j else "indirect_load"
        if post:
            out = _dense(il.result_tensor())
            field = workspace(out)
            stages.append(_extract(graph, name, core, reads, {il.results[0]: (field, out)}))
            gathered[il.results[0]] = (field, out, out)
        else:  # the output chain is stores only: each gather's stage ends with its stores
            stores = {n for n in plan.output_chain if isinstance(n, StoreOp) and n.x == il.results[0]}
            stages.append(_extract(graph, name, core | stores, reads, {}))
    if post:
        stages.append(_extract(graph, "output_post", set(plan.output_chain), gathered, {}))
    return SkLikeSplit(stages, ws)


def _extract(
    graph: GraphOp,
    stage: str,
    keep: set[AscirNode],
    reads: dict[SSAValue, tuple[str, TensorType, TensorType]],
    writes: dict[SSAValue, tuple[str, TensorType]],
    compact: frozenset[str] = frozenset(),
) -> Stage:
    """A copy of ``graph`` holding only ``keep``: each value of ``reads`` becomes a
    workspace input (field, buffer type, view the stage loads it with), each value of
    ``writes`` a workspace output (field, type). ``compact`` axes of the kept nodes are
    reduced to size 1 (see :func:`_broadcast_axes`)."""
    g = graph.clone()
    g.properties["sym_name"] = StringAttr(f"{graph.graph_name}_{stage}")
    clone_of: dict[Operation, AscirNode] = dict(zip(graph.nodes(), g.nodes(), strict=True))
    value_of = {v: c for o, n in clone_of.items() for v, c in zip(o.results, n.results, strict=True)}
    block = g.body.block
    kept: set[Operation] = {clone_of[n] for n in keep}
    kept |= {v.owner for n in list(kept) for v in n.operands if isinstance(v.owner, SOURCES)}  # type: ignore[misc]
    kept |= {o for o in g.nodes() if isinstance(o, OutputOp) and o.x.owner in kept}
    if compact:
        for n in graph.nodes():
            if n not in keep:
                continue
            for v in n.results:
                t = v.type
                assert isinstance(t, TensorType)
                # a load's view addresses GM: it keeps its strides
                kept_strides = list(t.strides) if isinstance(n, LoadOp) else None
                value_of[v] = Rewriter.replace_value_with_new_type(
                    value_of[v], _compact(t, compact, kept_strides)
                )
    source: dict[Operation, tuple[str, str]] = {}
    first = block.first_op
    for v, (field, buffer, view) in reads.items():
        data = DataOp.build(properties={"index": IntegerAttr(0, 64)}, result_types=[buffer])
        load = LoadOp.build(operands=[data.results[0]], result_types=[view])
        data.results[0].name_hint, load.results[0].name_hint = f"ws_{v.name_hint}", v.name_hint
        Rewriter.insert_op([data, load], InsertPoint.before(first))  # type: ignore[arg-type]
        value_of[v].replace_all_uses_with(load.results[0])
        kept |= {data, load}
        source[data] = ("workspace", field)
    for v, (field, t) in writes.items():
        store = StoreOp.build(operands=[value_of[v]], result_types=[t])
        out = OutputOp.build(
            operands=[store.results[0]], properties={"index": IntegerAttr(0, 64)}, result_types=[t]
        )
        store.results[0].name_hint, out.results[0].name_hint = f"{v.name_hint}_st", f"ws_{v.name_hint}_out"
        Rewriter.insert_op([store, out], InsertPoint.at_end(block))
        kept |= {store, out}
        source[out] = ("workspace", field)
    for op in reversed(list(g.nodes())):
        if op not in kept:
            Rewriter.erase_op(op)
    routes: list[tuple[str, str]] = []
    for kinds, prefix in (((DataOp, ScalarDataOp), "in"), ((OutputOp,), "out")):
        nodes = [n for n in g.nodes() if isinstance(n, kinds)]
        for i, n in enumerate(nodes):
            routes.append(source.get(n, (f"{prefix}{n.index_value}", "")))
            n.properties["index"] = IntegerAttr(i, 64)
    routes.append(("workspace", ""))
    g.verify()
    return Stage(stage, g, routes)


__all__ = ["SkLikeSplit", "Stage", "Workspace", "sklike_reason", "split_stages"]
