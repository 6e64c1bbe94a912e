"""``ascir.ops``: one node class per ASCIR op, generated from the dialect's op table."""

from ascir_dialect.frontend.graph import Node
from ascir_dialect.ops import BY_PY_NAME

for _name, _op in BY_PY_NAME.items():
    globals()[_name] = type(_name, (Node,), {"op_type": _op, "__doc__": _op.__doc__})

__all__ = list(BY_PY_NAME)
