"""Facade: the names seed scripts import (``from pyautofuse import ascir, ...``).

Re-exports only; the implementation lives in ``ascir_dialect`` and ``tools``.
"""

from ascir_dialect import frontend as ascir
from ascir_dialect.interpreter import reference
from tools.autofuser import Autofuser, AutofuserOptions
from tools.compile import CompiledGraph, compile_graph

__all__ = ["Autofuser", "AutofuserOptions", "CompiledGraph", "ascir", "compile_graph", "reference"]
