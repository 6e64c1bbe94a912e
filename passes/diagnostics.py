"""Fail-closed pass errors: every failure names the pass and the reason; a pass's own bug is
an :class:`~ascir_dialect.diagnostics.InternalCompilerError` naming the pass and the node."""

from __future__ import annotations

import functools
from typing import Any, ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import DiagnosticException

from ascir_dialect.diagnostics import AscirError, format_location, internal_errors


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


class AscirPass(ModulePass):
    """Base of every pass of the toolchain: its ``apply`` runs under
    :func:`~ascir_dialect.diagnostics.internal_errors`, so an exception that is not a user
    error (a ``KeyError``, an xDSL ``VerifyException`` of IR the pass built...) reaches the
    driver as an ``InternalCompilerError`` naming this pass and the node being compiled,
    whichever driver runs it (``ascir-opt -p``, the ``autofuse`` pipeline, a nested stage
    pipeline: the innermost pass names it)."""

    name: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        apply = cls.__dict__.get("apply")
        if apply is None or getattr(apply, "_guarded", False):
            return

        @functools.wraps(apply)
        def guarded(self: ModulePass, ctx: Context, op: ModuleOp) -> None:
            with internal_errors(f"pass {self.name}"):
                apply(self, ctx, op)

        guarded._guarded = True  # type: ignore[attr-defined]
        cls.apply = guarded  # type: ignore[method-assign]
