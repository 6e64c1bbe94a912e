"""The polynomial fast path of size expressions (issue 17): same canonical text, equality
and hashing as the sympy form, without importing sympy for ordinary expressions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from ascir_dialect import symbolic
from ascir_dialect.symbolic import Max, Min, Mod, SizeExpr, print_expr, print_poly

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["s0", "s1", "s2", "s10", "A", "_t", "z0z1", "b"]

monomials = st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 3)), max_size=3).map(
    lambda fs: tuple(sorted({n: k for n, k in fs}.items()))
)
polys = st.dictionaries(monomials, st.integers(-40, 40).filter(bool), max_size=5)


@settings(max_examples=150, deadline=None)
@given(polys)
def test_print_poly_is_print_expr_of_the_sympy_form(poly):
    sym = sympy.expand(symbolic._poly_to_sympy(poly))
    assert print_poly(poly) == print_expr(sym)
    assert symbolic._sympy_to_poly(sym) == poly


@settings(max_examples=60, deadline=None)
@given(polys, polys)
def test_arithmetic_equality_and_hash_agree_with_sympy(a, b):
    ea, eb = SizeExpr._of_poly(a), SizeExpr._of_poly(b)
    for got, ref in (
        (ea + eb, ea.sym + eb.sym),
        (ea - eb, ea.sym - eb.sym),
        (ea * eb, ea.sym * eb.sym),
        (-ea, -ea.sym),
    ):
        slow = SizeExpr(ref)  # through sympy, the fixed point of print -> parse
        assert str(got) == str(slow)
        assert got == slow and hash(got) == hash(slow)
        assert SizeExpr(str(got)) == got
    assert (ea == eb) == (sympy.expand(ea.sym - eb.sym) == 0)


def test_text_round_trips_and_special_terms():
    for text in ["s0 * s1 - 1", "-s0", "2 * (s0 * s0) * s1 + s1 - 3", "(s0 + 1) * (s0 - 1)", "0", "-7"]:
        e = SizeExpr(text)
        assert SizeExpr(str(e)) == e and str(SizeExpr(str(e))) == str(e)
        assert e == SizeExpr(e.sym) and str(e) == str(SizeExpr(e.sym))
    assert str(SizeExpr("s0 floordiv 1")) == "s0"
    assert SizeExpr("7 floordiv 2") == 3 and SizeExpr("-7 mod 3") == 2
    assert SizeExpr("min(3, 5)") == 3 and Max(2, 9) == 9 and Min(4, 1) == 1 and Mod(7, 4) == 3
    e = SizeExpr("s0 floordiv 4 + min(s0, s1)")
    assert e._poly is None and str(e) == str(SizeExpr(str(e)))
    assert SizeExpr("s0 * 4 mod 2") == 0  # sympy simplifies, the result is a polynomial again
    assert SizeExpr("s0 * 4 mod 2")._poly == {}
    assert hash(SizeExpr(5)) == hash(5) and SizeExpr(5) == 5


def test_ordinary_expressions_do_not_import_sympy():
    probe = (
        "import sys\n"
        "from ascir_dialect.symbolic import SizeExpr\n"
        "e = SizeExpr('s0 * s1 + 2 * s1 - 1') * 3 - SizeExpr('s1')\n"
        "assert e == SizeExpr(str(e)) and str(e) and e.free_names == ['s0', 's1'] and hash(e)\n"
        "assert SizeExpr('8 floordiv 2 + max(1, 3) + 7 mod 4') == 10\n"
        "print('sympy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


class _Trace:
    """ExprOps that records every operation (the order is the emitted code's order)."""

    def __init__(self):
        self.log: list[tuple] = []

    def _op(self, *entry):
        self.log.append(entry)
        return len(self.log) - 1

    def const(self, v):
        return self._op("const", v)

    def symbol(self, n):
        return self._op("symbol", n)

    def add(self, a, b):
        return self._op("add", a, b)

    def sub(self, a, b):
        return self._op("sub", a, b)

    def mul(self, a, b):
        return self._op("mul", a, b)

    def floordiv(self, a, b):
        return self._op("floordiv", a, b)

    def min(self, a, b):
        return self._op("min", a, b)

    def max(self, a, b):
        return self._op("max", a, b)


def _sympy_fold(e, ops, memo):
    """The evaluation order of a polynomial as a walk of its sympy tree (args in
    ``sympy.default_sort_key`` order, ``x**k`` as k - 1 multiplications): what kernels
    emitted before polynomials folded without sympy."""
    if e in memo:
        return memo[e]
    if isinstance(e, sympy.Integer):
        v = ops.const(int(e))
    elif isinstance(e, sympy.Symbol):
        v = ops.symbol(e.name)
    elif isinstance(e, sympy.Pow):
        base = v = _sympy_fold(e.args[0], ops, memo)
        for _ in range(int(e.args[1]) - 1):
            v = ops.mul(v, base)
    else:
        combine = ops.add if isinstance(e, sympy.Add) else ops.mul
        args = sorted(e.args, key=sympy.default_sort_key)
        v = _sympy_fold(args[0], ops, memo)
        for a in args[1:]:
            v = combine(v, _sympy_fold(a, ops, memo))
    memo[e] = v
    return v


@settings(max_examples=150, deadline=None)
@given(st.lists(polys, min_size=1, max_size=4))
def test_fold_poly_emits_what_the_sympy_walk_emits(exprs):
    """Several expressions through one memo (as one kernel lowers them): the same
    operations in the same order, shared subexpressions evaluated once."""
    fast, slow = _Trace(), _Trace()
    fast_memo: dict = {}
    slow_memo: dict = {}
    for p in exprs:
        symbolic.fold_poly(p, fast, fast_memo)
        _sympy_fold(sympy.expand(symbolic._poly_to_sympy(p)), slow, slow_memo)
    assert fast.log == slow.log


def test_fold_shares_polynomial_subterms_with_floordiv_expressions():
    ops, memo = _Trace(), {}
    symbolic.fold_size(SizeExpr("s0 * s1 + 2"), ops, memo)
    n = len(ops.log)
    symbolic.fold_size(SizeExpr("(s0 * s1 + 2) floordiv 4"), ops, memo)
    assert ops.log[n:] == [("const", 4), ("floordiv", n - 1, n)]
    assert SizeExpr("(s0 * s1 + 2) floordiv 4").evaluate({"s0": 3, "s1": 5}) == 4


def test_polynomial_lowering_does_not_import_sympy():
    code = (
        "import sys; from ascir_dialect.symbolic import SizeExpr, fold_size;"
        "e = SizeExpr('2 * (s0 * s0) * s1 - s1 + 3');"
        "assert e.evaluate({'s0': 2, 's1': 5}) == 38;"
        "assert SizeExpr('s0 * s1 + 1').provably_at_least(1);"
        "print('sympy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


@settings(max_examples=150, deadline=None)
@given(polys, polys)
def test_floordiv_of_polynomials_agrees_with_the_sympy_function(a, b):
    """``a floordiv b`` without sympy (PolyFloorDiv): the text, equality, hash, free names
    and evaluation order of the unevaluated sympy ``FloorDiv`` it stands for."""
    if not b:
        return
    fast = SizeExpr._of_value(symbolic._v_floordiv(a, b))
    slow = SizeExpr(symbolic._floordiv(symbolic._poly_to_sympy(a), symbolic._poly_to_sympy(b)))
    assert str(fast) == str(slow)
    assert fast == slow and slow == fast and hash(fast) == hash(slow)
    assert fast.free_names == slow.free_names
    again = SizeExpr(str(fast))  # the text is a fixed point of print -> parse
    assert again == fast and str(again) == str(fast) and hash(again) == hash(fast)
    fast_ops, slow_ops = _Trace(), _Trace()
    symbolic.fold_size(fast, fast_ops, {})
    symbolic.fold_expr(slow.sym, slow_ops, {})
    assert fast_ops.log == slow_ops.log
    if fast._div is not None:
        assert fast != SizeExpr._of_poly(a) and fast != 3
        assert (fast + 1) - 1 == fast and str((fast + 1) - 1) == str(fast)


def test_floordiv_index_expressions_do_not_import_sympy():
    code = (
        "import sys; from ascir_dialect.symbolic import SizeExpr, fold_size;"
        "e = SizeExpr('(s0 + 7) floordiv 8'); f = SizeExpr('s0 * s1 floordiv (2 * s1)');"
        "assert e.evaluate({'s0': 9}) == 2 and f.evaluate({'s0': 5, 's1': 3}) == 2;"
        "assert e == SizeExpr(str(e)) and e != f and e != 2 and hash(e) and f.free_names == ['s0', 's1'];"
        "assert str(SizeExpr('-s0 floordiv 2')) == '(-s0) floordiv 2';"
        "print('sympy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"
