"""Symbolic size expressions (DS-1 "Sizes"), backed by sympy.

A :class:`SizeExpr` is an integer expression over size variables (``s0``, ``s1``, ...)
and constants with ``+ - * floordiv mod min max``. Text is *never* handed to
``sympy.sympify``/``eval``: both the IR syntax and the Python string constructor go
through :class:`ExprGrammar`, a recursive-descent parser of this grammar only::

    expr   := term (('+' | '-') term)*
    term   := unary (('*' | 'floordiv' | 'mod') unary)*
    unary  := '-' unary | atom
    atom   := INTEGER | NAME | '(' expr ')' | ('min' | 'max') '(' expr (',' expr)+ ')'

``floordiv``/``mod`` follow MLIR's affine spelling because ``//`` starts a comment and
``%`` an SSA name in MLIR text. In Python, ``SizeExpr`` supports ``//`` and ``%``.

Printing is canonical (:func:`print_expr`): sympy normalises the tree and terms and
factors are ordered by ``sympy.default_sort_key``, so equal expressions print
byte-identically on every run, independent of ``PYTHONHASHSEED``.

Comparison semantics follow seed 000 FR13: ``==``/``!=`` return ``bool`` (symbolic
equality), ordering comparisons raise a clean ``TypeError``.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Protocol

import sympy

from ascir_dialect.diagnostics import AscirError

NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
RESERVED = frozenset({"floordiv", "mod", "min", "max"})


class ExprError(AscirError, ValueError):
    """A malformed or unsupported size expression (a user error: it names the expression)."""


class FloorDiv(sympy.Function):
    """Integer floor division ``a floordiv b`` (Python ``//`` semantics)."""

    is_integer = True

    @classmethod
    def eval(cls, a, b):
        if b.is_Integer and int(b) == 0:
            raise ExprError("division by zero in 'floordiv'")
        if a.is_Integer and b.is_Integer:
            return sympy.Integer(int(a) // int(b))
        if b == 1:
            return a
        if a == 0:
            return sympy.Integer(0)
        return None


def _mod(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    if b.is_Integer and int(b) == 0:
        raise ExprError("division by zero in 'mod'")
    return sympy.Mod(a, b)


def symbol(name: str) -> sympy.Symbol:
    """The sympy symbol of a size variable. Sizes are positive integers."""
    if not NAME_RE.match(name) or name in RESERVED:
        raise ExprError(
            f"invalid size variable name '{name}': use letters, digits and '_' "
            f"(not starting with a digit), and none of {sorted(RESERVED)}"
        )
    return sympy.Symbol(name, integer=True, positive=True)


# --------------------------------------------------------------------------- parsing


class TokenSource(Protocol):
    """What :class:`ExprGrammar` needs from a lexer (the xDSL parser or a string)."""

    def punct(self, p: str) -> bool: ...
    def integer(self) -> int | None: ...
    def name(self) -> str | None: ...
    def error(self, message: str) -> None: ...


MAX_NESTING = 64
"""Deepest nesting of parentheses, unary minus and min/max a size expression may have."""
INT64_MAX = 2**63 - 1


class ExprGrammar:
    """The restricted expression grammar, independent of where tokens come from."""

    def __init__(self, tokens: TokenSource):
        self.t = tokens
        self.depth = 0

    def _nested(self, parse):
        """Parse a nested construct, bounded (a deep nesting is an error, not a crash)."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            self.t.error(f"size expression nested deeper than {MAX_NESTING} levels")
        try:
            return parse()
        finally:
            self.depth -= 1

    def parse(self) -> SizeExpr:
        return SizeExpr(self.expr())

    def expr(self) -> sympy.Expr:
        value = self.term()
        while True:
            if self.t.punct("+"):
                value = value + self.term()
            elif self.t.punct("-"):
                value = value - self.term()
            else:
                return value

    def term(self) -> sympy.Expr:
        value = self.unary()
        while True:
            if self.t.punct("*"):
                value = value * self.unary()
            elif self.t.punct("floordiv"):
                value = self._guard(lambda v=value: FloorDiv(v, self.unary()))
            elif self.t.punct("mod"):
                value = self._guard(lambda v=value: _mod(v, self.unary()))
            else:
                return value

    def unary(self) -> sympy.Expr:
        if self.t.punct("-"):
            return -self._nested(self.unary)
        return self.atom()

    def atom(self) -> sympy.Expr:
        if (i := self.t.integer()) is not None:
            if i > INT64_MAX:
                self.t.error(f"integer {i} does not fit in int64 (sizes and offsets are 64-bit)")
            return sympy.Integer(i)
        if self.t.punct("("):
            value = self._nested(self.expr)
            if not self.t.punct(")"):
                self.t.error("expected ')' in size expression")
            return value
        name = self.t.name()
        if name is None:
            self.t.error("expected a size expression (integer, size variable, '(', 'min(' or 'max(')")
            raise AssertionError("unreachable")
        if name in ("min", "max"):
            if not self.t.punct("("):
                self.t.error(f"expected '(' after '{name}'")
            args = [self._nested(self.expr)]
            while self.t.punct(","):
                args.append(self._nested(self.expr))
            if not self.t.punct(")"):
                self.t.error(f"expected ')' to close '{name}('")
            if len(args) < 2:
                self.t.error(f"'{name}' needs at least two arguments")
            return (sympy.Min if name == "min" else sympy.Max)(*args)
        if name in RESERVED:
            self.t.error(f"'{name}' is an operator, not a size variable")
        if self.t.punct("("):
            self.t.error(
                f"'{name}(' is not allowed: size expressions have no function calls "
                "except min(...) and max(...)"
            )
        if not NAME_RE.match(name):
            self.t.error(f"invalid size variable name '{name}'")
        return symbol(name)

    def _guard(self, build):
        try:
            return build()
        except ExprError as e:
            self.t.error(str(e))
            raise


# re.ASCII: ``\d`` alone matches every Unicode digit, and int() reads them ("\uff14" is 4)
_TOKEN_RE = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(\+|-|\*|\(|\)|,))", re.ASCII)
MAX_LITERAL_DIGITS = 100
"""Longest integer literal in a size expression string (int() refuses > 4300 digits)."""


class StringTokens:
    """Tokens of a Python string in the IR expression syntax."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.tok: tuple[str, str] | None = None
        self._advance()

    def _advance(self) -> None:
        rest = self.text[self.pos :]
        if not rest.strip():
            self.tok = None
            return
        m = _TOKEN_RE.match(self.text, self.pos)
        if m is None:
            bad = rest.strip()[0]
            if bad.isnumeric():
                name = unicodedata.name(bad, "unnamed character")
                raise ExprError(
                    f"{bad!r} (U+{ord(bad):04X} {name}) in size expression {self.text!r} is not an "
                    "ASCII digit; write numbers with the digits 0-9"
                )
            raise ExprError(
                f"unexpected character {bad!r} in size expression {self.text!r} "
                "(allowed: integers, names, + - * ( ) , floordiv mod min max)"
            )
        self.pos = m.end()
        kind = "int" if m.group(1) else "name" if m.group(2) else "punct"
        self.tok = (kind, m.group(m.lastindex or 0))

    def _take(self, kind: str, value: str | None = None) -> str | None:
        if self.tok and self.tok[0] == kind and (value is None or self.tok[1] == value):
            v = self.tok[1]
            self._advance()
            return v
        return None

    def punct(self, p: str) -> bool:
        kind = "name" if p.isalpha() else "punct"
        return self._take(kind, p) is not None

    def integer(self) -> int | None:
        v = self._take("int")
        if v is not None and len(v) > MAX_LITERAL_DIGITS:
            self.error(f"an integer of {len(v)} digits does not fit in int64 (sizes and offsets are 64-bit)")
        return None if v is None else int(v)

    def name(self) -> str | None:
        return self._take("name")

    def error(self, message: str) -> None:
        raise ExprError(f"{message} (in {self.text!r})")

    def at_end(self) -> bool:
        return self.tok is None


@functools.lru_cache(maxsize=4096)
def _reparsed(text: str) -> tuple[sympy.Expr, str]:
    """Canonical text parsed again with the grammar: (expression, its canonical text)."""
    sym = sympy.expand(ExprGrammar(StringTokens(text)).expr())
    return sym, print_expr(sym)


def parse_expr(text: str) -> SizeExpr:
    """Parse ``text`` with the restricted grammar (never ``eval``)."""
    if not isinstance(text, str):
        raise TypeError(f"expected a string, got {type(text).__name__}")
    tokens = StringTokens(text)
    value = ExprGrammar(tokens).parse()
    if not tokens.at_end():
        tokens.error("unexpected trailing text in size expression")
    return value


# -------------------------------------------------------------------------- printing

_ATOMS = (sympy.Symbol, sympy.Integer, sympy.Min, sympy.Max)


def _ordered(args: Iterable[sympy.Expr]) -> list[sympy.Expr]:
    return sorted(args, key=sympy.default_sort_key)


def print_expr(e: sympy.Expr) -> str:
    """Canonical text of a sympy expression built by this module."""
    if isinstance(e, sympy.Integer):
        return str(int(e))
    if isinstance(e, sympy.Symbol):
        return e.name
    if isinstance(e, sympy.Add):
        # Constants last, and lead with a positive term: "s0 * s1 - 1", not "-1 + s0*s1".
        terms = sorted(_ordered(e.args), key=lambda t: (t.could_extract_minus_sign(), t.is_Integer))
        if any(not t.could_extract_minus_sign() for t in terms):
            terms.sort(key=lambda t: t.is_Integer)
            first = next(t for t in terms if not t.could_extract_minus_sign())
            terms.remove(first)
            terms.insert(0, first)
        out = _print_term(terms[0])
        for t in terms[1:]:
            if t.could_extract_minus_sign():
                out += " - " + _print_term(-t)
            else:
                out += " + " + _print_term(t)
        return out
    if isinstance(e, sympy.Mul):
        return _print_term(e)
    if isinstance(e, sympy.Pow):
        base, exp = e.args
        if exp.is_Integer and int(exp) > 0:
            return " * ".join([_factor(base)] * int(exp))
        raise ExprError(f"size expression has a non-integer power: {e}")
    if isinstance(e, FloorDiv):
        return f"{_factor(e.args[0], left=True)} floordiv {_factor(e.args[1])}"
    if isinstance(e, sympy.Mod):
        return f"{_factor(e.args[0], left=True)} mod {_factor(e.args[1])}"
    if isinstance(e, (sympy.Min, sympy.Max)):
        name = "min" if isinstance(e, sympy.Min) else "max"
        return f"{name}({', '.join(print_expr(a) for a in _ordered(e.args))})"
    raise ExprError(f"size expression contains an unsupported term: {e}")


def _print_term(e: sympy.Expr) -> str:
    if not isinstance(e, sympy.Mul):
        return print_expr(e)
    coeff, rest = e.as_coeff_Mul()
    if not coeff.is_Integer:
        raise ExprError(f"size expression has a non-integer coefficient: {e}")
    factors = [_factor(f) for f in _ordered(sympy.Mul.make_args(rest))]
    if coeff == -1:
        return "-" + " * ".join(factors)
    if coeff != 1:
        factors.insert(0, str(int(coeff)))
    return " * ".join(factors)


def _factor(e: sympy.Expr, left: bool = False) -> str:
    text = print_expr(e)
    if isinstance(e, _ATOMS) and not (isinstance(e, sympy.Integer) and int(e) < 0):
        return text
    if left and isinstance(e, (sympy.Mul, sympy.Pow)) and not text.startswith("-"):
        return text
    return f"({text})"


# ------------------------------------------------------------------------- SizeExpr


def _to_sympy(value: object) -> sympy.Expr:
    if isinstance(value, SizeExpr):
        return value.sym
    if isinstance(value, bool):
        raise TypeError("a bool is not a size expression")
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, sympy.Expr):
        return value
    raise TypeError(f"only SizeExpr or int can be used in a size expression, got {type(value).__name__}")


class SizeExpr:
    """An immutable symbolic integer size expression (seed ``ascir.SizeExpr``)."""

    __slots__ = ("_text", "sym")

    def __init__(self, value: SizeExpr | int | str | sympy.Expr = 1):
        if isinstance(value, str):
            value = parse_expr(value).sym
        # The canonical form is a fixed point of print -> parse: sympy simplifies a tree
        # differently depending on how it was built (distributing factors, folding
        # min/max of related terms), so iterate until the text is stable.
        sym = sympy.expand(_to_sympy(value))
        text = print_expr(sym)
        for _ in range(8):
            again, again_text = _reparsed(text)
            if again_text == text:
                break
            sym, text = again, again_text
        object.__setattr__(self, "sym", sym)
        object.__setattr__(self, "_text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("SizeExpr is immutable")

    # --- arithmetic
    def __add__(self, o: object) -> SizeExpr:
        return SizeExpr(self.sym + _to_sympy(o))

    def __radd__(self, o: object) -> SizeExpr:
        return SizeExpr(_to_sympy(o) + self.sym)

    def __sub__(self, o: object) -> SizeExpr:
        return SizeExpr(self.sym - _to_sympy(o))

    def __rsub__(self, o: object) -> SizeExpr:
        return SizeExpr(_to_sympy(o) - self.sym)

    def __mul__(self, o: object) -> SizeExpr:
        return SizeExpr(self.sym * _to_sympy(o))

    def __rmul__(self, o: object) -> SizeExpr:
        return SizeExpr(_to_sympy(o) * self.sym)

    def __floordiv__(self, o: object) -> SizeExpr:
        return SizeExpr(FloorDiv(self.sym, _to_sympy(o)))

    def __rfloordiv__(self, o: object) -> SizeExpr:
        return SizeExpr(FloorDiv(_to_sympy(o), self.sym))

    def __mod__(self, o: object) -> SizeExpr:
        return SizeExpr(_mod(self.sym, _to_sympy(o)))

    def __rmod__(self, o: object) -> SizeExpr:
        return SizeExpr(_mod(_to_sympy(o), self.sym))

    def __neg__(self) -> SizeExpr:
        return SizeExpr(-self.sym)

    def __pos__(self) -> SizeExpr:
        return self

    # --- comparisons (FR13)
    def __eq__(self, o: object) -> bool:
        if isinstance(o, bool) or not isinstance(o, (SizeExpr, int)):
            return NotImplemented
        other = _to_sympy(o)
        if self.sym == other:
            return True
        return sympy.expand(self.sym - other) == 0

    def __ne__(self, o: object) -> bool:
        eq = self.__eq__(o)
        return eq if eq is NotImplemented else not eq

    def _no_order(self, o: object):
        raise TypeError(
            "ordering comparisons (<, <=, >, >=) are not supported for SizeExpr: "
            "sizes are symbolic; compare evaluated values instead "
            "(e.g. expr.evaluate({'s0': 4}) < 8)"
        )

    __lt__ = __le__ = __gt__ = __ge__ = _no_order

    def __hash__(self) -> int:
        return hash(self.sym)

    def __bool__(self) -> bool:
        raise TypeError("the truth value of a SizeExpr is ambiguous; compare it with == or !=")

    # --- inspection
    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"SizeExpr({self._text!r})"

    @property
    def expression(self) -> str:
        """Canonical text, as the seed's ``SizeExpr.expression``."""
        return self._text

    @property
    def free_names(self) -> list[str]:
        """Names of the size variables used, sorted."""
        return sorted(s.name for s in self.sym.free_symbols)

    @property
    def is_constant(self) -> bool:
        return isinstance(self.sym, sympy.Integer)

    def as_int(self) -> int:
        if not self.is_constant:
            raise ExprError(f"size expression '{self}' is not a constant")
        return int(self.sym)

    def evaluate(self, bindings: Mapping[str, int]) -> int:
        """The value for concrete size-variable bindings (all free names needed), computed
        as host tiling and kernels compute it: int64 arithmetic in :func:`fold_expr`'s
        order, each step checked. :class:`ExprArithmeticError` (an :class:`ExprError`
        naming the expression and the bindings) when a step divides by zero or leaves int64."""
        missing = [n for n in self.free_names if n not in bindings]
        if missing:
            raise ExprError(
                f"missing size binding for {', '.join(missing)} in '{self}'; "
                f"pass sizes={{{', '.join(repr(m) + ': ...' for m in missing)}}}"
            )
        values = {n: int(bindings[n]) for n in self.free_names}
        try:
            return fold_expr(self.sym, _CheckedInt64(values), {})
        except _TrapError as trap:
            raise ExprArithmeticError(self._text, trap.kind, values) from None

    def subs(self, mapping: Mapping[str, SizeExpr | int]) -> SizeExpr:
        return SizeExpr(self.sym.xreplace({symbol(k): _to_sympy(v) for k, v in mapping.items()}))


# ------------------------------------------------------------------------ evaluation

INT64_MIN = -(2**63)


class ExprArithmeticError(ExprError):
    """Evaluating a size expression with concrete sizes divides by zero (``kind`` "zero")
    or leaves int64 (``kind`` "overflow") -- in the expression itself or in a step of its
    evaluation (:func:`fold_expr`)."""

    def __init__(self, expr: str, kind: str, bindings: Mapping[str, int]):
        self.expr, self.kind, self.bindings = expr, kind, dict(bindings)
        super().__init__(f"size expression '{expr}' {trap_text(kind)} with {bindings_text(bindings)}")


def trap_text(kind: str) -> str:
    """What an arithmetic trap of ``kind`` ("zero" / "overflow") does, as a verb phrase."""
    return {"zero": "divides by zero", "overflow": "overflows int64"}[kind]


def bindings_text(bindings: Mapping[str, object]) -> str:
    """``s0=4, s1=4`` (sorted by name); ``no sizes`` when empty."""
    return ", ".join(f"{k}={bindings[k]}" for k in sorted(bindings)) or "no sizes"


class ExprOps(Protocol):
    """What :func:`fold_expr` needs: the integer operations, on any value representation
    (Python ints here, SSA values in ``lowering.exprs``)."""

    def const(self, value: int): ...
    def symbol(self, name: str): ...
    def add(self, a, b): ...
    def sub(self, a, b): ...
    def mul(self, a, b): ...
    def floordiv(self, a, b): ...
    def min(self, a, b): ...
    def max(self, a, b): ...


def fold_expr(e: sympy.Expr, ops: ExprOps, memo: dict):
    """Evaluate ``e`` bottom up with ``ops``: THE evaluation order of size expressions.

    Host tiling, kernels (``lowering.exprs.ExprLowering``) and :meth:`SizeExpr.evaluate`
    all go through here, so every intermediate value the kernel computes is one that host
    tiling computed -- and checked -- first, and the reference refuses exactly what host
    tiling refuses. Terms, factors and min/max arguments fold left in
    ``sympy.default_sort_key`` order; ``x**k`` is ``k - 1`` multiplications; ``a mod m`` is
    ``a - (a floordiv m) * m``. ``memo`` maps subexpressions already evaluated (each is
    evaluated once)."""
    if e in memo:
        return memo[e]
    if isinstance(e, sympy.Integer):
        v = ops.const(int(e))
    elif isinstance(e, sympy.Symbol):
        v = ops.symbol(e.name)
    elif isinstance(e, (sympy.Add, sympy.Mul, sympy.Min, sympy.Max)):
        combine = {sympy.Add: ops.add, sympy.Mul: ops.mul, sympy.Min: ops.min, sympy.Max: ops.max}[type(e)]
        args = _fold_order(e)
        v = fold_expr(args[0], ops, memo)
        for a in args[1:]:
            v = combine(v, fold_expr(a, ops, memo))
    elif isinstance(e, sympy.Pow) and e.args[1].is_Integer and int(e.args[1]) > 0:
        base = v = fold_expr(e.args[0], ops, memo)
        for _ in range(int(e.args[1]) - 1):
            v = ops.mul(v, base)
    elif isinstance(e, FloorDiv):
        v = ops.floordiv(fold_expr(e.args[0], ops, memo), fold_expr(e.args[1], ops, memo))
    elif isinstance(e, sympy.Mod):
        a, m = fold_expr(e.args[0], ops, memo), fold_expr(e.args[1], ops, memo)
        v = ops.sub(a, ops.mul(ops.floordiv(a, m), m))
    else:
        raise ExprError(f"cannot evaluate size expression term {e}")
    memo[e] = v
    return v


@functools.lru_cache(maxsize=8192)
def _fold_order(e: sympy.Expr) -> tuple[sympy.Expr, ...]:
    return tuple(sorted(e.args, key=sympy.default_sort_key))


class _TrapError(Exception):
    def __init__(self, kind: str):
        self.kind = kind


class _CheckedInt64:
    """:class:`ExprOps` on Python ints: every value must fit int64, divisors must not be 0."""

    def __init__(self, bindings: Mapping[str, int]):
        self.bindings = bindings

    @staticmethod
    def _fit(v: int) -> int:
        if not INT64_MIN <= v <= INT64_MAX:
            raise _TrapError("overflow")
        return v

    def const(self, value: int) -> int:
        return self._fit(value)

    def symbol(self, name: str) -> int:
        return self._fit(self.bindings[name])

    def add(self, a: int, b: int) -> int:
        return self._fit(a + b)

    def sub(self, a: int, b: int) -> int:
        return self._fit(a - b)

    def mul(self, a: int, b: int) -> int:
        return self._fit(a * b)

    def floordiv(self, a: int, b: int) -> int:
        if b == 0:
            raise _TrapError("zero")
        return self._fit(a // b)

    min = staticmethod(min)
    max = staticmethod(max)


def Min(a: SizeExpr | int, b: SizeExpr | int, *rest: SizeExpr | int) -> SizeExpr:
    return SizeExpr(sympy.Min(*(_to_sympy(x) for x in (a, b, *rest))))


def Max(a: SizeExpr | int, b: SizeExpr | int, *rest: SizeExpr | int) -> SizeExpr:
    return SizeExpr(sympy.Max(*(_to_sympy(x) for x in (a, b, *rest))))


def Mod(a: SizeExpr | int, b: SizeExpr | int) -> SizeExpr:
    return SizeExpr(_mod(_to_sympy(a), _to_sympy(b)))


def expr(value: SizeExpr | int | str) -> SizeExpr:
    """Coerce an int, a string (restricted grammar) or a SizeExpr."""
    return value if isinstance(value, SizeExpr) else SizeExpr(value)
