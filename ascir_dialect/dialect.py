"""The ``ascir`` xDSL dialect object."""

from xdsl.ir import Dialect

from ascir_dialect.attributes import AxisAttr, DTypeAttr, ExprAttr, ScalarType, TensorType
from ascir_dialect.ops import NODE_OPS, GraphOp, VfOp, VfYieldOp

ASCIR = Dialect(
    "ascir",
    [GraphOp, VfOp, VfYieldOp, *NODE_OPS],
    [ExprAttr, DTypeAttr, AxisAttr, ScalarType, TensorType],
)
