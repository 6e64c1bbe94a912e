"""The torch tests run the backend in strict mode: a compiler bug raises instead of leaving
its region to eager torch, so no internal error passes unnoticed (issue 31)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASCIR_STRICT", "1")
