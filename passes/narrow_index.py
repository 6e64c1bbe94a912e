"""``narrow-index-compares``: positions compared with positions compute in int32 (issue 36).

A causal mask compares a key position with a query position (``k > q + past`` over
[heads, s, past + s]); the torch front end and the seed graphs build positions as int64
Aranges. On the 950 an int64 VF loop holds half the lanes of a float32 one, and an int64
value cannot share a VF with float16 data (no 4:1 UNPACK load): the mask of the LLaMA
tail's causal softmax ran as a VF of its own at half width, the largest of the row's VF
calls. Two positions compare the same in int32 as in int64 whenever both fit int32.

For every comparison (Lt/Le/Gt/Ge/Eq/Ne) of two int64 values that are each an Arange --
or, on one side, a constant within int32 (a length) -- possibly broadcast, and read by
nothing else, the Aranges, constants and Broadcasts are rewritten to int32, each Arange
marked ``range_checked``: host tiling (``ascir_dialect.size_checks``, and the reference
interpreter on a graph carrying the mark) refuses the sizes at which its
first or last value would leave int32, with a message naming the Arange -- never a
wrapped, wrong mask. Anything
else (an Arange also read by arithmetic, a comparison with a loaded index) is left as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnitAttr
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import GraphOp
from ascir_dialect.ops.elementwise import BroadcastOp, CompareNode
from ascir_dialect.ops.sources import ArangeOp, ScalarOp
from passes.diagnostics import AscirPass
from passes.graphs import each_graph

NAME = "narrow-index-compares"


def _positions(v: SSAValue) -> list[Operation] | None:
    """The chain Arange -> Broadcast* producing ``v`` (Arange first) -- or a constant that
    fits int32 (a length to compare positions with), possibly broadcast -- each value read
    once; None when ``v`` is something else."""
    chain: list[Operation] = []
    while True:
        op = v.owner
        if not isinstance(v.type, (TensorType, ScalarType)) or v.type.dtype is not DType.int64 or not v.has_one_use():
            return None
        if isinstance(op, ArangeOp):
            return [op, *reversed(chain)]
        if isinstance(op, ScalarOp):
            lo, hi = DType.int32.int_range
            return [op, *reversed(chain)] if lo <= int(op.python_value()) <= hi else None
        if not isinstance(op, BroadcastOp):
            return None
        chain.append(op)
        v = op.x


def _narrowed(op: Operation, operand: SSAValue | None) -> Operation:
    t = op.results[0].type
    assert isinstance(t, (TensorType, ScalarType))
    props = dict(op.properties)
    if isinstance(op, ArangeOp):
        props["range_checked"] = UnitAttr()
    narrow = t.with_dtype(DType.int32) if isinstance(t, TensorType) else ScalarType(DType.int32)
    new = type(op).build(
        operands=[] if operand is None else [operand],
        properties=props,
        attributes=dict(op.attributes),
        result_types=[narrow],
    )
    new.results[0].name_hint = op.results[0].name_hint
    new.location = op.location  # type: ignore[attr-defined]
    return new


@dataclass
class NarrowComparedPositions(RewritePattern):
    """A comparison of two int64 position chains (:func:`_positions`) -> the chains in int32,
    their Aranges range-checked."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, compare: CompareNode, rewriter: PatternRewriter) -> None:
        chains = [_positions(v) for v in compare.operands]
        if any(c is None for c in chains) or not any(isinstance(c[0], ArangeOp) for c in chains if c):
            return
        for chain in chains:
            assert chain is not None
            value: SSAValue | None = None
            for op in chain:
                new = _narrowed(op, value)
                rewriter.replace(op, new)
                value = new.results[0]


def narrow_graph(graph: GraphOp) -> None:
    PatternRewriteWalker(NarrowComparedPositions(), apply_recursively=False).rewrite_region(graph.body)


@dataclass(frozen=True)
class NarrowIndexComparesPass(AscirPass):
    """Positions compared with positions: int64 Aranges -> int32, range-checked on the host."""

    name = NAME

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        each_graph(op, lambda g: narrow_graph(g) if g.is_hint else None)
