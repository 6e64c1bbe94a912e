"""The torch front end: ``torch.compile(fn, backend="ascir")``.

``ascir_backend`` turns the FX graphs Dynamo hands it into fused ASCIR kernels (run on the
CPU simulator by default, ``options={"target": "npu"}`` on a device) and runs what ASCIR
cannot express in eager torch (:mod:`pyautofuse.torch.backend`). torch is imported only
when the backend is used: the rest of the project imports without it.
"""

from __future__ import annotations

from typing import Any


def ascir_backend(gm: Any, example_inputs: Any, **kwargs: Any) -> Any:
    """The ``torch.compile`` backend (registered as ``"ascir"`` through the
    ``torch_dynamo_backends`` entry point)."""
    from .backend import ascir_backend as backend

    return backend(gm, example_inputs, **kwargs)


def last_report() -> Any:
    """Regions fused and ops left to eager torch (with reasons) since :func:`reset_report`."""
    from .backend import last_report as report

    return report()


def reset_report() -> None:
    from .backend import reset_report as reset

    reset()


__all__ = ["ascir_backend", "last_report", "reset_report"]
