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
from typing import TYPE_CHECKING, Any, Protocol

from ascir_dialect.diagnostics import AscirError
from ascir_dialect.lazy import LazyModule

if TYPE_CHECKING:
    import sympy
else:
    sympy = LazyModule("sympy")

NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
RESERVED = frozenset({"floordiv", "mod", "min", "max"})


class ExprError(AscirError, ValueError):
    """A malformed or unsupported size expression (a user error: it names the expression)."""


@functools.cache
def _floordiv_class() -> type:
    """``FloorDiv``, a sympy function class, defined when sympy is first needed."""

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

    FloorDiv.__module__ = __name__
    return FloorDiv


def _floordiv(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    return _floordiv_class()(a, b)


def _mod(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    if b.is_Integer and int(b) == 0:
        raise ExprError("division by zero in 'mod'")
    return sympy.Mod(a, b)


def symbol(name: str) -> sympy.Symbol:
    """The sympy symbol of a size variable. Sizes are positive integers."""
    return sympy.Symbol(check_name(name), integer=True, positive=True)


def check_name(name: str) -> str:
    """``name`` if it is a valid size variable name, else an :class:`ExprError`."""
    if not NAME_RE.match(name) or name in RESERVED:
        raise ExprError(
            f"invalid size variable name '{name}': use letters, digits and '_' "
            f"(not starting with a digit), and none of {sorted(RESERVED)}"
        )
    return name


# ----------------------------------------------------------------- polynomial form
#
# The ordinary size expressions -- sums of products of size variables with integer
# coefficients, all that ``+ - *`` build -- are kept in a canonical polynomial form: a dict
# from monomial (``((name, power), ...)`` sorted by name; ``()`` for the constant) to its
# non-zero integer coefficient. Arithmetic, equality, hashing and printing of this form
# need no sympy; sympy is imported only for what really needs simplification (floordiv,
# mod, min, max of non-constant operands) and for evaluation in kernel order
# (:func:`fold_expr`). :func:`print_poly` prints exactly what :func:`print_expr` prints
# for the equal (expanded) sympy expression: it orders terms and factors by the key
# ``sympy.default_sort_key`` gives them (:func:`_term_key`).

Monomial = tuple[tuple[str, int], ...]
Poly = dict[Monomial, int]
Value = Any
"""What the grammar builds: a :data:`Poly`, a :class:`PolyFloorDiv` or, for the other
floordiv/mod/min/max terms, a sympy expression."""


def _p_const(n: int) -> Poly:
    return {(): n} if n else {}


def _p_add(a: Poly, b: Poly, sign: int = 1) -> Poly:
    out = dict(a)
    for m, c in b.items():
        v = out.get(m, 0) + sign * c
        if v:
            out[m] = v
        else:
            out.pop(m, None)
    return out


def _m_mul(m1: Monomial, m2: Monomial) -> Monomial:
    if not m1:
        return m2
    if not m2:
        return m1
    powers = dict(m1)
    for n, k in m2:
        powers[n] = powers.get(n, 0) + k
    return tuple(sorted(powers.items()))


def _p_mul(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for m1, c1 in a.items():
        for m2, c2 in b.items():
            m = _m_mul(m1, m2)
            v = out.get(m, 0) + c1 * c2
            if v:
                out[m] = v
            else:
                out.pop(m, None)
    return out


def _p_neg(a: Poly) -> Poly:
    return {m: -c for m, c in a.items()}


def _p_constant(a: Poly) -> int | None:
    """The value of a constant polynomial, else None."""
    if not a:
        return 0
    if len(a) == 1 and () in a:
        return a[()]
    return None


def _poly_to_sympy(a: Poly) -> sympy.Expr:
    terms = [sympy.Integer(c) * sympy.Mul(*(symbol(n) ** k for n, k in m)) for m, c in a.items()]
    return sympy.Add(*terms) if terms else sympy.Integer(0)


def _sympy_to_poly(e: sympy.Expr) -> Poly | None:
    """The polynomial form of an (expanded) sympy expression, or None when it has floordiv,
    mod, min or max terms (or anything else that is not a polynomial with integer coefficients)."""
    if isinstance(e, sympy.Integer):
        return _p_const(int(e))
    if isinstance(e, sympy.Symbol):
        return {((e.name, 1),): 1}
    if isinstance(e, sympy.Add):
        out: Poly = {}
        for t in e.args:
            p = _sympy_to_poly(t)
            if p is None:
                return None
            out = _p_add(out, p)
        return out
    if isinstance(e, sympy.Mul):
        out = {(): 1}
        for f in e.args:
            p = _sympy_to_poly(f)
            if p is None:
                return None
            out = _p_mul(out, p)
        return out
    if isinstance(e, sympy.Pow):
        base, exp = e.args
        if isinstance(base, sympy.Symbol) and exp.is_Integer and int(exp) > 0:
            return {((base.name, int(exp)),): 1}
    return None


def _to_value_sympy(v: Value) -> sympy.Expr:
    if isinstance(v, dict):
        return _poly_to_sympy(v)
    return v.to_sympy() if isinstance(v, PolyFloorDiv) else v


# sympy.default_sort_key of the terms and factors of a polynomial, in plain tuples:
# Number (1, 0, 'Number'), Symbol (2, 0, 'Symbol') -- a power x**k sorts as x with exponent
# key k --, Mul (3, 0, 'Mul') with its factors' keys; the last element is the coefficient.
_NUMBER_CLASS, _SYMBOL_CLASS, _MUL_CLASS = (1, 0, "Number"), (2, 0, "Symbol"), (3, 0, "Mul")


def _int_key(n: int) -> tuple:
    return (_NUMBER_CLASS, (0, ()), (), n)


_ONE_KEY = _int_key(1)


def _factor_key(name: str, power: int, coeff: int = 1) -> tuple:
    return (_SYMBOL_CLASS, (1, (name,)), _ONE_KEY if power == 1 else _int_key(power), coeff)


def _term_key(term: tuple[Monomial, int]) -> tuple:
    m, c = term
    if not m:
        return _int_key(c)
    if len(m) == 1:
        return _factor_key(m[0][0], m[0][1], c)
    return (_MUL_CLASS, (len(m), tuple(_factor_key(n, k) for n, k in m)), _ONE_KEY, c)


def _power_text(name: str, power: int) -> str:
    return " * ".join([name] * power)


def _print_poly_term(m: Monomial, c: int) -> str:
    """:func:`_print_term` of the sympy term ``c * m``."""
    if not m:
        return str(c)
    if c == 1 and len(m) == 1:
        return _power_text(*m[0])
    factors = [n if k == 1 else f"({_power_text(n, k)})" for n, k in m]  # m is sorted by name
    if c == -1:
        return "-" + " * ".join(factors)
    if c != 1:
        factors.insert(0, str(c))
    return " * ".join(factors)


def print_poly(a: Poly) -> str:
    """Canonical text of a polynomial: what :func:`print_expr` prints for it."""
    if not a:
        return "0"
    if len(a) == 1:
        (m, c), = a.items()
        return _print_poly_term(m, c)
    terms = sorted(a.items(), key=_term_key)
    terms.sort(key=lambda t: (t[1] < 0, not t[0]))
    if any(c > 0 for _, c in terms):
        terms.sort(key=lambda t: not t[0])
        first = next(t for t in terms if t[1] > 0)
        terms.remove(first)
        terms.insert(0, first)
    out = _print_poly_term(*terms[0])
    for m, c in terms[1:]:
        out += f" - {_print_poly_term(m, -c)}" if c < 0 else f" + {_print_poly_term(m, c)}"
    return out


def _poly_factor(a: Poly, left: bool = False) -> str:
    """:func:`_factor` of the sympy form of ``a``: a size variable or a non-negative
    constant bare, a product bare on the left of an operator unless it prints with a
    leading '-', anything else in parentheses."""
    text = print_poly(a)
    c = _p_constant(a)
    if c is not None:
        return text if c >= 0 else f"({text})"
    if len(a) == 1:
        ((m, coeff),) = a.items()
        if coeff == 1 and m == ((m[0][0], 1),):
            return text
        if left and not text.startswith("-"):
            return text
    return f"({text})"


class PolyFloorDiv:
    """``a floordiv b`` of two polynomials that the ``FloorDiv`` sympy function leaves
    unevaluated (not both constant, ``b`` not 1, ``a`` not 0): canonical text, equality,
    hashing, free names and evaluation without sympy (issue 17: an IndexExpr such as
    ``s0 floordiv 2`` does not import sympy). Arithmetic on it goes through sympy."""

    __slots__ = ("a", "b", "key", "text")

    def __init__(self, a: Poly, b: Poly):
        self.a, self.b = a, b
        self.key = ("floordiv", _poly_key(a), _poly_key(b))
        self.text = f"{_poly_factor(a, left=True)} floordiv {_poly_factor(b)}"

    def to_sympy(self) -> sympy.Expr:
        return _floordiv(_poly_to_sympy(self.a), _poly_to_sympy(self.b))


def _v_add(a: Value, b: Value, sign: int = 1) -> Value:
    if isinstance(a, dict) and isinstance(b, dict):
        return _p_add(a, b, sign)
    a, b = _to_value_sympy(a), _to_value_sympy(b)
    return a + b if sign > 0 else a - b


def _v_mul(a: Value, b: Value) -> Value:
    if isinstance(a, dict) and isinstance(b, dict):
        return _p_mul(a, b)
    return _to_value_sympy(a) * _to_value_sympy(b)


def _v_neg(a: Value) -> Value:
    return _p_neg(a) if isinstance(a, dict) else -_to_value_sympy(a)


def _v_floordiv(a: Value, b: Value) -> Value:
    ca = _p_constant(a) if isinstance(a, dict) else None
    cb = _p_constant(b) if isinstance(b, dict) else None
    if cb == 0:
        raise ExprError("division by zero in 'floordiv'")
    if ca is not None and cb is not None:
        return _p_const(ca // cb)
    if cb == 1:
        return a
    if ca == 0:
        return {}
    if isinstance(a, dict) and isinstance(b, dict):
        return PolyFloorDiv(a, b)
    return _floordiv(_to_value_sympy(a), _to_value_sympy(b))


def _v_mod(a: Value, b: Value) -> Value:
    ca = _p_constant(a) if isinstance(a, dict) else None
    cb = _p_constant(b) if isinstance(b, dict) else None
    if cb == 0:
        raise ExprError("division by zero in 'mod'")
    if ca is not None and cb is not None:
        return _p_const(ca % cb)
    return _mod(_to_value_sympy(a), _to_value_sympy(b))


def _v_minmax(name: str, args: list[Value]) -> Value:
    consts = [_p_constant(a) if isinstance(a, dict) else None for a in args]
    if all(c is not None for c in consts):
        return _p_const((min if name == "min" else max)(consts))  # type: ignore[type-var]
    return (sympy.Min if name == "min" else sympy.Max)(*(_to_value_sympy(a) for a in args))



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
        return SizeExpr._of_value(self.expr())

    def expr(self) -> Value:
        value = self.term()
        while True:
            if self.t.punct("+"):
                value = _v_add(value, self.term())
            elif self.t.punct("-"):
                value = _v_add(value, self.term(), -1)
            else:
                return value

    def term(self) -> Value:
        value = self.unary()
        while True:
            if self.t.punct("*"):
                value = _v_mul(value, self.unary())
            elif self.t.punct("floordiv"):
                value = self._guard(lambda v=value: _v_floordiv(v, self.unary()))
            elif self.t.punct("mod"):
                value = self._guard(lambda v=value: _v_mod(v, self.unary()))
            else:
                return value

    def unary(self) -> Value:
        if self.t.punct("-"):
            return _v_neg(self._nested(self.unary))
        return self.atom()

    def atom(self) -> Value:
        if (i := self.t.integer()) is not None:
            if i > INT64_MAX:
                self.t.error(f"integer {i} does not fit in int64 (sizes and offsets are 64-bit)")
            return _p_const(i)
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
            return _v_minmax(name, args)
        if name in RESERVED:
            self.t.error(f"'{name}' is an operator, not a size variable")
        if self.t.punct("("):
            self.t.error(
                f"'{name}(' is not allowed: size expressions have no function calls "
                "except min(...) and max(...)"
            )
        if not NAME_RE.match(name):
            self.t.error(f"invalid size variable name '{name}'")
        return {((check_name(name), 1),): 1}

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
    sym = sympy.expand(_to_value_sympy(ExprGrammar(StringTokens(text)).expr()))
    return sym, print_expr(sym)


def parse_expr(text: str) -> SizeExpr:
    """Parse ``text`` with the restricted grammar (never ``eval``)."""
    if not isinstance(text, str):
        raise TypeError(f"expected a string, got {type(text).__name__}")
    return _parse_text(text)


@functools.lru_cache(maxsize=4096)
def _parse_text(text: str) -> SizeExpr:
    """:func:`parse_expr`, memoized (a SizeExpr is immutable; errors are not cached)."""
    tokens = StringTokens(text)
    value = ExprGrammar(tokens).parse()
    if not tokens.at_end():
        tokens.error("unexpected trailing text in size expression")
    return value


# -------------------------------------------------------------------------- printing



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
    if isinstance(e, _floordiv_class()):
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
    if isinstance(e, (sympy.Symbol, sympy.Integer, sympy.Min, sympy.Max)) and not (isinstance(e, sympy.Integer) and int(e) < 0):
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


def _poly_of(value: object) -> Poly | None:
    """The polynomial form of a SizeExpr or an int operand, None for anything else."""
    if isinstance(value, SizeExpr):
        return value._poly
    if isinstance(value, int) and not isinstance(value, bool):
        return _p_const(value)
    return None


class SizeExpr:
    """An immutable symbolic integer size expression (seed ``ascir.SizeExpr``).

    Ordinary expressions (``+ - *``) live in the canonical polynomial form (``_poly``) and
    never touch sympy; ``sym``, the sympy expression, is built on demand. So is a floordiv
    of two polynomials (``_div``, a :class:`PolyFloorDiv`). Expressions with other
    floordiv/mod/min/max terms that sympy cannot remove are sympy expressions (``_poly``
    and ``_div`` are None)."""

    __slots__ = ("_div", "_hash", "_poly", "_sym", "_text")

    _poly: Poly | None
    _div: PolyFloorDiv | None
    _sym: sympy.Expr | None
    _text: str | None
    _hash: int | None

    def __init__(self, value: SizeExpr | int | str | sympy.Expr = 1):
        if isinstance(value, str):
            value = parse_expr(value)
        if isinstance(value, SizeExpr):
            self._init(value._poly, value._sym, value._text, value._div)
            return
        if isinstance(value, int) and not isinstance(value, bool):
            self._init(_p_const(value), None, None)
            return
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
        self._init(_sympy_to_poly(sym), sym, text)

    def _init(
        self, poly: Poly | None, sym: sympy.Expr | None, text: str | None, div: PolyFloorDiv | None = None
    ) -> None:
        object.__setattr__(self, "_poly", poly)
        object.__setattr__(self, "_div", div)
        object.__setattr__(self, "_sym", sym)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_hash", None)

    @classmethod
    def _of_poly(cls, poly: Poly) -> SizeExpr:
        e = cls.__new__(cls)
        e._init(poly, None, None)
        return e

    @classmethod
    def _of_value(cls, value: Value) -> SizeExpr:
        """A SizeExpr of what :class:`ExprGrammar` built."""
        if isinstance(value, dict):
            return cls._of_poly(value)
        if isinstance(value, PolyFloorDiv):
            e = cls.__new__(cls)
            e._init(None, None, value.text, value)
            return e
        return cls(value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("SizeExpr is immutable")

    @property
    def sym(self) -> sympy.Expr:
        """The sympy expression (built on first use for a polynomial or a PolyFloorDiv)."""
        if self._sym is None:
            div = self._div
            sym = div.to_sympy() if div is not None else _poly_to_sympy(self._poly)  # type: ignore[arg-type]
            object.__setattr__(self, "_sym", sym)
        return self._sym  # type: ignore[return-value]

    # --- arithmetic
    def _poly_op(self, o: object, op, reflected: bool = False) -> SizeExpr | None:
        p = _poly_of(o)
        if self._poly is None or p is None:
            return None
        return SizeExpr._of_poly(op(p, self._poly) if reflected else op(self._poly, p))

    def __add__(self, o: object) -> SizeExpr:
        fast = self._poly_op(o, _p_add)
        return SizeExpr(self.sym + _to_sympy(o)) if fast is None else fast

    def __radd__(self, o: object) -> SizeExpr:
        fast = self._poly_op(o, _p_add, True)
        return SizeExpr(_to_sympy(o) + self.sym) if fast is None else fast

    def __sub__(self, o: object) -> SizeExpr:
        fast = self._poly_op(o, lambda a, b: _p_add(a, b, -1))
        return SizeExpr(self.sym - _to_sympy(o)) if fast is None else fast

    def __rsub__(self, o: object) -> SizeExpr:
        fast = self._poly_op(o, lambda a, b: _p_add(a, b, -1), True)
        return SizeExpr(_to_sympy(o) - self.sym) if fast is None else fast

    def __mul__(self, o: object) -> SizeExpr:
        fast = self._poly_op(o, _p_mul)
        return SizeExpr(self.sym * _to_sympy(o)) if fast is None else fast

    def __rmul__(self, o: object) -> SizeExpr:
        fast = self._poly_op(o, _p_mul, True)
        return SizeExpr(_to_sympy(o) * self.sym) if fast is None else fast

    def __floordiv__(self, o: object) -> SizeExpr:
        return _binary_special(self, o, _v_floordiv, _floordiv)

    def __rfloordiv__(self, o: object) -> SizeExpr:
        return _binary_special(o, self, _v_floordiv, _floordiv)

    def __mod__(self, o: object) -> SizeExpr:
        return _binary_special(self, o, _v_mod, _mod)

    def __rmod__(self, o: object) -> SizeExpr:
        return _binary_special(o, self, _v_mod, _mod)

    def __neg__(self) -> SizeExpr:
        if self._poly is not None:
            return SizeExpr._of_poly(_p_neg(self._poly))
        return SizeExpr(-self.sym)

    def __pos__(self) -> SizeExpr:
        return self

    # --- comparisons (FR13)
    def __eq__(self, o: object) -> bool:
        if isinstance(o, bool) or not isinstance(o, (SizeExpr, int)):
            return NotImplemented
        p = _poly_of(o)
        if self._poly is not None and p is not None:
            return self._poly == p
        div = self._div
        if div is not None:  # an unevaluated FloorDiv equals only the same FloorDiv
            if isinstance(o, SizeExpr) and o._div is not None:
                return div.key == o._div.key
            if p is not None:
                return False
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
        h = self._hash
        if h is None:
            poly = self._poly
            if poly is None:
                h = hash(str(self))  # the canonical text: the same for equal expressions
            elif (c := _p_constant(poly)) is not None:
                h = hash(c)  # equal to the int it equals
            else:
                h = hash(frozenset(poly.items()))
            object.__setattr__(self, "_hash", h)
        return h

    def __bool__(self) -> bool:
        raise TypeError("the truth value of a SizeExpr is ambiguous; compare it with == or !=")

    # --- inspection
    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = print_poly(self._poly)  # type: ignore[arg-type]
            object.__setattr__(self, "_text", text)
        return text

    def __repr__(self) -> str:
        return f"SizeExpr({str(self)!r})"

    @property
    def expression(self) -> str:
        """Canonical text, as the seed's ``SizeExpr.expression``."""
        return str(self)

    @property
    def free_names(self) -> list[str]:
        """Names of the size variables used, sorted."""
        if self._poly is not None:
            return sorted({n for m in self._poly for n, _ in m})
        if (div := self._div) is not None:
            return sorted({n for p in (div.a, div.b) for m in p for n, _ in m})
        return sorted(s.name for s in self.sym.free_symbols)

    @property
    def is_constant(self) -> bool:
        return self._poly is not None and _p_constant(self._poly) is not None

    def provably_at_least(self, minimum: int) -> bool:
        """True when the expression is >= ``minimum`` (0 or 1) for every size >= 1, as
        sympy's assumptions prove it; a polynomial with only positive coefficients is >= 1
        without asking sympy."""
        assert minimum in (0, 1)
        poly = self._poly
        if poly is not None and poly and all(c > 0 for c in poly.values()):
            return True
        return bool(self.sym.is_positive if minimum == 1 else self.sym.is_nonnegative)

    @property
    def is_symbol(self) -> bool:
        """A single size variable (``s0``)."""
        poly = self._poly
        if poly is None or len(poly) != 1:
            return False
        ((m, c),) = poly.items()
        return c == 1 and len(m) == 1 and m[0][1] == 1

    def as_int(self) -> int:
        if not self.is_constant:
            raise ExprError(f"size expression '{self}' is not a constant")
        return _p_constant(self._poly)  # type: ignore[arg-type,return-value]

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
        if self.is_constant:
            try:
                return _CheckedInt64(values).const(self.as_int())
            except _TrapError as trap:
                raise ExprArithmeticError(str(self), trap.kind, values) from None
        try:
            return fold_size(self, _CheckedInt64(values), {})
        except _TrapError as trap:
            raise ExprArithmeticError(str(self), trap.kind, values) from None

    def subs(self, mapping: Mapping[str, SizeExpr | int]) -> SizeExpr:
        return SizeExpr(self.sym.xreplace({symbol(k): _to_sympy(v) for k, v in mapping.items()}))


def _binary_special(a: object, b: object, poly_op, sym_op) -> SizeExpr:
    """floordiv / mod: folded without sympy when the operands allow it (constants, a
    divisor of 1), else the sympy function."""
    pa, pb = _poly_of(a), _poly_of(b)
    if pa is not None and pb is not None:
        return SizeExpr._of_value(poly_op(pa, pb))
    return SizeExpr(sym_op(_to_sympy(a), _to_sympy(b)))


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


def fold_size(e: SizeExpr, ops: ExprOps, memo: dict):
    """:func:`fold_expr` of ``e.sym``: a polynomial folds without building the sympy
    expression (:func:`fold_poly`, the same operations in the same order)."""
    if e._poly is not None:
        return fold_poly(e._poly, ops, memo)
    if (div := e._div) is not None:
        return _fold_poly_floordiv(div.a, div.b, ops, memo)
    return fold_expr(e.sym, ops, memo)


def _poly_key(poly: Poly) -> frozenset:
    return frozenset(poly.items())


def fold_poly(poly: Poly, ops: ExprOps, memo: dict):
    """:func:`fold_expr` of ``_poly_to_sympy(poly)`` without sympy: the terms fold left in
    ``sympy.default_sort_key`` order (:func:`_term_key`), a term ``c * x * y`` is
    ``((c * x) * y)`` (the integer first, the factors by name), ``x**k`` is ``k - 1``
    multiplications. Every polynomial (sub)expression has the memo key of its polynomial
    form, in both folds, so a subexpression shared between a polynomial and a
    floordiv/mod/min/max expression is evaluated once."""
    key = _poly_key(poly)
    if key in memo:
        return memo[key]
    if not poly:
        v = ops.const(0)
    elif len(poly) > 1:
        terms = sorted(poly.items(), key=_term_key)
        v = fold_poly(dict([terms[0]]), ops, memo)
        for t in terms[1:]:
            v = ops.add(v, fold_poly(dict([t]), ops, memo))
    else:
        ((m, c),) = poly.items()
        if not m:
            v = ops.const(c)
        elif c != 1:
            v = fold_poly({(): c}, ops, memo)
            for f in m:
                v = ops.mul(v, fold_poly({(f,): 1}, ops, memo))
        elif len(m) > 1:
            v = fold_poly({(m[0],): 1}, ops, memo)
            for f in m[1:]:
                v = ops.mul(v, fold_poly({(f,): 1}, ops, memo))
        else:
            ((name, power),) = m
            base = v = fold_poly({((name, 1),): 1}, ops, memo) if power > 1 else ops.symbol(name)
            for _ in range(power - 1):
                v = ops.mul(v, base)
    memo[key] = v
    return v


def fold_expr(e: sympy.Expr, ops: ExprOps, memo: dict):
    """Evaluate ``e`` bottom up with ``ops``: THE evaluation order of size expressions.

    Host tiling, kernels (``lowering.exprs.ExprLowering``) and :meth:`SizeExpr.evaluate`
    all go through here, so every intermediate value the kernel computes is one that host
    tiling computed -- and checked -- first, and the reference refuses exactly what host
    tiling refuses. Terms, factors and min/max arguments fold left in
    ``sympy.default_sort_key`` order; ``x**k`` is ``k - 1`` multiplications; ``a mod m`` is
    ``a - (a floordiv m) * m``. ``memo`` maps subexpressions already evaluated (each is
    evaluated once)."""
    poly = _sympy_to_poly(e)
    if poly is not None:
        return fold_poly(poly, ops, memo)
    if isinstance(e, _floordiv_class()):
        pa, pb = _sympy_to_poly(e.args[0]), _sympy_to_poly(e.args[1])
        if pa is not None and pb is not None:
            return _fold_poly_floordiv(pa, pb, ops, memo)
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
    elif isinstance(e, _floordiv_class()):
        v = ops.floordiv(fold_expr(e.args[0], ops, memo), fold_expr(e.args[1], ops, memo))
    elif isinstance(e, sympy.Mod):
        a, m = fold_expr(e.args[0], ops, memo), fold_expr(e.args[1], ops, memo)
        v = ops.sub(a, ops.mul(ops.floordiv(a, m), m))
    else:
        raise ExprError(f"cannot evaluate size expression term {e}")
    memo[e] = v
    return v


def _fold_poly_floordiv(a: Poly, b: Poly, ops: ExprOps, memo: dict):
    """``a floordiv b`` folded, keyed as :class:`PolyFloorDiv` keys it in both folds."""
    key = ("floordiv", _poly_key(a), _poly_key(b))
    if key not in memo:
        memo[key] = ops.floordiv(fold_poly(a, ops, memo), fold_poly(b, ops, memo))
    return memo[key]


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


def _minmax(name: str, args: tuple[SizeExpr | int, ...]) -> SizeExpr:
    polys = [_poly_of(x) for x in args]
    if all(p is not None and _p_constant(p) is not None for p in polys):
        return SizeExpr._of_value(_v_minmax(name, polys))
    fn = sympy.Min if name == "min" else sympy.Max
    return SizeExpr(fn(*(_to_sympy(x) for x in args)))


def Min(a: SizeExpr | int, b: SizeExpr | int, *rest: SizeExpr | int) -> SizeExpr:
    return _minmax("min", (a, b, *rest))


def Max(a: SizeExpr | int, b: SizeExpr | int, *rest: SizeExpr | int) -> SizeExpr:
    return _minmax("max", (a, b, *rest))


def Mod(a: SizeExpr | int, b: SizeExpr | int) -> SizeExpr:
    return _binary_special(a, b, _v_mod, _mod)


def expr(value: SizeExpr | int | str) -> SizeExpr:
    """Coerce an int, a string (restricted grammar) or a SizeExpr."""
    return value if isinstance(value, SizeExpr) else SizeExpr(value)
