"""The torch tests run the backend in strict mode: a compiler bug raises instead of leaving
its region to eager torch, so no internal error passes unnoticed (issue 31)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASCIR_STRICT", "1")


def compile_and_compare(fn, *args, dynamic: bool = False, **tolerance):  # type: ignore[no-untyped-def]
    """``fn`` compiled with the ascir backend on ``args`` (fresh Dynamo state and report),
    each output ``assert_close`` to eager's (``tolerance``: its rtol/atol, e.g. 0 for bit
    equality); returns the report."""
    import torch

    from pyautofuse.torch import ascir_backend, last_report, reset_report

    torch._dynamo.reset()
    reset_report()
    got = torch.compile(fn, backend=ascir_backend, dynamic=dynamic)(*args)
    want = fn(*args)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,), strict=True):
        torch.testing.assert_close(g, w, **tolerance)
    return last_report()
