"""``fold-constant-casts`` (seed 000 功能需求 12, PR 1980: "常量 Cast 直接 Duplicate").

``Cast(Broadcast(Scalar c))`` becomes ``Broadcast(Scalar c')`` with ``c'`` the constant
converted exactly as the reference Cast converts it (``RefRuntime.convert``): the kernel
fills the tensor with the converted constant (one Duplicate) instead of filling it with
``c`` and converting every element -- the seed's "常量链少一个中间张量". A Broadcast left
without users goes too (and its Scalar). Bool casts, and conversions whose result has no
decimal literal (an overflow to inf, NaN), are left to the Cast.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from ascir_dialect.attributes import ScalarType
from ascir_dialect.dtypes import DType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops import GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.sources import ScalarOp
from passes.diagnostics import AscirPass
from passes.graphs import each_graph

np = LazyModule("numpy")


def converted_literal(const: ScalarOp, dtype: DType) -> str | None:
    """The decimal literal of ``const`` converted to ``dtype`` (None: no finite literal)."""
    src = const.out_type.dtype
    from ascir_dialect.interpreter import RefRuntime  # numpy: only when a cast is folded

    value = RefRuntime.convert(np.asarray([const.python_value()], dtype=src.numpy), dtype)[0]
    if dtype.is_float:
        as_float = float(value)
        return repr(as_float) if math.isfinite(as_float) else None
    return str(int(value))


@dataclass
class FoldConstantCast(RewritePattern):
    @op_type_rewrite_pattern
    def match_and_rewrite(self, cast: ew.CastOp, rewriter: PatternRewriter) -> None:
        broadcast = cast.x.owner
        if not isinstance(broadcast, ew.BroadcastOp) or not isinstance(broadcast.x.owner, ScalarOp):
            return
        const = broadcast.x.owner
        dst = cast.result_tensor().dtype
        if DType.bool in (const.out_type.dtype, dst):
            return
        literal = converted_literal(const, dst)
        if literal is None:
            return
        scalar = ScalarOp.build(properties={"value": StringAttr(literal)}, result_types=[ScalarType(dst)])
        scalar.results[0].name_hint = f"{const.node_name}_{dst.name}"
        folded = ew.BroadcastOp.build(
            operands=[scalar.results[0]],
            properties=dict(broadcast.properties),
            result_types=[cast.result_tensor()],
        )
        folded.results[0].name_hint = cast.node_name
        folded.location = cast.location
        rewriter.replace(cast, [scalar, folded], [folded.results[0]])
        if not broadcast.results[0].uses:
            rewriter.erase(broadcast)
            if not const.results[0].uses:
                rewriter.erase(const)


def fold_graph(graph: GraphOp) -> None:
    PatternRewriteWalker(FoldConstantCast(), apply_recursively=False).rewrite_region(graph.body)


@dataclass(frozen=True)
class FoldConstantCastsPass(AscirPass):
    """Seed 000 FR12: a Cast of a broadcast constant is the broadcast converted constant."""

    name = "fold-constant-casts"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        each_graph(op, fold_graph)


__all__ = ["FoldConstantCast", "FoldConstantCastsPass", "converted_literal", "fold_graph"]
