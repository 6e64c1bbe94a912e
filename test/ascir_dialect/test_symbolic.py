"""SizeExpr: restricted grammar, canonical printing, FR13 comparison semantics."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascir_dialect.symbolic import ExprError, Max, Min, Mod, SizeExpr, parse_expr

s0, s1, s2 = SizeExpr("s0"), SizeExpr("s1"), SizeExpr("s2")


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (s0 * s1 + 2, "s0 * s1 + 2"),
        (1 - s0, "1 - s0"),
        ((s0 + 1) // 2, "(s0 + 1) floordiv 2"),
        (s0 % 4 * 3, "3 * (s0 mod 4)"),
        (Min(s0, s1) + Max(s0, 4), "max(4, s0) + min(s0, s1)"),
        (-s0, "-s0"),
        (s0 * s0, "s0 * s0"),
        (s1 * s0 * 2 - 3 * s0, "2 * s0 * s1 - 3 * s0"),
        (SizeExpr(0), "0"),
        (SizeExpr(7) // 2, "3"),
        (Mod(s0, 1), "0"),
    ],
)
def test_canonical_text(value: SizeExpr, text: str) -> None:
    assert str(value) == text
    assert str(parse_expr(text)) == text
    assert parse_expr(text) == value


def test_fr13_equality_returns_bool_and_ordering_raises() -> None:
    assert (s0 * s1 == s1 * s0) is True
    assert (s0 != s1) is True
    assert (s0 + 0 != s0) is False
    assert (s0 == 3) is False and (SizeExpr(3) == 3) is True
    for op in ("<", "<=", ">", ">="):
        with pytest.raises(TypeError, match="ordering comparisons"):
            eval(f"a {op} b", {"a": s0, "b": s1})
    with pytest.raises(TypeError, match="truth value"):
        bool(s0)
    assert hash(s0 * 2) == hash(2 * s0)


def test_seed_constructor_forms() -> None:
    assert str(SizeExpr(1)) == "1"
    assert str(SizeExpr()) == "1"
    assert SizeExpr(s0) == s0
    with pytest.raises(TypeError):
        SizeExpr(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        s0 + 0.5  # type: ignore[operator]


def test_evaluate() -> None:
    e = (s0 * s1 + s2 - 1) // 4 + Min(s0, 3) % 2
    assert e.evaluate({"s0": 5, "s1": 7, "s2": 2}) == (5 * 7 + 2 - 1) // 4 + min(5, 3) % 2
    with pytest.raises(ExprError, match="missing size binding for s2"):
        e.evaluate({"s0": 1, "s1": 1})


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os').system('true')",
        "s0.__class__",
        "eval('1')",
        "lambda: 0",
        "s0 // 2",
        "s0 % 2",
        "s0 ** 2",
        "s0; s1",
        "Integer(3)",
        "mod",
        "min(s0)",
        "s0 floordiv 0",
        "(s0",
        "",
    ],
)
def test_restricted_grammar_rejects(text: str) -> None:
    with pytest.raises(ExprError):
        parse_expr(text)


# ------------------------------------------------------------- property tests

NAMES = ["s0", "s1", "s2"]


@st.composite
def expr_tree(draw: st.DrawFn, depth: int = 3) -> tuple[str, object]:
    """(text, python evaluator) pairs over the grammar."""
    if depth == 0 or draw(st.booleans()):
        if draw(st.booleans()):
            n = draw(st.integers(0, 20))
            return str(n), lambda env, n=n: n
        name = draw(st.sampled_from(NAMES))
        return name, lambda env, name=name: env[name]
    kind = draw(st.sampled_from(["+", "-", "*", "floordiv", "mod", "min", "max", "neg"]))
    (ta, fa) = draw(expr_tree(depth - 1))
    if kind == "neg":
        return f"-({ta})", lambda env: -fa(env)
    (tb, fb) = draw(expr_tree(depth - 1))
    if kind in ("min", "max"):
        fn = min if kind == "min" else max
        return f"{kind}({ta}, {tb})", lambda env: fn(fa(env), fb(env))
    if kind in ("floordiv", "mod"):
        d = draw(st.integers(1, 9))
        op = (lambda a, b: a // b) if kind == "floordiv" else (lambda a, b: a % b)
        return f"({ta}) {kind} {d}", lambda env: op(fa(env), d)
    op = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}[kind]
    return f"({ta}) {kind} ({tb})", lambda env: op(fa(env), fb(env))


@settings(max_examples=500, deadline=None)
@given(expr_tree(), st.fixed_dictionaries({n: st.integers(1, 50) for n in NAMES}))
def test_print_parse_roundtrip_and_value(tree: tuple[str, object], env: dict[str, int]) -> None:
    text, fn = tree
    e = parse_expr(text)
    canonical = str(e)
    again = parse_expr(canonical)
    assert str(again) == canonical, "canonical printing must be a fixed point"
    assert again == e
    expected = fn(env)  # type: ignore[operator]
    assert e.evaluate(env) == expected
    assert again.evaluate(env) == expected
