"""Every op of the ``ascir`` dialect."""

from ascir_dialect.ops.elementwise import (
    AbsOp,
    AddOp,
    BroadcastOp,
    CastOp,
    DivOp,
    EqOp,
    ExpOp,
    FloorDivOp,
    GeOp,
    GtOp,
    LeOp,
    LogicalAndOp,
    LogicalNotOp,
    LogicalOrOp,
    LtOp,
    MaximumOp,
    MinimumOp,
    MulOp,
    NegOp,
    NeOp,
    ReluOp,
    RemainderOp,
    SelectOp,
    SqrtOp,
    SubOp,
    TrueDivOp,
    WhereOp,
)
from ascir_dialect.ops.graph import GraphOp
from ascir_dialect.ops.index_put import IndexPutOp
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.math import MATH_OPS, PY_ALIASES
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.movement import ConcatOp, PadOp, SplitOp, TransposeOp
from ascir_dialect.ops.node import AscirNode
from ascir_dialect.ops.numeric import NUMERIC_OPS
from ascir_dialect.ops.reduce import (
    AllOp,
    AnyOp,
    ArgMaxOp,
    ArgMinOp,
    MaxOp,
    MeanOp,
    MinOp,
    ProdOp,
    SumOp,
)
from ascir_dialect.ops.sources import (
    ArangeOp,
    DataOp,
    IndexExprOp,
    ScalarDataOp,
    ScalarOp,
    WorkspaceOp,
)
from ascir_dialect.ops.vf import VfOp, VfYieldOp

NODE_OPS: tuple[type[AscirNode], ...] = (
    DataOp,
    ScalarDataOp,
    ScalarOp,
    IndexExprOp,
    ArangeOp,
    WorkspaceOp,
    LoadOp,
    StoreOp,
    OutputOp,
    BroadcastOp,
    CastOp,
    AddOp,
    SubOp,
    MulOp,
    DivOp,
    TrueDivOp,
    FloorDivOp,
    RemainderOp,
    MinimumOp,
    MaximumOp,
    NegOp,
    AbsOp,
    ExpOp,
    ReluOp,
    SqrtOp,
    LtOp,
    LeOp,
    GtOp,
    GeOp,
    EqOp,
    NeOp,
    WhereOp,
    SelectOp,
    LogicalAndOp,
    LogicalOrOp,
    LogicalNotOp,
    SumOp,
    MaxOp,
    MinOp,
    # reductions (issue 19)
    MeanOp,
    ProdOp,
    AnyOp,
    AllOp,
    ArgMaxOp,
    ArgMinOp,
    IndirectLoadOp,
    IndexPutOp,
    # math ops (issue 19)
    *MATH_OPS,
    # rounding, sign, classification, bitwise and shift ops (issue 19)
    *NUMERIC_OPS,
    # data movement (issue 19)
    TransposeOp,
    ConcatOp,
    SplitOp,
    PadOp,
)
"""All node ops, in a fixed order (used for registration and the Python API)."""

BY_PY_NAME: dict[str, type[AscirNode]] = {op.PY_NAME: op for op in NODE_OPS} | PY_ALIASES

__all__ = [op.__name__ for op in NODE_OPS] + [
    "MATH_OPS",
    "NUMERIC_OPS",
    "AscirNode",
    "GraphOp",
    "VfOp",
    "VfYieldOp",
    "NODE_OPS",
    "BY_PY_NAME",
]
