"""Fail-closed pass errors: every failure names the pass and the reason."""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException

from ascir_dialect.diagnostics import AscirError, format_location


class PassError(AscirError, DiagnosticException):
    """A pass could not prove its rewrite safe (or does not support the input). With
    ``at``, the diagnostic starts with that op's ``file:line:col``."""

    def __init__(self, pass_name: str, message: str, at: Operation | None = None):
        where = format_location(at) if at is not None else ""
        prefix = f"{where}: " if where and not where.startswith("<") else ""
        super().__init__(f"{prefix}error: {pass_name}: {message}")
        self.pass_name = pass_name
        self.reason = message
        """The message without location and pass name (to quote it in another diagnostic)."""
