"""The seed's ``ascir`` Python namespace (``from pyautofuse import ascir``)."""

from ascir_dialect.diagnostics import AscirError, AscirVerifyError
from ascir_dialect.frontend import dtypes, ops
from ascir_dialect.frontend import platform as utils
from ascir_dialect.frontend.graph import Axis, HintGraph, Node, NodeOutput
from ascir_dialect.frontend.helpers import IndexExpr, arange
from ascir_dialect.symbolic import Max, Min, Mod, SizeExpr

__all__ = [
    "AscirError",
    "AscirVerifyError",
    "Axis",
    "HintGraph",
    "IndexExpr",
    "Max",
    "Min",
    "Mod",
    "Node",
    "NodeOutput",
    "SizeExpr",
    "arange",
    "dtypes",
    "ops",
    "utils",
]
