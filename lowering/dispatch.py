"""One dispatch for every lowering path: which lowering rule an ASCIR node takes.

The memory-level tile (``lowering.tile_ops`` through ``GraphLowering``), the register-level
VF regions (``lowering.vf_lowering``), the SIMT functions of gathers
(``lowering.indirect_simt``) and the unary chain of the SIMD gather template
(``lowering.indirect_simd``) all classify a node here, the same way, and differ only in
which rules they implement. A path hands ``handler_for`` its ``{Rule: handler}`` table; a
node whose rule the path lacks fails closed with a located ``PassError`` naming the path.

The classification is target-neutral and ordered most specific first: a math or numeric
op computed by the steps of ``target.math`` is ``MATH`` whatever its op family; ``Neg`` is
``NEG`` before it is unary, ``TrueDiv`` ``TRUEDIV`` before it is binary, a compare
``COMPARE`` before it is binary. Whether a binary or unary op has a memory-level,
register-level or per-element form is the target table's answer (``op_entry``), read by
the rule itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import TypeVar

from ascendc_emitter.target.ops import uses_recipe
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp, ScalarDataOp, ScalarOp
from lowering.plan import PASS
from passes.diagnostics import PassError


class Rule(Enum):
    """The lowering rule of a node (see the module doc)."""

    DATA = "data"
    """A graph input or output: its GM address, nothing to compute."""
    SCALAR_DATA = "scalar-data"
    """A scalar graph input (read from GM once)."""
    SCALAR = "scalar"
    """A constant."""
    INDEX_EXPR = "index-expr"
    """A host-computed index expression (seed 000 FR8)."""
    LOAD = "load"
    STORE = "store"
    GATHER = "gather"
    REDUCE = "reduce"
    ARANGE = "arange"
    BROADCAST = "broadcast"
    CAST = "cast"
    COMPARE = "compare"
    SELECT = "select"
    NEG = "neg"
    TRUEDIV = "truediv"
    MATH = "math"
    """Computed by the steps of ``target.math`` (one API or several)."""
    BINARY = "binary"
    UNARY = "unary"
    ELEMENTWISE = "elementwise"
    """Any other elementwise op (ClipByValue: three operands)."""


_BY_CLASS: tuple[tuple[type | tuple[type, ...], Rule], ...] = (
    ((DataOp, OutputOp), Rule.DATA),
    (ScalarDataOp, Rule.SCALAR_DATA),
    (ScalarOp, Rule.SCALAR),
    (IndexExprOp, Rule.INDEX_EXPR),
    (LoadOp, Rule.LOAD),
    (StoreOp, Rule.STORE),
    (IndirectLoadOp, Rule.GATHER),
    (ReduceNode, Rule.REDUCE),
    (ArangeOp, Rule.ARANGE),
    (ew.BroadcastOp, Rule.BROADCAST),
    (ew.CastOp, Rule.CAST),
    (ew.CompareNode, Rule.COMPARE),
    (ew.SelectNode, Rule.SELECT),
    (ew.NegOp, Rule.NEG),
    (ew.TrueDivOp, Rule.TRUEDIV),
    (ew.BinaryNode, Rule.BINARY),
    (ew.UnaryNode, Rule.UNARY),
    (ew.ElementwiseNode, Rule.ELEMENTWISE),
)


def rule_of(n: AscirNode) -> Rule | None:
    """The lowering rule of ``n``, or None for an op no path lowers."""
    if uses_recipe(n):
        return Rule.MATH
    for cls, rule in _BY_CLASS:
        if isinstance(n, cls):
            return rule
    return None


H = TypeVar("H", bound=Callable)


def handler_for(
    n: AscirNode, handlers: Mapping[Rule, H], path: str, where: str = "", pass_name: str = PASS
) -> H:
    """The handler of ``n``'s rule in one path's table; a located PassError of
    ``pass_name`` when the path has none (``path`` says which: "AscendC",
    "register-level", "SIMT"; ``where``, inside what)."""
    rule = rule_of(n)
    handler = handlers.get(rule) if rule is not None else None
    if handler is None:
        raise PassError(pass_name, f"{n.describe()}: no {path} lowering for this op{where}", at=n)
    return handler
