"""Ill-formed graphs and inputs are refused with a clear, located error -- never compiled
into a wrong kernel: reductions that reduce nothing, Stores without exactly one Output,
Store/Output views that map two elements to one GM address, repeated sched axes, and
run-time inputs of the wrong shape. Graphs are built with the seed Python API, as a user
would; the IR-text forms are in test/bad_inputs/ and test/lit/ascir_dialect/verifier.mlir."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ascir_dialect.diagnostics import AscirError
from ascir_dialect.interpreter import check_inputs, check_sizes, resolve_graph
from ascir_dialect.ops.memory import view_injectivity
from ascir_dialect.symbolic import SizeExpr
from pyautofuse import ascir, compile_graph, reference

from ..conftest import ROOT, opt_in_process

F32 = ascir.dtypes.float32


def _graph_2d(name: str = "g") -> tuple[ascir.HintGraph, list[SizeExpr], list[ascir.Axis], ascir.Node]:
    """A graph with sizes s0, s1, axes z0, z1, a dense float32 input x and its load."""
    graph = ascir.HintGraph(name)
    s0, s1 = graph.create_size("s0"), graph.create_size("s1")
    z0, z1 = graph.create_axis("z0", s0), graph.create_axis("z1", s1)
    x = ascir.ops.Data("x", graph)
    x.attr.ir_attr.index = 0
    x.y.dtype = F32
    x.y.axis = [z0, z1]
    load = ascir.ops.Load("load")
    load.x = x
    return graph, [s0, s1], [z0, z1], load


def _store_output(value: ascir.Node, name: str, index: int) -> tuple[ascir.Node, ascir.Node]:
    store = ascir.ops.Store(f"{name}_store")
    store.x = value
    out = ascir.ops.Output(name)
    out.attr.ir_attr.index = index
    out.x = store
    return store, out


# --------------------------------------------------------------- 1. reductions


@pytest.mark.parametrize("op", ["Sum", "Max", "Min"])
def test_reduction_with_unset_view_is_refused_with_how_to_set_it(op: str) -> None:
    graph, _, _, load = _graph_2d()
    r = getattr(ascir.ops, op)("r")
    r.x = load  # y left unset: it takes the view of x, so nothing would be reduced
    _store_output(r, "y", 0)
    kind = {"Sum": "reduce_sum", "Max": "reduce_max", "Min": "reduce_min"}[op]
    with pytest.raises(ascir.AscirVerifyError) as info:
        graph.to_module()
    message = str(info.value)
    assert f"ascir.{kind} %r: reduces no axis" in message
    assert "y.size = [s0, 1]; y.strides = [1, 0] -- an unset y takes the view of x" in message
    assert "or remove the node" in message


def test_reduction_with_the_view_set_as_the_message_says_runs() -> None:
    graph, (s0, _s1), (z0, z1), load = _graph_2d()
    r = ascir.ops.Sum("r")
    r.x = load
    r.y.axis = [z0, z1]
    r.y.size = [s0, 1]
    r.y.strides = [1, 0]
    _store_output(r, "y", 0)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (y,) = reference(graph, x, sizes={"s0": 2, "s1": 3})
    np.testing.assert_array_equal(y, x.sum(axis=1, keepdims=True))


# ------------------------------------------------------- 2./3. Store -> Output


def test_one_store_feeding_two_outputs_is_refused() -> None:
    graph, _, _, load = _graph_2d()
    store, _ = _store_output(load, "y0", 0)
    y1 = ascir.ops.Output("y1", graph)
    y1.attr.ir_attr.index = 1
    y1.x = store
    with pytest.raises(ascir.AscirVerifyError, match=r"ascir.store %y0_store: the store feeds 2 GM tensors"):
        graph.to_module()


def test_store_without_output_is_refused() -> None:
    graph, _, _, load = _graph_2d()
    _store_output(load, "y", 0)
    relu = ascir.ops.Relu("relu")
    relu.x = load
    dangling = ascir.ops.Store("dangling")
    dangling.x = relu
    with pytest.raises(ascir.AscirVerifyError, match=r"ascir.store %dangling: the store writes no GM tensor"):
        graph.to_module()


def test_output_rewired_to_a_second_store_leaves_the_first_refused() -> None:
    # Output.x takes one Store: assigning another leaves the first one writing nothing.
    graph, _, _, load = _graph_2d()
    _, out = _store_output(load, "y", 0)
    second = ascir.ops.Store("second")
    second.x = load
    out.x = second
    with pytest.raises(ascir.AscirVerifyError, match=r"ascir.store %y_store: the store writes no GM tensor"):
        graph.to_module()


# ------------------------------------------------------- 4. injective views


def _e(*texts: str) -> list[SizeExpr]:
    return [SizeExpr(t) for t in texts]


@pytest.mark.parametrize(
    ("repeats", "strides", "verdict"),
    [
        (("s0", "s1"), ("s1", "1"), True),  # row-major
        (("s0", "s1"), ("1", "s0"), True),  # column-major
        (("s0", "s1"), ("s1 + 1", "1"), True),  # padded rows
        (("s0", "s1", "s2"), ("s2", "s0 * s2", "1"), True),  # permuted
        (("s0", "1"), ("1", "1"), True),  # size-1 axes are ignored
        (("s0", "s1"), ("1", "1"), False),
        (("s0", "s1"), ("s1 - 1", "1"), False),
        (("2", "3"), ("1", "1"), False),
        (("s0", "4"), ("3", "1"), False),
        (("s0", "s1"), ("4", "1"), None),  # overlaps only when s1 > 4: decided at run time
        (("s0", "s1"), ("s1", "s0"), None),  # order of the strides depends on the sizes
    ],
)
def test_view_injectivity_static(
    repeats: tuple[str, ...], strides: tuple[str, ...], verdict: bool | None
) -> None:
    assert view_injectivity(_e(*repeats), _e(*strides)).verdict is verdict


def test_view_injectivity_concrete() -> None:
    repeats, strides = _e("s0", "s1"), _e("4", "1")
    assert view_injectivity(repeats, strides, {"s0": 3, "s1": 4}).verdict is True
    result = view_injectivity(repeats, strides, {"s0": 3, "s1": 5})
    assert (result.verdict, result.axis, result.stride, result.need) == (False, 0, "4", "5")
    assert view_injectivity(_e("s0", "s1"), _e("1", "1"), {"s0": 1, "s1": 7}).verdict is True
    assert view_injectivity(_e("s0", "s1"), _e("s1", "s0"), {"s0": 4, "s1": 1}).verdict is True
    assert view_injectivity(_e("s0", "s1"), _e("s1", "s0"), {"s0": 3, "s1": 3}).verdict is False


def test_output_view_mapping_two_elements_to_one_address_is_refused() -> None:
    graph, (s0, s1), (z0, z1), load = _graph_2d()
    _, out = _store_output(load, "y", 0)
    out.y.axis = [z0, z1]
    out.y.size = [s0, s1]
    out.y.strides = [1, 1]
    with pytest.raises(ascir.AscirVerifyError) as info:
        graph.to_module()
    assert (
        "ascir.output %y: output view strides [1, 1] on repeats [s0, s1] map two logical elements "
        "to one GM address: axis 'z1' has stride 1 but needs at least s0"
    ) in str(info.value)
    assert "e.g. the row-major strides [s1, 1]" in str(info.value)


def _padded_output_graph() -> ascir.HintGraph:
    """Rows of s1 elements written at a pitch of 4: injective only while s1 <= 4. Inputs: a
    dense x, a strided w (rows padded to s1 + 1) and a float32 scalar k."""
    graph, (s0, s1), (z0, z1), lx = _graph_2d("runtime_checks")
    w = ascir.ops.Data("w", graph)
    w.attr.ir_attr.index = 1
    w.y.dtype = F32
    w.y.axis = [z0, z1]
    w.y.size = [s0, s1]
    w.y.strides = [s1 + 1, 1]
    k = ascir.ops.ScalarData("k", graph)
    k.attr.ir_attr.index = 2
    k.y.dtype = F32
    lw = ascir.ops.Load("lw")
    lw.x = w
    a = ascir.ops.Add("a")
    a.x1, a.x2 = lx, lw
    a.y.axis = [z0, z1]
    b = ascir.ops.Add("b")
    b.x1, b.x2 = a, k
    b.y.axis = [z0, z1]
    store, out = _store_output(b, "y", 0)
    for node in (store, out):
        node.y.axis = [z0, z1]
        node.y.size = [s0, s1]
        node.y.strides = [4, 1]
    return graph


def _inputs(s0: int, s1: int) -> list[object]:
    x = np.arange(s0 * s1, dtype=np.float32).reshape(s0, s1)
    w = np.arange((s0 - 1) * (s1 + 1) + s1, dtype=np.float32)
    return [x, w, np.float32(0.5)]


@pytest.fixture(scope="module")
def padded_kernel():  # type: ignore[no-untyped-def]
    graph = _padded_output_graph()
    return graph, compile_graph(graph)


def test_view_injective_only_for_some_sizes_is_checked_at_run_time(padded_kernel) -> None:  # type: ignore[no-untyped-def]
    graph, kernel = padded_kernel
    _, g = resolve_graph(graph)
    assert check_sizes(g, {"s0": 2, "s1": 4}) == {"s0": 2, "s1": 4}
    bad = {"s0": 2, "s1": 5}
    expected = (
        r"graph @runtime_checks: ascir.store %y_store: store view strides \[4, 1\] on repeats \[s0, s1\] "
        r"map two logical elements to one GM address with sizes \{'s0': 2, 's1': 5\}: axis 'z0' has "
        r"stride 4 but needs at least 5"
    )
    with pytest.raises(AscirError, match=expected):
        check_sizes(g, bad)
    with pytest.raises(AscirError, match=expected):
        reference(graph, *_inputs(2, 5), sizes=bad)
    with pytest.raises(AscirError, match=expected):
        kernel(*_inputs(2, 5), sizes=bad)
    good = {"s0": 3, "s1": 4}
    (out,) = kernel(*_inputs(3, 4), sizes=good)
    (ref,) = reference(graph, *_inputs(3, 4), sizes=good)
    np.testing.assert_array_equal(out, ref)


def test_output_overlap_checked_at_run_time_names_the_output() -> None:
    graph, (s0, s1), (z0, z1), load = _graph_2d()
    _, out = _store_output(load, "y", 0)
    out.y.axis = [z0, z1]
    out.y.size = [s0, s1]
    out.y.strides = [4, 1]  # rows at a pitch of 4: elements (0, 4) and (1, 0) collide when s1 > 4
    graph.to_module()  # statically undecided: accepted
    (y,) = reference(graph, np.ones((2, 3), np.float32), sizes={"s0": 2, "s1": 3})
    # not dense: the flat GM buffer of extent 7, of which the (dense) store view writes 6
    np.testing.assert_array_equal(y, [1, 1, 1, 1, 1, 1, 0])
    with pytest.raises(
        AscirError,
        match=r"ascir.output %y: output 0 view strides \[4, 1\] on repeats \[s0, s1\] map two logical "
        r"elements to one GM address with sizes \{'s0': 2, 's1': 5\}",
    ):
        reference(graph, np.ones((2, 5), np.float32), sizes={"s0": 2, "s1": 5})


# ------------------------------------------------------------ 5. sched axes


def test_sched_axis_listed_twice_is_refused_with_the_positions() -> None:
    graph, _, (z0, z1), load = _graph_2d()
    load.attr.sched.axis = [z0, z1, z0]
    _store_output(load, "y", 0)
    with pytest.raises(
        ascir.AscirVerifyError, match=r"ascir.load %load: sched lists axis 'z0' twice \(positions 0 and 2"
    ):
        graph.to_module()


# -------------------------------------------------------- 6./7. run-time inputs


def test_scalar_input_forms(padded_kernel) -> None:  # type: ignore[no-untyped-def]
    graph, kernel = padded_kernel
    sizes = {"s0": 2, "s1": 3}
    x, w, _ = _inputs(2, 3)
    (expected,) = reference(graph, x, w, np.float32(0.5), sizes=sizes)
    for k in (0.5, np.float32(0.5), np.array(0.5, np.float32), np.array([0.5], np.float32)):
        (ref,) = reference(graph, x, w, k, sizes=sizes)
        np.testing.assert_array_equal(ref, expected)
    (out,) = kernel(x, w, np.array([0.5], np.float32), sizes=sizes)
    np.testing.assert_array_equal(out, expected)
    for bad, message in (
        (
            np.array([0.5, 1.5], np.float32),
            r"input 2 \(%k\) is a scalar \(ascir.scalar_data\) but got an array of shape \(2,\)",
        ),
        (np.array([[0.5]], np.float32), r"got an array of shape \(1, 1\)"),
        (np.array(0.5, np.float64), "must have dtype float32"),
        ("0.5", "must have dtype float32"),
    ):
        with pytest.raises(AscirError, match=message):
            reference(graph, x, w, bad, sizes=sizes)
        with pytest.raises(AscirError, match=message):
            kernel(x, w, bad, sizes=sizes)


def test_integer_scalar_input_must_be_an_integer_in_range() -> None:
    graph = ascir.HintGraph("scalar_int")
    s0 = graph.create_size("s0")
    z0 = graph.create_axis("z0", s0)
    x = ascir.ops.Data("x", graph)
    x.attr.ir_attr.index = 0
    x.y.dtype = ascir.dtypes.int32
    x.y.axis = [z0]
    k = ascir.ops.ScalarData("k", graph)
    k.attr.ir_attr.index = 1
    k.y.dtype = ascir.dtypes.int32
    load = ascir.ops.Load("load")
    load.x = x
    add = ascir.ops.Add("add")
    add.x1, add.x2 = load, k
    add.y.axis = [z0]
    _store_output(add, "y", 0)
    xs = np.arange(3, dtype=np.int32)
    (y,) = reference(graph, xs, 7, sizes={"s0": 3})
    np.testing.assert_array_equal(y, xs + 7)
    with pytest.raises(
        AscirError, match=r"input 1 \(%k\) is an integer scalar \(int32\), got the non-integer 2.5"
    ):
        reference(graph, xs, 2.5, sizes={"s0": 3})
    with pytest.raises(AscirError, match=r"input 1 \(%k\): 4294967296 does not fit int32"):
        reference(graph, xs, 2**32, sizes={"s0": 3})


def test_dense_input_must_have_the_view_shape(padded_kernel) -> None:  # type: ignore[no-untyped-def]
    graph, kernel = padded_kernel
    sizes = {"s0": 2, "s1": 3}
    _, w, k = _inputs(2, 3)
    transposed = np.zeros((3, 2), np.float32)  # right element count, wrong shape
    expected = (
        r"input 0 \(%x\) has shape \(3, 2\) but its view needs shape \(2, 3\): an array of shape "
        r"\(2, 3\) \(size-1 dimensions included\) for its dense row-major view \(repeats \[s0, s1\] "
        r"strides \[s1, 1\]\) with sizes \{'s0': 2, 's1': 3\}"
    )
    for bad in (transposed, np.zeros(6, np.float32), np.zeros((1, 2, 3), np.float32)):
        with pytest.raises(
            AscirError, match=r"input 0 \(%x\) has shape \(.*\) but its view needs shape \(2, 3\)"
        ):
            reference(graph, bad, w, k, sizes=sizes)
        with pytest.raises(
            AscirError, match=r"input 0 \(%x\) has shape \(.*\) but its view needs shape \(2, 3\)"
        ):
            kernel(bad, w, k, sizes=sizes)
    with pytest.raises(AscirError, match=expected):
        kernel(transposed, w, k, sizes=sizes)
    with pytest.raises(AscirError, match=r"input 0 \(%x\) has 5 elements but its view needs 6"):
        kernel(np.zeros(5, np.float32), w, k, sizes=sizes)


def test_size_one_dimensions_count() -> None:
    graph, _, _, load = _graph_2d()
    _store_output(load, "y", 0)
    _, g = resolve_graph(graph)
    sizes = {"s0": 1, "s1": 4}
    check_inputs(g, [np.zeros((1, 4), np.float32)], sizes)
    for bad in (np.zeros(4, np.float32), np.zeros((4, 1), np.float32)):
        with pytest.raises(AscirError, match=r"needs shape \(1, 4\)"):
            check_inputs(g, [bad], sizes)


def test_strided_input_takes_its_flat_gm_buffer(padded_kernel) -> None:  # type: ignore[no-untyped-def]
    graph, kernel = padded_kernel
    sizes = {"s0": 2, "s1": 3}
    x, w, k = _inputs(2, 3)
    assert w.shape == (7,)  # (s0 - 1) * (s1 + 1) + s1
    (short,) = reference(graph, x, w, k, sizes=sizes)
    (longer,) = reference(graph, x, np.concatenate([w, [99.0]]).astype(np.float32), k, sizes=sizes)
    np.testing.assert_array_equal(short, longer)  # a longer buffer is fine: the view reads its extent
    for bad, has in (
        (w[:6], "has 6 elements but its view needs 7"),
        (np.zeros((2, 4), np.float32), r"has shape \(2, 4\)"),
    ):
        message = (
            rf"input 1 \(%w\) {has}.*: its flat GM buffer, a 1-D array of at least 7 elements for its "
            r"strided view \(repeats \[s0, s1\] strides \[s1 \+ 1, 1\]\)"
        )
        with pytest.raises(AscirError, match=message):
            reference(graph, x, bad, k, sizes=sizes)
        with pytest.raises(AscirError, match=message):
            kernel(x, bad, k, sizes=sizes)


# ------------------------------------------------------------ IR-text corpus

BAD_INPUTS = {
    # reductions (issue 19)
    "reduce_prod_int8": "AscendC::Mul has no int8_t variant on Ascend 950",
    "dtype_reduce_mean_int32": "ascir.reduce_mean %r: operand x dtype int32 is not supported",
    "dtype_reduce_argmax_float_result": "result dtype float32 is not supported; allowed: int32, int64",
    "dtype_reduce_any_float32": "operand x dtype float32 is not supported; allowed: uint8, bool",
    "reduce_reduces_nothing": "ascir.reduce_sum %r: reduces no axis",
    "reduce_max_only_size_one_axes": "the operand has no axis of size != 1 to reduce: remove the node",
    "graph_store_two_outputs": "ascir.store %s: the store feeds 2 GM tensors (%o, %p)",
    "graph_store_without_output": "ascir.store %s: the store writes no GM tensor",
    "lower_store_without_output": "ascir.store %s: the store writes no GM tensor",
    "graph_store_of_gm_tensor": "ascir.store %s: a store copies a UB tensor to GM",
    "graph_output_used": "ascir.output %o: an output is a result of the graph and is read by no node",
    "view_output_overlap": "ascir.output %o: output view strides [1, 1] on repeats [s0, s1] map two logical",
    "view_output_overlap_constant": "axis 'z0' has stride 3 but needs at least 4",
    "view_store_overlap": "ascir.store %s: store view strides [s1 - 1, 1]",
    "sched_repeated_axis": "ascir.load %l: sched lists axis 'z0' twice (positions 0 and 1 of [z0, z0])",
}


@pytest.mark.parametrize(("name", "message"), BAD_INPUTS.items(), ids=list(BAD_INPUTS))
def test_bad_input_gives_the_expected_located_message(
    name: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ..tools.test_ascir_opt import bad_input_args

    monkeypatch.chdir(ROOT)
    path = Path("test") / "bad_inputs" / f"{name}.mlir"
    out = opt_in_process(*bad_input_args(ROOT / path), str(path))
    first = out.stderr.splitlines()[0]
    assert out.returncode == 1 and first.startswith(f"{path}:") and ": error: " in first, out.stderr
    assert message in first
