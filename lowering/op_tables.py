"""ASCIR op -> AscendC API tables shared by the lowerings (one definition each)."""

from __future__ import annotations

from ascendc_emitter.dialect import ops as ac
from ascir_dialect.ops import elementwise as ew

COMPARE_MODE: dict[type, str] = {
    ew.LtOp: "LT",
    ew.LeOp: "LE",
    ew.GtOp: "GT",
    ew.GeOp: "GE",
    ew.EqOp: "EQ",
    ew.NeOp: "NE",
}
"""ASCIR compare -> ``AscendC::CMPMODE`` (memory and register level alike)."""

MEMORY_UNARY: dict[type, type] = {
    ew.AbsOp: ac.AbsOp,
    ew.ExpOp: ac.ExpOp,
    ew.ReluOp: ac.ReluOp,
    ew.SqrtOp: ac.SqrtOp,
}
"""ASCIR unary op -> memory-level vector API."""

NAN_PROPAGATING: tuple[type, ...] = (ew.MaximumOp, ew.MinimumOp, ew.ReluOp)
"""Ops whose AscendC API (memory and register level) drops a NaN operand -- maxNum
semantics -- where torch propagates it: the lowerings add a NaN fix-up."""
