"""The ``ascir`` xDSL dialect object."""

from xdsl.ir import Dialect

from ascir_dialect.attributes import AxisAttr, DTypeAttr, ExprAttr, ScalarType, TensorType
from ascir_dialect.ops import NODE_OPS, GraphOp

ASCIR = Dialect(
    "ascir",
    [GraphOp, *NODE_OPS],
    [ExprAttr, DTypeAttr, AxisAttr, ScalarType, TensorType],
)
