"""What the IndirectLoad templates can compute per op (interim: moves into the target
description, ``ascendc_emitter.target``, when it lands)."""

from __future__ import annotations

from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.memory import LoadOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode

SIMD_UNARY = (ew.CastOp, ew.NegOp, ew.AbsOp, ew.ExpOp, ew.ReluOp, ew.SqrtOp)
SIMT_FLOAT_BINARY = (ew.AddOp, ew.SubOp, ew.MulOp, ew.DivOp, ew.MinimumOp, ew.MaximumOp)
SIMT_INT_BINARY = (ew.AddOp, ew.SubOp, ew.MulOp, ew.MinimumOp, ew.MaximumOp, ew.FloorDivOp)
SIMT_UNARY = (ew.NegOp, ew.AbsOp, ew.ReluOp)
SIMT_STRUCTURAL = (LoadOp, StoreOp, ew.BroadcastOp, ew.CastOp, ew.CompareNode, ew.SelectNode, ReduceNode)
SIMT_DTYPES = (DType.float16, DType.bfloat16, DType.float32, DType.int8, DType.int16, DType.int32, DType.int64)


def simd_unary(n: AscirNode) -> bool:
    return type(n) in SIMD_UNARY


def has_scalar_form(n: AscirNode) -> bool:
    if isinstance(n, SIMT_STRUCTURAL):
        return True
    if n.result_tensor().dtype.is_float:
        return type(n) in SIMT_FLOAT_BINARY or type(n) in SIMT_UNARY
    return type(n) in SIMT_INT_BINARY or type(n) in (*SIMT_UNARY, ew.RemainderOp)
