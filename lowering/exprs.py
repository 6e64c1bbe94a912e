"""Symbolic size expressions -> ``arith`` ops (int64), for host tiling and kernels.

Size variables resolve through a callback (host: the AutofuseTiling parameters; kernel:
tiling fields), so the same lowering serves both sides. Integer semantics follow
``ascir_dialect.symbolic``: floordiv/mod round toward negative infinity, and the
evaluation order is ``ascir_dialect.symbolic.fold_expr``'s -- the one ``SizeExpr.evaluate``
uses too.

Host tiling builds with a ``HostBuilder``: every step is checked (division by zero, int64
overflow) and a failure returns a code whose message names the expression and its use.
Kernels evaluate expressions unchecked; they ``record`` each one, and host tiling checks
every recorded expression (:meth:`ExprLowering.check_recorded`) -- the same steps on the
same sizes, so nothing a kernel evaluates from the sizes can trap or wrap once host tiling
has returned 0.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext

from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder, HostBuilder, message_text
from ascir_dialect.symbolic import INT64_MAX, INT64_MIN, ExprArithmeticError, SizeExpr, fold_size, trap_text

KERNEL_USE = "used by the kernel"
"""The use of a recorded kernel expression no named host check covered."""


class _SsaOps:
    """``fold_expr``'s operations as ops of a builder."""

    def __init__(self, b: BodyBuilder, symbol: Callable[[str], SSAValue], text: Callable[[], str]):
        self.b, self.symbol, self.text = b, symbol, text

    def const(self, value: int) -> SSAValue:
        if not INT64_MIN <= value <= INT64_MAX:  # a constant folded out of int64 by sympy
            raise ExprArithmeticError(self.text(), "overflow", {})
        return self.b.const(value)

    def add(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.b.add(a, b)

    def sub(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.b.sub(a, b)

    def mul(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.b.mul(a, b)

    def floordiv(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.b.floordiv(a, b)

    def min(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.b.min(a, b)

    def max(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.b.max(a, b)


class ExprLowering:
    """Memoised lowering of SizeExprs into one block (each subexpression emitted once).

    ``record`` (kernels): a dict that receives every expression lowered, with its use;
    pass it to :meth:`check_recorded` of the host tiling's lowering."""

    def __init__(
        self,
        b: BodyBuilder,
        symbol: Callable[[str], SSAValue],
        record: dict[SizeExpr, str] | None = None,
    ):
        self.b = b
        self.symbol = symbol
        self.memo: dict[object, SSAValue] = {}
        """Keyed as :func:`ascir_dialect.symbolic.fold_poly` keys: one entry per subexpression."""
        self.record = record
        self._current = ""
        self.ops = _SsaOps(b, symbol, lambda: self._current)

    def __call__(self, e: SizeExpr | int, name: str | None = None, what: str | None = None) -> SSAValue:
        """``e`` as an i64 value. ``what`` names its use in host tiling's messages, e.g.
        "the load offset of %l0"."""
        expr = e if isinstance(e, SizeExpr) else SizeExpr(e)
        if self.record is not None and not expr.is_constant:
            self.record.setdefault(expr, what or KERNEL_USE)
        self._current = str(expr)
        checking = (
            self.b.checking(self._describe(expr, what)) if isinstance(self.b, HostBuilder) else nullcontext()
        )
        with checking:
            value = fold_size(expr, self.ops, self.memo)
        if name and value.name_hint is None and not (expr.is_constant or expr.is_symbol):
            value.name_hint = name
        return value

    def _describe(self, expr: SizeExpr, what: str | None) -> Callable[[str], str]:
        assert isinstance(self.b, HostBuilder)
        use = f"of {message_text(what)}" if what else f"({KERNEL_USE})"
        sizes = self.b.sizes_text(expr.free_names)
        text = message_text(str(expr))
        return lambda kind: f"size expression '{text}' {use} {trap_text(kind)} with {sizes}"

    def check_recorded(self, record: dict[SizeExpr, str]) -> None:
        """Host tiling: evaluate (checked) every expression a kernel recorded."""
        for expr, what in list(record.items()):
            self(expr, what=None if what == KERNEL_USE else what)
