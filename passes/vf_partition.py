"""``vf-partition``: cluster VF-eligible nodes of an impl graph into ``ascir.vf`` regions.

Runs the ``vf-admission`` decisions (FR10), then groups admitted compute nodes into
maximal connected clusters inside the same loop nest, in program order (the result does
not depend on any container's iteration order). A cluster is a candidate region when:

* its nodes share a loop nest: the same fullness along the vectorized axis, the same
  reduction level and the same variance along the reduced axes, so that a region runs in
  exactly one pass over the reduced extent (``passes.phases``) -- except that narrow kept
  values (one per row: a mean, a row's Arange position) join the dense region they feed,
  which computes them once per call before its loop, when no other region needs them and
  they compute in the loop's register width (issue 36: a VF call per row saved each);
* it is *convex*: no path leaves the cluster and comes back (otherwise the region could
  not be placed in the graph);
* it fits one VF of the device (``ascendc_emitter.target.vf_limits``): at most 30
  instructions, 8 inputs plus outputs, 32 live vector and 8 live mask registers, casts at
  most 2x apart in width -- a node that would break a limit starts a new region, so a long
  chain becomes several VFs rather than one the device cannot hold;
* every tensor crossing its boundary has a register layout for the region's loop dtype
  (seed 000 AL-7, ``ascendc_emitter.target.registers``): a narrow tensor is loaded
  with an UNPACK and stored with a PACK distribution, which exist for slot ratios 2 and 4
  only. A node whose boundary tensor has no layout is evicted (its ``vf`` becomes
  "rejected: ...") and the clustering is redone without it.

Loads, stores and scalar-like nodes stay outside; scalar-like values enter as region
inputs (FR7 value parameters). A region records its inputs, outputs and ``loop_dtype``,
the widest compute dtype of its nodes. ``enable=false`` leaves the graph unpartitioned
(the root-graph path, for comparison).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Block, Operation, Region, SSAValue

from ascendc_emitter.target.registers import load_dist, store_dist
from ascendc_emitter.target.vf_limits import vf_cost
from ascir_dialect.attributes import MAX_VECTORIZED_AXES, TensorType
from ascir_dialect.diagnostics import first_verification_error
from ascir_dialect.ops import AscirNode, GraphOp, VfOp, VfYieldOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.vf import compute_dtypes, loop_dtype_of
from passes.diagnostics import AscirPass, PassError
from passes.graphs import each_graph
from passes.options import TypedOptions
from passes.phases import PhasePlan, phase_plan
from passes.vf_admission import admit_graph

PASS = "vf-partition"


def _nest(node: AscirNode, plan: PhasePlan) -> tuple:
    """The loop nest a node runs in (nodes of one region share it): its reduction level,
    whether it varies along the reduced axes (``passes.phases``) and whether it is dense
    along the vectorized axis."""
    return (*plan.key(node), _full(node))


def _full(node: AscirNode) -> bool:
    return node.result_tensor().repeats[-1] != 1


def _joins(producer: AscirNode, node: AscirNode, plan: PhasePlan) -> bool:
    """Whether ``node`` may join the region of its operand's ``producer``: the same loop nest;
    or, for a dense ``node``, a ``producer`` from no later pass that is
    * narrow (one value per row: a mean, a row's Arange position) and kept (computed once
      per work item) -- the narrow members of a dense region are computed once per call,
      before its loop (``lowering.vf_lowering``), instead of a VF call of their own per row;
    * or a Broadcast of a dense value along outer axes (a weight row read by every row) --
      inside the region it is the register its input's load gives, where on its own it was a
      VF copying the row for every row.
    Such members stay inside their region (:meth:`_Clusterer._fits`)."""
    if _nest(producer, plan) == _nest(node, plan):
        return True
    (level, varying), (at, varies) = plan.key(producer), plan.key(node)
    if not _full(node) or level > at:
        return False
    if not _full(producer):
        return not varying
    return _outer_broadcast(producer) and (varies or not varying)


def _outer_broadcast(node: AscirNode) -> bool:
    return isinstance(node, ew.BroadcastOp) and _full(node) and isinstance(node.x.type, TensorType) and node.x.type.repeats[-1] != 1


def _check_vectorized_axes(graph: GraphOp, eligible: list[AscirNode]) -> None:
    for n in eligible:
        t = n.result_tensor()
        if len(t.vectorized_axis) > MAX_VECTORIZED_AXES:
            raise PassError(
                PASS,
                f"{n.describe()}: its tensor has {len(t.vectorized_axis)} vectorized axes "
                f"({', '.join(t.vectorized_axis)}) but a VF loop nest has at most {MAX_VECTORIZED_AXES} "
                "(seed 000 AL-5); merge contiguous axes or keep outer axes as loops outside the VF",
                at=n,
            )


class _Clusterer:
    """Greedy convex clustering over the nodes in program order. A cluster is the set of its
    members' positions; convexity is a walk over the outside producers between a cluster's
    first member and its members (no ancestor sets: those are quadratic in a chain's length,
    1.25 GB of bits for 10^5 ops)."""

    def __init__(self, nodes: list[AscirNode], eligible: set[AscirNode], plan: PhasePlan):
        self.nodes = nodes
        self.pos = {n: i for i, n in enumerate(nodes)}
        self.eligible = eligible
        self.plan = plan
        # the positions of each node's producers among ``nodes``
        self.cluster_of: dict[int, int] = {}
        """Position -> id of the cluster it is in (clusters built so far)."""
        self.clusters: dict[int, set[int]] = {}
        """Cluster id -> its member positions."""
        self.preds: list[tuple[int, ...]] = [
            tuple(
                dict.fromkeys(
                    self.pos[v.owner] for v in n.operands if isinstance(v.owner, AscirNode) and v.owner in self.pos
                )
            )
            for n in nodes
        ]

    def _convex(self, members: set[int]) -> bool:
        """No node outside ``members`` lies on a path between two members, the other
        clusters counted as the single region each becomes (a path may enter a cluster at
        one member and leave it at another: two convex clusters can still need each other
        first). Such a node descends from a member, so it comes after the first member in
        program order, or after the first member of a cluster on the path: the walk goes
        back from the members through outside producers -- through every member of a cluster
        it meets -- past that bound only (none for a chain, however many clusters the VF
        limits cut it into), and fails when it reaches a member. Producers skipped below the
        bound are kept, and walked when a cluster lowers it."""
        bound = min(members)
        stack: list[int] = []
        skipped: list[int] = []
        seen: set[int] = set()
        crossed: set[int] = set()

        def visit(q: int) -> None:
            if q in seen:
                return
            if q < bound:
                skipped.append(q)
                return
            seen.add(q)
            stack.append(q)

        for m in members:
            for p in self.preds[m]:
                if p not in members:
                    visit(p)
        while stack:
            q = stack.pop()
            c = self.cluster_of.get(q)
            if c is not None and c not in crossed:  # one region: leave it from any member
                crossed.add(c)
                low = min(self.clusters[c])
                if low < bound:
                    bound = low
                    waiting, skipped = skipped, []
                    for r in waiting:
                        visit(r)
                for r in self.clusters[c]:
                    visit(r)
            for p in self.preds[q]:
                if p in members:
                    return False
                visit(p)
        return True

    def _fits(self, members: set[int]) -> bool:
        """The union is convex, within the VF limits of the target (``vf_limits``) and, when
        it mixes narrow and dense members, its narrow values stay inside (computed before
        the loop, they are never stored) in registers of the loop's width."""
        if not self._convex(members):
            return False
        nodes = [self.nodes[p] for p in sorted(members)]
        inputs, outputs = boundary(nodes)
        narrow = [n for n in nodes if not _full(n)]
        if narrow and len(narrow) < len(nodes):
            loop = loop_dtype_of(nodes).nbytes
            if any(n.results[0] in outputs or any(d.nbytes != loop for d in compute_dtypes(n)) for n in narrow):
                return False
        keys = {self.plan.key(n) for n in nodes if _full(n)}
        if len(keys) > 1:  # outer Broadcasts from an earlier pass: they leave only through their users
            last = max(keys)
            if any(n.results[0] in outputs for n in nodes if _full(n) and self.plan.key(n) != last):
                return False
        return vf_cost(nodes, inputs, outputs).violation() is None

    def run(self) -> list[list[AscirNode]]:
        self.cluster_of = cluster_of = {}
        self.clusters = clusters = {}
        for i, n in enumerate(self.nodes):
            if n not in self.eligible:
                continue
            candidates: list[int] = []
            for v in n.operands:
                owner = v.owner
                if owner in self.eligible and _joins(owner, n, self.plan):  # type: ignore[arg-type]
                    c = cluster_of[self.pos[owner]]  # type: ignore[index]
                    if c not in candidates:
                        candidates.append(c)
            options = [candidates] + [[c] for c in candidates] if candidates else []
            chosen = next((cs for cs in options if self._fits(_union(clusters, cs, i))), None)
            if chosen is None:
                cid = i
                clusters[cid] = {i}
            else:
                cid = chosen[0]
                clusters[cid] = _union(clusters, chosen, i)
                for c in chosen[1:]:
                    for p in clusters.pop(c):
                        cluster_of[p] = cid
            cluster_of[i] = cid
        ordered = sorted(clusters.values(), key=min)
        return [[self.nodes[p] for p in sorted(members)] for members in ordered]


def _union(clusters: dict[int, set[int]], ids: list[int], position: int) -> set[int]:
    members = {position}
    for c in ids:
        members |= clusters[c]
    return members


def boundary(members: list[AscirNode]) -> tuple[list[SSAValue], list[SSAValue]]:
    """Region inputs (outside values used by members, in first-use order) and outputs
    (member results used outside, in member order)."""
    inside = set(members)
    inputs: list[SSAValue] = []
    for m in members:
        for v in m.operands:
            if v.owner not in inside and v not in inputs:
                inputs.append(v)
    outputs = [m.results[0] for m in members if any(u.operation not in inside for u in m.results[0].uses)]
    return inputs, outputs


def _layout_problem(members: list[AscirNode]) -> tuple[AscirNode, str] | None:
    """The first member whose boundary tensor has no register layout for the loop dtype."""
    loop = loop_dtype_of(members)
    inputs, outputs = boundary(members)
    for v in inputs:
        if not isinstance(v.type, TensorType):
            continue
        w = v.type.dtype.nbytes
        if load_dist(w, loop.nbytes) is None:
            user = next(m for m in members if v in m.operands)
            return user, (
                f"rejected: its {v.type.dtype} input %{v.name_hint} cannot enter a VF loop over {loop} "
                f"(no UNPACK load for a {loop.nbytes // max(w, 1)}:1 slot)"
            )
    for v in outputs:
        w = v.type.dtype.nbytes  # type: ignore[union-attr]
        if store_dist(w, loop.nbytes) is None:
            owner = v.owner
            assert isinstance(owner, AscirNode)
            return owner, (
                f"rejected: its {v.type.dtype} result cannot leave a VF loop over {loop} "  # type: ignore[union-attr]
                f"(no PACK store for a {loop.nbytes // max(w, 1)}:1 slot)"
            )
    return None


def partition_clusters(graph: GraphOp) -> list[list[AscirNode]]:
    """Admission, then clustering; evicts layout-infeasible nodes until every cluster fits."""
    admit_graph(graph)
    nodes = list(graph.nodes())
    eligible = {
        n for n in nodes if n.vf is not None and n.vf.data == "ok" and isinstance(n.out_type, TensorType)
    }
    order = {n: i for i, n in enumerate(nodes)}
    _check_vectorized_axes(graph, sorted(eligible, key=order.__getitem__))
    plan = phase_plan(graph, PASS)
    while True:
        clusters = _Clusterer(nodes, eligible, plan).run()
        evicted = False
        for members in clusters:
            if (problem := _layout_problem(members)) is not None:
                node, reason = problem
                node.properties["vf"] = StringAttr(reason)
                eligible.discard(node)
                evicted = True
        if not evicted:
            return clusters


def partition_graph(graph: GraphOp) -> None:
    if graph.is_hint:
        raise PassError(PASS, f"graph @{graph.graph_name} is not scheduled; run the schedule pass first")
    if graph.vf_regions():
        raise PassError(PASS, f"graph @{graph.graph_name} is already partitioned into VF regions")
    clusters = partition_clusters(graph)
    block = graph.body.block
    order = {op: i for i, op in enumerate(block.ops)}
    first_position: dict[Operation, int] = {}
    for k, members in enumerate(clusters):
        first = order[members[0]]
        first_position[_make_region(f"vf_{k}", members)] = first
    _restore_topological_order(block, order | first_position)
    # what this pass built: the regions (their members only moved, operand types unchanged)
    if (message := first_verification_error(graph, only=[graph, *first_position])) is not None:
        raise AssertionError(f"the partitioned graph does not verify: {message}")  # a bug of this pass


def _make_region(name: str, members: list[AscirNode]) -> VfOp:
    inputs, outputs = boundary(members)
    body = Block(arg_types=[v.type for v in inputs])
    for arg, v in zip(body.args, inputs, strict=True):
        arg.name_hint = f"{v.name_hint}_in" if v.name_hint else None
    region = VfOp(name, loop_dtype_of(members), inputs, [v.type for v in outputs], Region(body))
    parent = members[0].parent_block()
    assert parent is not None
    parent.insert_op_before(region, members[0])
    inside = set(members)
    for res, v in zip(region.results, outputs, strict=True):
        res.name_hint = f"{v.name_hint}_out" if v.name_hint else None
        for use in list(v.uses):
            if use.operation not in inside:
                _set_operand(use.operation, use.index, res)
    for m in members:
        m.detach()
        body.add_op(m)
        for i, v in enumerate(m.operands):
            if v in inputs:
                _set_operand(m, i, body.args[inputs.index(v)])
    body.add_op(VfYieldOp(outputs))
    return region


def _set_operand(op: Operation, index: int, value: SSAValue) -> None:
    operands = list(op.operands)
    operands[index] = value
    op.operands = operands


def _restore_topological_order(block: Block, position: dict[Operation, int]) -> None:
    """Stable topological order of the top-level ops (Kahn's algorithm, ties broken by the
    original position, so the order is deterministic)."""
    ops = list(block.ops)
    index = {op: i for i, op in enumerate(ops)}
    users: dict[Operation, list[Operation]] = {op: [] for op in ops}
    waiting: dict[Operation, int] = {}
    for op in ops:
        deps = {v.owner for v in op.operands if isinstance(v.owner, Operation) and v.owner.parent is block}
        waiting[op] = len(deps)
        for d in sorted(deps, key=index.__getitem__):
            users[d].append(op)
    ready = [(position[op], index[op]) for op in ops if waiting[op] == 0]
    heapq.heapify(ready)
    result: list[Operation] = []
    while ready:
        _, i = heapq.heappop(ready)
        op = ops[i]
        result.append(op)
        for u in users[op]:
            waiting[u] -= 1
            if waiting[u] == 0:
                heapq.heappush(ready, (position[u], index[u]))
    if len(result) != len(ops):  # convex clusters (regions counted as one) keep it acyclic
        raise AssertionError("the VF regions would create a cycle")  # a bug of this pass
    for op in result:
        op.detach()
        block.add_op(op)


@dataclass(frozen=True)
class VfPartitionPass(TypedOptions, AscirPass):
    """Cluster VF-eligible nodes into ascir.vf regions (``enable=false``: root-graph path)."""

    name = "vf-partition"

    enable: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not self.enable:
            return
        each_graph(op, partition_graph)
