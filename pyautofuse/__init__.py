"""Facade: the names seed scripts import (``from pyautofuse import ascir, ...``).

Re-exports only; the implementation lives in ``ascir_dialect`` and ``tools``. The names are
imported on first use (PEP 562), so ``import pyautofuse`` -- and the torch backend's entry
point, ``pyautofuse.torch`` -- costs nothing until a graph is built or compiled.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "ascir": ("ascir_dialect.frontend", None),
    "reference": ("ascir_dialect.interpreter", "reference"),
    "Autofuser": ("tools.autofuser", "Autofuser"),
    "AutofuserOptions": ("tools.autofuser", "AutofuserOptions"),
    "CompiledGraph": ("tools.compile", "CompiledGraph"),
    "compile_graph": ("tools.compile", "compile_graph"),
}

__all__ = ["Autofuser", "AutofuserOptions", "CompiledGraph", "ascir", "compile_graph", "reference"]

if TYPE_CHECKING:
    from ascir_dialect import frontend as ascir
    from ascir_dialect.interpreter import reference
    from tools.autofuser import Autofuser, AutofuserOptions
    from tools.compile import CompiledGraph, compile_graph


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'pyautofuse' has no attribute {name!r}")
    module, attr = _EXPORTS[name]
    value = importlib.import_module(module)
    if attr is not None:
        value = getattr(value, attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(__all__) | {"torch"})
