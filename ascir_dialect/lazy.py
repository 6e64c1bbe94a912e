"""Heavy modules imported on first use (issue 17: ``ascir-opt`` parse/verify/print does not
import numpy, ml_dtypes or sympy when the input does not need them).

``np = LazyModule("numpy")`` at module level, then ``np.asarray(...)`` inside functions as
usual: the first attribute access imports numpy. Values needed while a module is being
defined (a ufunc stored on an op class) use :func:`numpy_function`."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any


class LazyModule:
    """A module imported when one of its attributes is first read."""

    def __init__(self, name: str):
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):  # copy/pickle/inspect probing: not a reason to import
            raise AttributeError(attr)
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}{'' if self._module is None else ' (imported)'}>"


def numpy_function(name: str) -> Callable[..., Any]:
    """``numpy.<name>``, looked up (and numpy imported) on the first call."""
    fn: Callable[..., Any] | None = None

    def call(*args: Any, **kwargs: Any) -> Any:
        nonlocal fn
        if fn is None:
            fn = getattr(importlib.import_module("numpy"), name)
        return fn(*args, **kwargs)

    call.__name__ = call.__qualname__ = f"numpy.{name}"
    return call
