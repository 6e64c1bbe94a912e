"""Symbolic size expressions -> ``arith`` ops (int64), for host tiling and kernels.

Size variables resolve through a callback (host: the AutofuseTiling parameters; kernel:
tiling fields), so the same lowering serves both sides. Integer semantics follow
``ascir_dialect.symbolic``: floordiv/mod round toward negative infinity.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy
from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder
from ascir_dialect.symbolic import FloorDiv, SizeExpr


class ExprLowering:
    """Memoised lowering of SizeExprs into one block (each subexpression emitted once)."""

    def __init__(self, b: BodyBuilder, symbol: Callable[[str], SSAValue]):
        self.b = b
        self.symbol = symbol
        self.memo: dict[sympy.Expr, SSAValue] = {}

    def __call__(self, e: SizeExpr | int, name: str | None = None) -> SSAValue:
        sym = e.sym if isinstance(e, SizeExpr) else sympy.Integer(e)
        value = self.lower(sym)
        if name and value.name_hint is None and not isinstance(sym, (sympy.Integer, sympy.Symbol)):
            value.name_hint = name
        return value

    def lower(self, e: sympy.Expr) -> SSAValue:
        if e in self.memo:
            return self.memo[e]
        b = self.b
        if isinstance(e, sympy.Integer):
            v = b.const(int(e))
        elif isinstance(e, sympy.Symbol):
            v = self.symbol(e.name)
        elif isinstance(e, sympy.Add):
            terms = sorted(e.args, key=sympy.default_sort_key)
            v = self.lower(terms[0])
            for t in terms[1:]:
                v = b.add(v, self.lower(t))
        elif isinstance(e, sympy.Mul):
            factors = sorted(e.args, key=sympy.default_sort_key)
            v = self.lower(factors[0])
            for f in factors[1:]:
                v = b.mul(v, self.lower(f))
        elif isinstance(e, sympy.Pow) and e.args[1].is_Integer and int(e.args[1]) > 0:
            base = self.lower(e.args[0])
            v = base
            for _ in range(int(e.args[1]) - 1):
                v = b.mul(v, base)
        elif isinstance(e, FloorDiv):
            v = b.floordiv(self.lower(e.args[0]), self.lower(e.args[1]))
        elif isinstance(e, sympy.Mod):
            a, m = self.lower(e.args[0]), self.lower(e.args[1])
            v = b.sub(a, b.mul(b.floordiv(a, m), m))
        elif isinstance(e, (sympy.Min, sympy.Max)):
            args = sorted(e.args, key=sympy.default_sort_key)
            v = self.lower(args[0])
            for a in args[1:]:
                v = (b.min if isinstance(e, sympy.Min) else b.max)(v, self.lower(a))
        else:
            raise ValueError(f"cannot lower size expression {e}")
        self.memo[e] = v
        return v
