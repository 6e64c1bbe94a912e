"""Reduction phases of an impl graph: which nodes run in which pass over the reduced axes.

A scheduled graph iterates one loop space (``passes.loop_space``): outer positions and the
innermost (vectorized) position. Its reductions (keep-dim Sum/Max/Min, DESIGN "IR model")
reduce a set ``P`` of loop positions -- any set: outer, inner, several, all. Every other
node either *varies* along ``P`` (its view has a repeat other than 1 on some position of
``P``) or is *kept* (constant along ``P``: reduction results and what is computed from
them, loads broadcast along ``P``, ...).

The *level* of a node is the number of reductions on the longest path into it (a
reduction counts itself). Softmax has two levels (max, then the sum of exp(x - max)),
RMSNorm one. A graph of depth ``D`` runs, per *work item* (one coordinate of the kept
positions, and a chunk of the inner axis when it is kept):

* the kept nodes of level 0;
* for each level ``L = 1..D``, one pass over the reduced extent in chunks, computing the
  varying nodes that the level-``L`` reductions read and accumulating them; then the
  kept nodes of level ``L`` (the reductions' results, what follows from them, their
  stores);
* one output pass over the reduced extent computing the varying nodes the stores read.

A pass recomputes the varying nodes it needs from the loads (a streaming schedule reads
the input ``D + 1`` times); when the whole reduced extent fits one UB tile the lowering
keeps it resident instead and computes every node once. ``vf-partition`` keeps every VF
region inside one (level, varying) class so that a region runs in exactly one pass.

All reductions of a graph must reduce the same positions; a graph mixing reduction axis
sets (``x.sum(0)`` beside ``x.sum(1)``) is refused here, naming the reduction, since its
reductions do not share a pass structure -- compile such reductions as separate graphs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.ir import BlockArgument, SSAValue

from ascir_dialect.attributes import TensorType
from ascir_dialect.ops import AscirNode, GraphOp, VfOp
from ascir_dialect.ops.memory import OutputOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import DataOp, WorkspaceOp
from passes.diagnostics import PassError


def reduced_positions(node: ReduceNode) -> frozenset[int]:
    """Loop positions a reduction of a scheduled graph reduces (operand repeat not 1,
    result repeat 1; the reduction's own definition, ``ReduceNode.reduced_axes``): the one
    used by the schedule, vf-partition and every lowering."""
    return frozenset(node.reduced_axes())


@dataclass
class PhasePlan:
    """Levels and the varying/kept split of an impl graph's nodes (see the module doc)."""

    rank: int
    reduced: frozenset[int] = frozenset()
    level: dict[AscirNode, int] = field(default_factory=dict)
    varying: set[AscirNode] = field(default_factory=set)
    depth: int = 0

    @property
    def inner(self) -> int:
        return self.rank - 1

    @property
    def inner_reduced(self) -> bool:
        return self.inner in self.reduced

    @property
    def reduced_outer(self) -> tuple[int, ...]:
        return tuple(sorted(p for p in self.reduced if p != self.inner))

    @property
    def kept_outer(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.rank - 1) if p not in self.reduced)

    def key(self, node: AscirNode) -> tuple[int, bool]:
        """(level, varying): nodes of one VF region share it."""
        return self.level.get(node, 0), node in self.varying

    def unit_key(self, unit: AscirNode | VfOp) -> tuple[int, bool]:
        if isinstance(unit, VfOp):
            members = list(unit.members())
            return max(self.level.get(m, 0) for m in members), any(m in self.varying for m in members)
        return self.key(unit)


def _is_varying(t: TensorType, reduced: frozenset[int]) -> bool:
    return any(t.repeats[p] != 1 for p in reduced)


def source(v: SSAValue) -> SSAValue:
    """The value ``v`` stands for among the graph's nodes: a VF region's block argument
    resolves to the region's input, a region result to the member value it yields."""
    if isinstance(v, BlockArgument):
        region = v.block.parent_op()
        if isinstance(region, VfOp):
            return source(region.inputs[v.index])
        return v
    if isinstance(v.owner, VfOp):
        return source(v.owner.yield_op.values[v.index])
    return v


def producer(v: SSAValue) -> AscirNode | None:
    """The node computing ``v`` (:func:`source`), through VF regions."""
    owner = source(v).owner
    return owner if isinstance(owner, AscirNode) else None


def phase_plan(graph: GraphOp, pass_name: str) -> PhasePlan:
    """The phase plan of a scheduled graph; a PassError of ``pass_name`` names the first
    reduction whose axis set differs from the others'."""
    nodes = list(graph.nodes())
    tensors = {
        n: None
        for n in nodes
        if isinstance(n.out_type, TensorType) and not isinstance(n, (DataOp, OutputOp, WorkspaceOp))
    }  # ordered, constant-time membership
    rank = max((n.out_type.rank for n in tensors), default=0)  # type: ignore[union-attr]
    plan = PhasePlan(rank)
    first: ReduceNode | None = None
    for n in nodes:
        if isinstance(n, ReduceNode):
            mine = reduced_positions(n)
            if first is None:
                first, plan.reduced = n, mine
            elif mine != plan.reduced:
                raise PassError(
                    pass_name,
                    f"{n.describe()} reduces loop positions {sorted(mine)} but {first.describe()} reduces "
                    f"{sorted(plan.reduced)}: the reductions of one fused graph must reduce the same axes; "
                    "compile reductions over different axes as separate graphs",
                    at=n,
                )
    for n in nodes:
        operand_levels = [plan.level[o] for o in map(producer, n.operands) if o in plan.level]
        plan.level[n] = max(operand_levels, default=0) + (1 if isinstance(n, ReduceNode) else 0)
        t = n.out_type
        if n in tensors and _is_varying(t, plan.reduced):  # type: ignore[arg-type]
            plan.varying.add(n)
    plan.depth = max((plan.level[n] for n in nodes if isinstance(n, ReduceNode)), default=0)
    return plan


__all__ = ["PhasePlan", "phase_plan", "producer", "reduced_positions", "source"]
