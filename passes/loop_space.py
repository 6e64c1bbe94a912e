"""The loop space of a fused graph and the axis-merge plan (DESIGN "Pipeline": schedule).

Every tensor computed in UB iterates the same loop axes ``L`` (a tensor may omit axes or
have size 1 on them: it is broadcast there). Adjacent axes merge when every GM-addressed
view (loads, stores, Arange values) is contiguous across them and every tensor has the
same broadcast and reduction status on both (seed 000 AL-1: degenerate axes contribute
nothing). Merging is deterministic: innermost first, positions only.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascir_dialect.attributes import TensorType
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import ArangeOp, DataOp, WorkspaceOp
from ascir_dialect.symbolic import SizeExpr
from passes import phases
from passes.diagnostics import PassError

PASS = "schedule"


@dataclass(frozen=True)
class AlignedView:
    """A tensor view aligned to the loop axes: one (repeat, stride) per loop axis."""

    repeats: tuple[SizeExpr, ...]
    strides: tuple[SizeExpr, ...]


@dataclass(frozen=True)
class LoopSpace:
    axes: tuple[str, ...]
    sizes: tuple[SizeExpr, ...]

    def align(self, t: TensorType, where: str) -> AlignedView:
        reps, strides = [SizeExpr(1)] * len(self.axes), [SizeExpr(0)] * len(self.axes)
        pos = 0
        for a, r, s in zip(t.axis, t.repeats, t.strides, strict=True):
            while pos < len(self.axes) and self.axes[pos] != a:
                pos += 1
            if pos == len(self.axes):
                raise PassError(PASS, f"{where}: axes {t.axis} do not follow the loop axes {list(self.axes)}")
            if r != 1 and r != self.sizes[pos]:
                raise PassError(
                    PASS, f"{where}: axis '{a}' has size {r} but the loop axis has size {self.sizes[pos]}"
                )
            reps[pos], strides[pos] = r, s
            pos += 1
        return AlignedView(tuple(reps), tuple(strides))


def loop_nodes(graph: GraphOp) -> list[AscirNode]:
    """Nodes whose tensors live in the loop space (everything but GM buffers)."""
    return [
        n
        for n in graph.nodes()
        if isinstance(n.out_type, TensorType) and not isinstance(n, (DataOp, OutputOp, WorkspaceOp))
    ]


def find_loop_space(graph: GraphOp) -> LoopSpace:
    from ascir_dialect.ops.indirect_load import IndirectLoadOp

    for n in graph.nodes():
        if isinstance(n, IndirectLoadOp):
            raise PassError(
                PASS,
                f"{n.describe()}: IndirectLoad graphs are compiled through their SIMD/SIMT/SK-like "
                "template cases (autofuse, compile_graph; indirect-load-template-cases shows them), "
                "not by schedule",
                at=n,
            )
    nodes = loop_nodes(graph)
    if not nodes:
        raise PassError(
            PASS, f"graph @{graph.graph_name} computes nothing (no loads, stores or compute nodes)"
        )
    widest = max(nodes, key=lambda n: n.out_type.rank)  # type: ignore[union-attr]
    axes = tuple(widest.out_type.axis)  # type: ignore[union-attr]
    if not axes:
        raise PassError(
            PASS,
            f"graph @{graph.graph_name}: every tensor is rank 0, so there is no loop to schedule; "
            "give the tensors a size-1 axis (e.g. axes [0: z0 = 1] and views [z0], [1], [1])",
        )
    sizes: list[SizeExpr] = [SizeExpr(1)] * len(axes)
    space = LoopSpace(axes, tuple(sizes))
    for n in nodes:
        t = n.out_type
        assert isinstance(t, TensorType)
        pos = 0
        for a, r in zip(t.axis, t.repeats, strict=True):
            while pos < len(axes) and axes[pos] != a:
                pos += 1
            if pos == len(axes):
                raise PassError(
                    PASS,
                    f"{n.describe()} iterates axes {t.axis}, which are not a subsequence of the loop axes "
                    f"{list(axes)}; one fused loop space is required (IndirectLoad graphs use template cases)",
                )
            if r != 1:
                if sizes[pos] != 1 and sizes[pos] != r:
                    raise PassError(
                        PASS, f"{n.describe()}: axis '{a}' has size {r} and elsewhere {sizes[pos]}", at=n
                    )
                sizes[pos] = r
            pos += 1
    space = LoopSpace(axes, tuple(sizes))
    for n in nodes:
        space.align(n.out_type, n.describe())  # type: ignore[arg-type]
    return space


def reduced_positions(space: LoopSpace, node: ReduceNode) -> frozenset[int]:
    """The loop-space positions of the axes ``node`` reduces (``passes.phases``)."""
    src = node.x.type
    assert isinstance(src, TensorType)
    space.align(src, node.describe())  # the operand's axes follow the loop axes
    return frozenset(space.axes.index(src.axis[i]) for i in phases.reduced_positions(node))


def padded_positions(space: LoopSpace, n: LoadOp) -> dict[int, tuple[SizeExpr, SizeExpr]]:
    """The loop positions a padded load pads, with their (low, high) pads."""
    t = n.result_tensor()
    low, high = n.pads
    out: dict[int, tuple[SizeExpr, SizeExpr]] = {}
    for a, lo, hi in zip(t.axis, low, high, strict=True):
        if lo != 0 or hi != 0:
            out[space.axes.index(a)] = (lo, hi)
    return out


def merge_groups(graph: GraphOp, space: LoopSpace) -> list[list[int]]:
    """Groups of adjacent loop-axis positions to merge, outermost group first."""
    views = []
    addressed = []
    padded: set[int] = set()
    for n in loop_nodes(graph):
        v = space.align(n.out_type, n.describe())  # type: ignore[arg-type]
        views.append(v)
        if isinstance(n, (LoadOp, StoreOp, ArangeOp)):
            addressed.append(v)
        if isinstance(n, LoadOp) and n.padded:
            padded |= set(padded_positions(space, n))
    reductions = [reduced_positions(space, n) for n in graph.nodes() if isinstance(n, ReduceNode)]

    def mergeable(i: int) -> bool:  # positions i and i + 1
        if i in padded or i + 1 in padded:
            return False  # a padded axis keeps its own coordinate (its valid range)
        for v in views:
            if (v.repeats[i] == 1) != (v.repeats[i + 1] == 1):
                return False
        for v in addressed:
            if v.repeats[i] != 1 and v.strides[i] != v.repeats[i + 1] * v.strides[i + 1]:
                return False
        return all((i in r) == (i + 1 in r) for r in reductions)

    groups: list[list[int]] = []
    current = [len(space.axes) - 1]
    for i in range(len(space.axes) - 2, -1, -1):
        if mergeable(i):
            current.insert(0, i)
        else:
            groups.insert(0, current)
            current = [i]
    groups.insert(0, current)
    return groups
