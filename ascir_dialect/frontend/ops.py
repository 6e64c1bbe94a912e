"""``ascir.ops``: one node class per ASCIR op, generated from the dialect's op table."""

from ascir_dialect.frontend.graph import Node
from ascir_dialect.ops import NODE_OPS

for _op in NODE_OPS:
    globals()[_op.PY_NAME] = type(_op.PY_NAME, (Node,), {"op_type": _op, "__doc__": _op.__doc__})

__all__ = [op.PY_NAME for op in NODE_OPS]
