"""Fail-closed pass errors: every failure names the pass and the reason."""

from __future__ import annotations

from xdsl.utils.exceptions import DiagnosticException

from ascir_dialect.diagnostics import AscirError


class PassError(AscirError, DiagnosticException):
    """A pass could not prove its rewrite safe (or does not support the input)."""

    def __init__(self, pass_name: str, message: str):
        super().__init__(f"error: {pass_name}: {message}")
        self.pass_name = pass_name
