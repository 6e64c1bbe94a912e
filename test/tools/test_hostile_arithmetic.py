"""Hostile size arithmetic (issue 14): expressions that divide by zero or leave int64 at run
time, in every place a graph uses sizes, and gather indices beyond 32 bits.

Each must end in a diagnostic that names the expression -- from the reference
interpreter, from ``compile_graph``'s call, from host tiling (``AutofuseTiling`` returns
a code whose message the runtime reports) and from ``ascir-run`` (exit 1, one line) -- with
the same text everywhere, never a SIGFPE, an ``OverflowError`` or a wrapped offset.

Bounded profiles run here; ``ASCIR_FUZZ_HOSTILE_EXAMPLES=40`` (compiled kernels) and
``ASCIR_FUZZ_EXPR_EXAMPLES=5000`` (``SizeExpr.evaluate`` alone) run long ones,
``ASCIR_FUZZ_RANDOM=1`` draws fresh seeds.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from xdsl.dialects import arith

from ascendc_emitter.builder import KernelModuleBuilder
from ascendc_emitter.printer import EmitError, emit_files
from ascir_dialect.diagnostics import AscirError
from ascir_dialect.interpreter import InterpretError, reference
from ascir_dialect.symbolic import INT64_MAX, INT64_MIN, ExprArithmeticError, ExprError, SizeExpr
from lowering.exprs import ExprLowering
from runtime import SimulatorError, SizeCheckError, TilingError
from runtime.kernel import format_tiling_message
from tools.ascir_run import main as ascir_run
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from ..lowering.test_indirect_load import gather_ir

HOSTILE_EXAMPLES = int(os.environ.get("ASCIR_FUZZ_HOSTILE_EXAMPLES", "3"))
EXPR_EXAMPLES = int(os.environ.get("ASCIR_FUZZ_EXPR_EXAMPLES", "300"))
DERANDOMIZE = "ASCIR_FUZZ_RANDOM" not in os.environ

# One expression per graph that traps two ways: with s0 = s1 it divides by zero, with
# s2 = 65536 it overflows int64 (65536 ** 4 = 2 ** 64).
HOSTILE = "s0 mod (s1 - s0) + s2 * s2 * s2 * s2"
TRAP = {"s0": 4, "s1": 4, "s2": 2}
OVERFLOW = {"s0": 4, "s1": 5, "s2": 65536}
GOOD = {"s0": 4, "s1": 5, "s2": 2}  # HOSTILE = 0 + 16
CANONICAL = str(SizeExpr(HOSTILE))


# ------------------------------------------------------------------ SizeExpr.evaluate


def test_evaluate_division_and_modulo_by_zero_name_the_expression() -> None:
    for text, op in (("s0 mod (s1 - s0)", "mod"), ("s0 floordiv (s1 - s0)", "floordiv")):
        with pytest.raises(ExprArithmeticError) as e:
            SizeExpr(text).evaluate({"s0": 4, "s1": 4})
        assert str(e.value) == f"size expression 's0 {op} (s1 - s0)' divides by zero with s0=4, s1=4"
        assert e.value.kind == "zero" and isinstance(e.value, ExprError) and isinstance(e.value, AscirError)
    assert SizeExpr("s0 mod (s1 - s0)").evaluate({"s0": 4, "s1": 7}) == 1
    assert SizeExpr("(0 - s0) floordiv (s1 - s0)").evaluate({"s0": 4, "s1": 7}) == -2  # floors


def test_evaluate_refuses_values_outside_int64() -> None:
    with pytest.raises(ExprArithmeticError, match=r"'s1 \* s1 \* s1 \* s1' overflows int64 with s1=65536"):
        SizeExpr("s1 * s1 * s1 * s1").evaluate({"s1": 65536})
    assert SizeExpr("s1 * s1 * s1").evaluate({"s1": 65536}) == 2**48
    # an intermediate step out of range is refused even when the result would fit: host
    # tiling and kernels compute in int64 and would wrap there (2**63 - 2**62 = 2**62)
    with pytest.raises(ExprArithmeticError, match="overflows int64"):
        SizeExpr("s0 * s0 - s1").evaluate({"s0": 2**32, "s1": 2**62})
    assert SizeExpr("s0 - 1").evaluate({"s0": INT64_MAX}) == INT64_MAX - 1
    with pytest.raises(ExprArithmeticError, match="overflows int64"):
        SizeExpr("s0 + 1").evaluate({"s0": INT64_MAX})
    # INT64_MIN floordiv -1 is 2**63: an overflow, not a trap
    assert SizeExpr("(0 - s0 - s0) floordiv 2").evaluate({"s0": 2**62}) == -(2**62)
    with pytest.raises(ExprArithmeticError, match="overflows int64"):
        SizeExpr("(0 - s0 - s0) floordiv (s1 - 2)").evaluate({"s0": 2**62, "s1": 1})
    with pytest.raises(ExprArithmeticError, match="overflows int64"):  # a binding beyond int64
        SizeExpr("s0 + 0 * s1").evaluate({"s0": 2**63, "s1": 1})
    with pytest.raises(ExprError, match="missing size binding for s1"):
        SizeExpr("s0 + s1").evaluate({"s0": 1})


# An independent evaluator: the expression as Python text with big ints (never int64).
LEAVES = st.sampled_from(
    ["s0", "s1", "s2", "0", "1", "2", "3", "7", "65536", "4294967296", "4611686018427387904"]
)


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(st.sampled_from(["+", "-", "*", "floordiv", "mod"]), children, children).map(
        lambda t: f"({t[1]}) {t[0]} ({t[2]})"
    )
    minmax = st.tuples(st.sampled_from(["min", "max"]), children, children).map(
        lambda t: f"{t[0]}({t[1]}, {t[2]})"
    )
    return binary | minmax


EXPRESSIONS = st.recursive(LEAVES, _combine, max_leaves=6)
SIZES = st.sampled_from([1, 2, 3, 4, 5, 7, 2**16, 2**31, 2**32, 2**62, INT64_MAX])
BINDINGS = st.fixed_dictionaries({"s0": SIZES, "s1": SIZES, "s2": SIZES})


def _exact(text: str, b: dict[str, int]) -> int:
    """Python's big-int value of the IR expression text (ZeroDivisionError on a zero divisor)."""
    py = text.replace("floordiv", "//").replace("mod", "%")
    return int(eval(py, {"min": min, "max": max, "__builtins__": {}}, dict(b)))  # test-only, generated text


@settings(max_examples=EXPR_EXAMPLES, deadline=None, derandomize=DERANDOMIZE)
@given(EXPRESSIONS, BINDINGS)
def test_evaluate_is_exact_or_refuses(text: str, b: dict[str, int]) -> None:
    """evaluate gives the exact value, or refuses -- and a value outside int64 is always refused."""
    try:
        e = SizeExpr(text)
    except ExprError:
        assume(False)  # a constant division by zero is refused when parsed
    try:
        exact: int | None = _exact(text, b)
    except ZeroDivisionError:
        exact = None
    try:
        value = e.evaluate(b)
    except ExprArithmeticError as err:
        assert str(e) in str(err)
        assert exact is None or not INT64_MIN <= exact <= INT64_MAX or err.kind == "overflow"
        return
    assert INT64_MIN <= value <= INT64_MAX
    if exact is not None:  # sympy may simplify a zero divisor away, e.g. (s0 - s0) * (1 mod 0)
        assert value == exact


def test_tiling_message_placeholders() -> None:
    assert format_tiling_message("x {0} {1} {{2}} {9}", [4, 5]) == "x 4 5 {2} {9}"


# ------------------------------------------------------------------ host tiling IR


def test_host_arithmetic_is_checked_and_unchecked_divisions_are_refused() -> None:
    kb = KernelModuleBuilder("k", ["x"], ["n"], [])
    with kb.host() as (h, (n,), _cores, _ub):
        sym = ExprLowering(h, lambda _s: n)
        with h.checking(lambda kind: f"the thing {kind}"):
            h.floordiv(h.const(7), n)
        sym(SizeExpr("n mod (n - 3)"), what="the test offset")
        h.set_tiling("n", n)
        h.set_output("block_dim", 1)
        h.set_output("workspace_size", 0)
    with kb.kernel() as (k, _addrs, tiling):
        k.tiling_get(tiling, "n")
    host = emit_files(kb.finish()).host_impl_cpp
    assert "af::CheckedFloorDiv(int64_t(7), n, &" in host
    assert "return 100;  // the thing zero" in host and "return 101;  // the thing overflow" in host
    assert "size expression 'n mod (n - 3)' of the test offset divides by zero with n={0}" in host
    assert 'case 100: return "the thing zero";' in host
    # a plain arith division by a run-time value in host tiling is refused by the printer
    module = kb.module
    host_op = next(op for op in module.ops if op.name == "ascendc.host_tiling")
    block = host_op.regions[0].blocks[0]
    block.add_op(arith.FloorDivSIOp(block.args[0], block.args[0]))
    with pytest.raises(EmitError, match=r"arith\.floordivsi by a run-time value may trap"):
        emit_files(module)


# ------------------------------------------------------- every place sizes are used


def _graph(place: str, e: str) -> str:
    """A graph using ``e`` in one place (sizes s0, s1, s2; the data is [s0] float32 or int64)."""
    v = tensor("float32", ["z0"], ["s0"])
    i = tensor("int64", ["z0"], ["s0"])
    head = "ascir.graph @hostile_{place} hint sizes [s0, s1, s2] axes [0: z0 = s0{extra}] {{\n  "
    body: list[str]
    if place == "load_offset":
        body = [
            f"%x = ascir.data {{index = 0 : i64}} : {v}",
            f"%l = ascir.load %x {{offset = #ascir.expr<{e}>}} : {v}",
            f"%st = ascir.store %l : {v}",
            f"%y = ascir.output %st {{index = 0 : i64}} : {v}",
        ]
    elif place == "store_offset":
        body = [
            f"%x = ascir.data {{index = 0 : i64}} : {v}",
            f"%l = ascir.load %x : {v}",
            f"%st = ascir.store %l {{offset = #ascir.expr<{e}>}} : {v}",
            f"%y = ascir.output %st {{index = 0 : i64}} : {v}",
        ]
    elif place == "load_stride":
        strided = tensor("float32", ["z0"], ["s0"], [e])
        body = [
            f"%x = ascir.data {{index = 0 : i64}} : {strided}",
            f"%l = ascir.load %x : {strided}",
            f"%st = ascir.store %l : {v}",
            f"%y = ascir.output %st {{index = 0 : i64}} : {v}",
        ]
    elif place in ("arange_base", "arange_step"):
        base, step = (e, "1") if place == "arange_base" else ("0", e)
        body = [
            f"%a = ascir.arange {{base = #ascir.expr<{base}>, step = #ascir.expr<{step}>}} : {i}",
            f"%st = ascir.store %a : {i}",
            f"%y = ascir.output %st {{index = 0 : i64}} : {i}",
        ]
    elif place == "index_expr":
        body = [
            f"%x = ascir.data {{index = 0 : i64}} : {i}",
            f"%ie = ascir.index_expr {{expr = #ascir.expr<{e}>}} : !ascir.scalar<int64>",
            f"%l = ascir.load %x : {i}",
            f"%add = ascir.add %l, %ie : {i}",
            f"%st = ascir.store %add : {i}",
            f"%y = ascir.output %st {{index = 0 : i64}} : {i}",
        ]
    elif place == "broadcast_size":  # a repeat (and axis size) that is the expression
        row = tensor("float32", ["z0", "z1"], ["s0", 1], [1, 0])
        wide = tensor("float32", ["z0", "z1"], ["s0", e])
        body = [
            f"%x = ascir.data {{index = 0 : i64}} : {row}",
            f"%l = ascir.load %x : {row}",
            f"%b = ascir.broadcast %l : {wide}",
            f"%st = ascir.store %b : {wide}",
            f"%y = ascir.output %st {{index = 0 : i64}} : {wide}",
        ]
        return head.format(place=place, extra=f", 1: z1 = {e}") + "\n  ".join(body) + "\n}\n"
    else:
        raise AssertionError(place)
    return head.format(place=place, extra="") + "\n  ".join(body) + "\n}\n"


PLACES = {
    # place: the use the message names
    "load_offset": "the load offset of %l",
    "store_offset": "the store offset of %st",
    "load_stride": "stride 0 of %x",
    "arange_base": "the Arange base of %a",
    "arange_step": "the Arange step of %a",
    "index_expr": "the value of IndexExpr %ie",
    "broadcast_size": "the size of axis z1",
}


def _inputs(module, sizes: dict[str, int]) -> list[np.ndarray]:
    """Zero inputs for ``sizes``: an array of the view's shape, or its flat GM buffer."""
    from ascir_dialect.interpreter import RefRuntime, graph_inputs, resolve_graph
    from ascir_dialect.ops.memory import is_row_major

    _m, g = resolve_graph(module)
    rt = RefRuntime(g, sizes, [])
    shapes = [rt.shape(n.out_type) if is_row_major(n.out_type) else (rt.extent(n),) for n in graph_inputs(g)]
    return [np.zeros(shape, n.out_type.dtype.numpy) for shape, n in zip(shapes, graph_inputs(g), strict=True)]


def _kernel_args(module) -> list[np.ndarray]:
    """Tiny GM buffers for a direct ``CompiledKernel.run``: host tiling fails before any access."""
    from ascir_dialect.interpreter import graph_inputs, resolve_graph
    from ascir_dialect.ops.memory import OutputOp

    _m, g = resolve_graph(module)
    nodes = [*graph_inputs(g), *(n for n in g.nodes() if isinstance(n, OutputOp))]
    return [np.zeros(64, n.out_type.dtype.numpy) for n in nodes]


@pytest.mark.parametrize("place", list(PLACES))
def test_hostile_expression_in_every_place(place: str, tmp_path: Path, capsys) -> None:
    ir = _graph(place, HOSTILE)
    module = parse_ir(ir)
    k = compile_graph(module, name=f"hostile_{place}")  # compiles: the sizes are not known yet
    what = PLACES[place]
    for sizes, kind in ((TRAP, "divides by zero"), (OVERFLOW, "overflows int64")):
        used = "s0=4, s1=4, s2=2" if sizes is TRAP else "s0=4, s1=5, s2=65536"
        # the reference interpreter
        with pytest.raises(InterpretError) as ref_err:
            reference(module, *_inputs(module, GOOD), sizes=sizes)
        message = str(ref_err.value).removeprefix(f"graph @hostile_{place}: ")
        assert message.startswith(f"size expression '{CANONICAL}' of {what} {kind} with {used}"), message
        # compile_graph's call: the same message, the process survives
        with pytest.raises(AscirError) as call_err:
            k(*_inputs(module, GOOD), sizes=sizes)
        assert message in str(call_err.value)
        # host tiling itself (no Python check in front): AutofuseTiling returns the code of
        # the check, whose message the runtime reports -- the same text
        with pytest.raises(SizeCheckError) as tiling_err:
            k.kernel.run(_kernel_args(module), [sizes[s] for s in ("s0", "s1", "s2")])
        assert str(tiling_err.value).endswith(f": {message}"), (str(tiling_err.value), message)
        assert isinstance(tiling_err.value, TilingError) and tiling_err.value.code >= 100
        # ascir-run: exit 1, one line, no traceback
        path = tmp_path / f"{place}.mlir"
        path.write_text(f"builtin.module {{\n{ir}}}\n")
        size_arg = ",".join(f"{n}={v}" for n, v in sizes.items())
        assert ascir_run([str(path), "--sizes", size_arg]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("ascir-run: error: ") and message in err, err
        assert "Traceback" not in err and "internal error" not in err
    if place in ("load_offset", "store_offset"):
        return  # offset 16 is outside these 4-element buffers
    # and with sizes that are fine the kernel still matches the reference
    inputs = _inputs(module, GOOD)
    (out,) = k(*inputs, sizes=GOOD)
    (ref,) = reference(module, *inputs, sizes=GOOD)
    np.testing.assert_array_equal(out, ref)


@pytest.mark.parametrize(
    "place, expr, sizes, message",
    [
        # an axis size below 1 (an empty tensor): refused, not a division by zero in tiling
        ("broadcast_size", "s1 - s0 - 1", {"s0": 4, "s1": 4, "s2": 1}, "is below 1"),
        # the GM extent: every offset the kernel computes from the view lies below it
        ("load_stride", "s2 * s2 * s2", {"s0": 2**20, "s1": 1, "s2": 2**15}, "the GM extent of %x"),
        # an Arange's values: base + step * sum((repeat - 1) * stride)
        ("arange_step", "s2 * s2 * s2", {"s0": 2**20, "s1": 1, "s2": 2**15}, "the values of Arange %a"),
    ],
)
def test_extents_and_empty_axes(place: str, expr: str, sizes: dict[str, int], message: str) -> None:
    module = parse_ir(_graph(place, expr))
    with pytest.raises(InterpretError, match=message) as ref_err:
        reference(module, *_inputs(module, {"s0": 1, "s1": 1, "s2": 1}), sizes=sizes)
    k = compile_graph(module, name=f"extent_{place}")
    with pytest.raises(SizeCheckError) as tiling_err:
        k.kernel.run(_kernel_args(module), [sizes[s] for s in ("s0", "s1", "s2")])
    assert str(tiling_err.value).endswith(str(ref_err.value).removeprefix(f"graph @hostile_{place}: "))


# ------------------------------------------------- generated expressions, compiled


def _ie_graph(expr: str) -> str:
    t = "!ascir.tensor<int64, [z0], [8], [1]>"
    return (
        "ascir.graph @ie_fuzz hint sizes [s0, s1, s2] axes [0: z0 = 8] {\n"
        f"  %x = ascir.data {{index = 0 : i64}} : {t}\n"
        f"  %ie = ascir.index_expr {{expr = #ascir.expr<{expr}>}} : !ascir.scalar<int64>\n"
        f"  %l = ascir.load %x : {t}\n"
        f"  %a = ascir.add %l, %ie : {t}\n"
        f"  %st = ascir.store %a : {t}\n"
        f"  %y = ascir.output %st {{index = 0 : i64}} : {t}\n"
        "}\n"
    )


@settings(
    max_examples=HOSTILE_EXAMPLES,
    deadline=None,
    derandomize=DERANDOMIZE,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(EXPRESSIONS, st.lists(BINDINGS, min_size=6, max_size=6))
def test_generated_expressions_host_tiling_agrees_with_evaluate(
    text: str, bindings: list[dict[str, int]]
) -> None:
    """One kernel per expression, run on small and huge sizes: host tiling computes exactly
    what ``SizeExpr.evaluate`` computes, or refuses with exactly its message."""
    try:
        e = SizeExpr(text)
        module = parse_ir(_ie_graph(str(e)))
    except (ExprError, AscirError):
        assume(False)
    assume(not e.is_constant)
    k = compile_graph(module, name="ie_fuzz")
    for b in bindings:
        out = np.zeros(8, np.int64)
        try:
            want: int | None = e.evaluate(b)
        except ExprArithmeticError as err:
            want, message = (
                None,
                f"size expression '{err.expr}' of the value of IndexExpr %ie {'divides by zero' if err.kind == 'zero' else 'overflows int64'} with ",
            )
        if want is None:
            with pytest.raises(SizeCheckError) as tiling_err:
                k.kernel.run([np.zeros(8, np.int64), out], [b["s0"], b["s1"], b["s2"]])
            assert message in str(tiling_err.value)
            with pytest.raises(InterpretError, match="of the value of IndexExpr %ie"):
                reference(module, np.zeros(8, np.int64), sizes=b)
        else:
            k.kernel.run([np.zeros(8, np.int64), out], [b["s0"], b["s1"], b["s2"]])
            assert (out == want).all(), (str(e), b, out[0], want)


# ------------------------------------------------------ gather indices beyond 32 bits

BIG_INDEX = np.array([[2**32 + 1, 1, -1, 7], [-(2**32) - 1, 3, 2**63 - 1, -(2**63)]], dtype=np.int64)


@pytest.mark.parametrize("template", ["simd", "simt", "sklike"])
@pytest.mark.parametrize("bound, negative", [(True, False), (True, True), (False, False)])
def test_int64_gather_indices_are_compared_in_64_bits(template: str, bound: bool, negative: bool) -> None:
    """Index 2**32 + 1 is out of range on every template: 0 with need_check_bound (it read
    element 1 on SIMD before), an error without it -- as in the reference."""
    ir = gather_ir(2, 1, "float32", "int64", bound=bound, negative=negative, post="relu")
    module = parse_ir(ir)
    sizes = {"i0": 2, "i1": 8, "j0": 2, "j1": 4}
    x = np.arange(16, dtype=np.float32).reshape(2, 8) + 100
    index = BIG_INDEX if bound else BIG_INDEX[:, :2]
    if not bound:
        sizes["j1"] = 2
    k = compile_graph(module, name=f"big_index_{template}", template=template)
    if bound:
        (out,) = k(x, index, sizes=sizes)
        (ref,) = reference(module, x, index, sizes=sizes)
        np.testing.assert_array_equal(out, ref)
        assert out[0, 0] == 0 and out[1, 0] == 0  # 2**32 + 1 and -(2**32) - 1 are out of range
    else:
        with pytest.raises(InterpretError, match="index value 4294967297 is out of range"):
            reference(module, x, index, sizes=sizes)
        with pytest.raises(SimulatorError):
            k(x, index, sizes=sizes)


def test_int32_indices_without_bound_check_never_wrap_into_range() -> None:
    """SIMD, int32 indices, no bound check: 2**30 * 4 bytes wraps int32 to 0 -- the index is
    clamped before its byte offset is computed, so Gather sees an out-of-range offset."""
    module = parse_ir(gather_ir(2, 1, "float32", "int32"))
    x = np.arange(16, dtype=np.float32).reshape(2, 8)
    index = np.array([[2**30, 1], [2, 2**31 - 1]], dtype=np.int32)
    sizes = {"i0": 2, "i1": 8, "j0": 2, "j1": 2}
    k = compile_graph(module, name="int32_index_simd", template="simd")
    with pytest.raises(SimulatorError, match="Gather"):
        k(x, index, sizes=sizes)
    with pytest.raises(InterpretError, match="out of range"):
        reference(module, x, index, sizes=sizes)


def test_simd_gather_offsets_beyond_the_api_range_choose_another_template() -> None:
    """float16 Gather offsets are at most 2**17 - 1 bytes (Ascend 950): a 70000-element row
    is refused by host tiling for SIMD, and the automatic choice takes SIMT."""
    module = parse_ir(gather_ir(2, 1, "float16", "int32"))
    n = 70000
    sizes = {"i0": 2, "i1": n, "j0": 2, "j1": 4}
    x = (np.arange(2 * n) % 1000).astype(np.float16).reshape(2, n)
    index = np.array([[0, n - 1, 5, 65540], [1, 2, n - 2, 3]], np.int32)
    with pytest.raises(TilingError, match="Gather byte offsets would leave their range"):
        compile_graph(module, template="simd", name="half_row_simd")(x, index, sizes=sizes)
    k = compile_graph(module, name="half_row_auto")
    (out,) = k(x, index, sizes=sizes)
    assert k.last_run.tiling_key == 2  # SIMT
    np.testing.assert_array_equal(out, reference(module, x, index, sizes=sizes)[0])


def test_integer_division_of_data_by_zero_is_a_reported_fault() -> None:
    """Kernels divide data by data (floordiv / remainder): a zero divisor is a simulator
    fault, as in the reference an error -- never a SIGFPE of the process; INT_MIN // -1 wraps."""
    t = tensor("int32", ["z0"], ["s0"])
    module = parse_ir(
        "ascir.graph @data_div hint sizes [s0] axes [0: z0 = s0] {\n"
        f"  %a = ascir.data {{index = 0 : i64}} : {t}\n"
        f"  %b = ascir.data {{index = 1 : i64}} : {t}\n"
        f"  %la = ascir.load %a : {t}\n"
        f"  %lb = ascir.load %b : {t}\n"
        f"  %q = ascir.floordiv %la, %lb : {t}\n"
        f"  %st = ascir.store %q : {t}\n"
        f"  %y = ascir.output %st {{index = 0 : i64}} : {t}\n"
        "}\n"
    )
    k = compile_graph(module, name="data_div")
    a = np.array([-(2**31), 7, -7, 5], np.int32)
    good = np.array([-1, 2, 2, -3], np.int32)
    (out,) = k(a, good, sizes={"s0": 4})
    np.testing.assert_array_equal(out, reference(module, a, good, sizes={"s0": 4})[0])
    zero = np.array([-1, 0, 2, -3], np.int32)
    with pytest.raises(InterpretError, match="integer division by zero"):
        reference(module, a, zero, sizes={"s0": 4})
    with pytest.raises(SimulatorError, match="FloorDiv: integer division by zero"):
        k(a, zero, sizes={"s0": 4})
