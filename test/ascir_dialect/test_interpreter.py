"""The reference interpreter, checked against textbook numpy formulas.

The oracle must itself be right: triu via Arange compares, gather against
``np.take_along_axis``, index_select/embedding against row indexing, Arange against
``np.arange``, plus GM addressing, dtypes, wrap-around and fail-closed errors.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from ascir_dialect.diagnostics import AscirError
from ascir_dialect.interpreter import InterpretError, reference

from ..conftest import parse_ir, tensor

RNG = np.random.default_rng(1234)


def graph(name: str, sizes: list[str], axes: list[tuple[str, str]], body: str) -> str:
    ax = ", ".join(f"{i}: {n} = {s}" for i, (n, s) in enumerate(axes))
    return f"ascir.graph @{name} hint sizes [{', '.join(sizes)}] axes [{ax}] {{\n{body}\n}}\n"


def io_1d(dtype: str, op_lines: str, n: str = "s0") -> str:
    t = tensor(dtype, ["z0"], [n])
    return graph(
        "g",
        ["s0"],
        [("z0", "s0")],
        f"""%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
{op_lines}
%st = ascir.store %r : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )


# ----------------------------------------------------------- Arange / IndexExpr


@pytest.mark.parametrize(
    ("base", "step", "dtype"), [(0, 1, "int32"), (5, -3, "int64"), (-7, 0, "int32"), (2, 4, "int64")]
)
def test_arange_matches_np_arange(base: int, step: int, dtype: str) -> None:
    t = tensor(dtype, ["z0"], ["s0"])
    ir = graph(
        "g",
        ["s0"],
        [("z0", "s0")],
        f"""
%a = ascir.arange {{base = #ascir.expr<{base}>, step = #ascir.expr<{step}>}} : {t}
%st = ascir.store %a : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    (y,) = reference(parse_ir(ir), sizes={"s0": 37})
    np.testing.assert_array_equal(y, np.arange(37, dtype=np.int64) * step + base)
    assert y.dtype == np.dtype(dtype)


def test_arange_symbolic_base_step_and_logical_strides() -> None:
    # Values follow the logical strides: a [3, 4] Arange with strides [4, 1] is 0..11.
    t = tensor("int64", ["z0", "z1"], [3, 4])
    ir = graph(
        "g",
        ["s0"],
        [("z0", "3"), ("z1", "4")],
        f"""
%a = ascir.arange {{base = #ascir.expr<s0 * 2>, step = #ascir.expr<s0 floordiv 2>}} : {t}
%st = ascir.store %a : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    (y,) = reference(parse_ir(ir), sizes={"s0": 5})
    np.testing.assert_array_equal(y, (10 + 2 * np.arange(12)).reshape(3, 4))


def triu_graph(dtype: str) -> str:
    """triu mask from Arange: keep x[i, j] where j - i >= 0 (seed 000 triu_arange_mask)."""
    full = tensor(dtype, ["z0", "z1"], ["s0", "s1"])
    idx = tensor("int64", ["z0", "z1"], ["s0", "s1"])
    mask = tensor("uint8", ["z0", "z1"], ["s0", "s1"])
    return graph(
        "triu",
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%l = ascir.load %x : {full}
%rows = ascir.arange {{base = #ascir.expr<0>, step = #ascir.expr<1>}} : !ascir.tensor<int64, [z0, z1], [s0, 1], [1, 0]>
%cols = ascir.arange {{base = #ascir.expr<0>, step = #ascir.expr<1>}} : !ascir.tensor<int64, [z0, z1], [1, s1], [0, 1]>
%rb = ascir.broadcast %rows : {idx}
%cb = ascir.broadcast %cols : {idx}
%diff = ascir.sub %cb, %rb : {idx}
%zero = ascir.index_expr {{expr = #ascir.expr<0>}} : !ascir.scalar<int64>
%keep = ascir.ge %diff, %zero : {mask}
%zf = ascir.scalar {{value = "0"}} : !ascir.scalar<{dtype}>
%r = ascir.where %keep, %l, %zf : {full}
%st = ascir.store %r : {full}
%y = ascir.output %st {{index = 0 : i64}} : {full}""",
    )


@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
@pytest.mark.parametrize("shape", [(7, 7), (5, 9), (1, 4)])
def test_triu_from_arange_matches_np_triu(dtype: str, shape: tuple[int, int]) -> None:
    x = (RNG.standard_normal(shape) * 10).astype(dtype)
    (y,) = reference(parse_ir(triu_graph(dtype)), x, sizes={"s0": shape[0], "s1": shape[1]})
    np.testing.assert_array_equal(y, np.triu(x))


def test_index_expr_scalar_consumers_and_wraparound() -> None:
    t = tensor("int32", ["z0"], ["s0"])
    ir = io_1d(
        "int32",
        f"""%e = ascir.index_expr {{expr = #ascir.expr<s0 * s0 * 100000>}} : !ascir.scalar<int32>
%a = ascir.add %e, %l : {t}
%r = ascir.maximum %a, %e : {t}""",
    )
    x = np.arange(-3, 3, dtype=np.int32)
    (y,) = reference(parse_ir(ir), x, sizes={"s0": 6})
    e = np.int32(np.int64(36 * 100000).astype(np.int32))  # 3.6e6 fits
    np.testing.assert_array_equal(y, np.maximum(x + e, e))
    big = io_1d(
        "int32",
        f"""%e = ascir.index_expr {{expr = #ascir.expr<s0 * 1000000000>}} : !ascir.scalar<int32>
%r = ascir.add %l, %e : {t}""",
    )
    (y,) = reference(parse_ir(big), np.zeros(3, np.int32), sizes={"s0": 3})
    assert y[0] == np.int64(3_000_000_000).astype(np.int32)  # two's-complement wrap


# ------------------------------------------------------------ IndirectLoad (gather)


def gather_graph(
    in_shape: tuple[int, ...],
    idx_shape: tuple[int, ...],
    dim: int,
    dtype: str,
    idx_dtype: str,
    check_negative: bool = False,
    check_bound: bool = False,
) -> str:
    rank = len(in_shape)
    axes = [(f"a{i}", str(n)) for i, n in enumerate(in_shape)] + [
        (f"b{i}", str(n)) for i, n in enumerate(idx_shape)
    ]
    ta = tensor(dtype, [f"a{i}" for i in range(rank)], list(in_shape))
    ti = tensor(idx_dtype, [f"b{i}" for i in range(rank)], list(idx_shape))
    to = tensor(dtype, [f"b{i}" for i in range(rank)], list(idx_shape))
    flags = f", need_check_negative = {str(check_negative).lower()}, need_check_bound = {str(check_bound).lower()}"
    return graph(
        "gather",
        [],
        axes,
        f"""
%x = ascir.data {{index = 0 : i64}} : {ta}
%i = ascir.data {{index = 1 : i64}} : {ti}
%xl = ascir.load %x : {ta}
%il = ascir.load %i : {ti}
%g = ascir.indirect_load %xl, %il {{dim = {dim} : i64{flags}}} : {to}
%st = ascir.store %g : {to}
%y = ascir.output %st {{index = 0 : i64}} : {to}""",
    )


CASES = [
    ((9,), (5,), 0),
    ((4, 6), (3, 8), 1),
    ((4, 6), (7, 5), 0),
    ((3, 4, 5), (2, 6, 5), 1),
    ((3, 4, 5), (3, 4, 9), 2),
    ((3, 4, 5), (8, 2, 3), 0),
    ((2, 3, 4, 5), (2, 2, 7, 3), 2),
]


@pytest.mark.parametrize(("in_shape", "idx_shape", "dim"), CASES)
@pytest.mark.parametrize(
    ("dtype", "idx_dtype"),
    [("float16", "int32"), ("float32", "int64"), ("bfloat16", "int32"), ("int32", "int64")],
)
def test_gather_matches_take_along_axis(in_shape, idx_shape, dim, dtype, idx_dtype) -> None:
    np_dtype = ml_dtypes.bfloat16 if dtype == "bfloat16" else dtype
    x = (RNG.standard_normal(in_shape) * 8).astype(np_dtype)
    index = RNG.integers(0, in_shape[dim], idx_shape).astype(idx_dtype)
    (y,) = reference(parse_ir(gather_graph(in_shape, idx_shape, dim, dtype, idx_dtype)), x, index)
    sliced = x[tuple(slice(0, n) if a != dim else slice(None) for a, n in enumerate(idx_shape))]
    np.testing.assert_array_equal(y, np.take_along_axis(sliced, index.astype(np.int64), axis=dim))


def test_index_select_and_embedding_match_row_indexing() -> None:
    # index_select(x, 0, idx) == x[idx]: a gather over the index broadcast to [n, cols].
    x = RNG.standard_normal((10, 6)).astype(np.float32)
    idx = np.array([2, 0, 9, 9, 4], dtype=np.int64)
    (y,) = reference(
        parse_ir(gather_graph((10, 6), (5, 6), 0, "float32", "int64")),
        x,
        np.ascontiguousarray(np.broadcast_to(idx[:, None], (5, 6))),
    )
    np.testing.assert_array_equal(y, x[idx])
    np.testing.assert_array_equal(y, np.take(x, idx, axis=0))
    # embedding(weight, indices[B, T]) == weight[indices]: rows gathered, then reshaped.
    weight = RNG.standard_normal((12, 4)).astype(np.float16)
    ids = RNG.integers(0, 12, (2, 3))
    flat = np.ascontiguousarray(np.broadcast_to(ids.reshape(-1, 1), (6, 4))).astype(np.int32)
    (e,) = reference(parse_ir(gather_graph((12, 4), (6, 4), 0, "float16", "int32")), weight, flat)
    np.testing.assert_array_equal(e.reshape(2, 3, 4), weight[ids])


def test_gather_negative_and_out_of_range_indices() -> None:
    x = np.arange(8, dtype=np.float32)
    idx = np.array([-1, 0, 7, 8, -9], dtype=np.int32)
    ir = gather_graph((8,), (5,), 0, "float32", "int32", check_negative=True, check_bound=True)
    (y,) = reference(parse_ir(ir), x, idx)
    np.testing.assert_array_equal(y, [7, 0, 7, 0, 0])  # wrapped negatives; out of range gives 0
    ir = gather_graph((8,), (5,), 0, "float32", "int32", check_negative=False, check_bound=True)
    (y,) = reference(parse_ir(ir), x, idx)
    np.testing.assert_array_equal(y, [0, 0, 7, 0, 0])
    ir = gather_graph((8,), (5,), 0, "float32", "int32", check_negative=True, check_bound=False)
    with pytest.raises(InterpretError, match=r"index value 8 is out of range \[0, 8\) on dim 0"):
        reference(parse_ir(ir), x, idx)


# ----------------------------------------------------- elementwise / broadcast / dtypes


@pytest.mark.parametrize(
    ("where", "src_shape", "src_strides"),
    [("inner", ["s0", 1], [1, 0]), ("outer", [1, "s1"], [0, 1]), ("both", [1, 1], [0, 0])],
)
def test_broadcast_add(where: str, src_shape: list[object], src_strides: list[object]) -> None:
    full = tensor("float32", ["z0", "z1"], ["s0", "s1"])
    part = tensor("float32", ["z0", "z1"], src_shape, src_strides)
    ir = graph(
        "b",
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%b = ascir.data {{index = 1 : i64}} : {part}
%xl = ascir.load %x : {full}
%bl = ascir.load %b : {part}
%bb = ascir.broadcast %bl : {full}
%r = ascir.add %xl, %bb : {full}
%st = ascir.store %r : {full}
%y = ascir.output %st {{index = 0 : i64}} : {full}""",
    )
    x = RNG.standard_normal((4, 5)).astype(np.float32)
    bshape = tuple(4 if s == "s0" else 5 if s == "s1" else 1 for s in src_shape)
    b = RNG.standard_normal(bshape).astype(np.float32)
    (y,) = reference(parse_ir(ir), x, b, sizes={"s0": 4, "s1": 5})
    np.testing.assert_array_equal(y, x + b)


def test_broadcast_middle_axis_of_3d() -> None:
    full = tensor("int32", ["z0", "z1", "z2"], [2, 3, 4])
    part = tensor("int32", ["z0", "z2"], [2, 4])
    ir = graph(
        "b",
        [],
        [("z0", "2"), ("z1", "3"), ("z2", "4")],
        f"""
%b = ascir.data {{index = 0 : i64}} : {part}
%bl = ascir.load %b : {part}
%r = ascir.broadcast %bl : {full}
%st = ascir.store %r : {full}
%y = ascir.output %st {{index = 0 : i64}} : {full}""",
    )
    b = np.arange(8, dtype=np.int32).reshape(2, 4)
    (y,) = reference(parse_ir(ir), b)
    np.testing.assert_array_equal(y, np.broadcast_to(b[:, None, :], (2, 3, 4)))


@pytest.mark.parametrize(
    ("dtype", "op", "fn"),
    [
        ("float16", "add", np.add),
        ("bfloat16", "mul", np.multiply),
        ("float32", "div", np.divide),
        ("int8", "add", np.add),
        ("uint8", "sub", np.subtract),
        ("int64", "floordiv", np.floor_divide),
        ("int32", "remainder", np.remainder),
        ("float32", "remainder", np.remainder),
        ("float16", "minimum", np.minimum),
        ("int16", "maximum", np.maximum),
    ],
)
def test_binary_ops_match_numpy_in_dtype(dtype: str, op: str, fn) -> None:
    np_dtype = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    t = tensor(dtype, ["z0"], ["s0"])
    ir = graph(
        "g",
        ["s0"],
        [("z0", "s0")],
        f"""
%a = ascir.data {{index = 0 : i64}} : {t}
%b = ascir.data {{index = 1 : i64}} : {t}
%al = ascir.load %a : {t}
%bl = ascir.load %b : {t}
%r = ascir.{op} %al, %bl : {t}
%st = ascir.store %r : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        a = RNG.integers(info.min, info.max, 64, endpoint=True).astype(np_dtype)
        b = RNG.integers(1, min(info.max, 100), 64).astype(np_dtype)
    else:
        a = (RNG.standard_normal(64) * 4).astype(np_dtype)
        b = (RNG.standard_normal(64) * 4 + 0.5).astype(np_dtype)
    (y,) = reference(parse_ir(ir), a, b, sizes={"s0": 64})
    with np.errstate(all="ignore"):
        if (np_dtype.kind == "f" and np_dtype.itemsize < 4) or dtype == "bfloat16":
            expected = fn(a.astype(np.float32), b.astype(np.float32)).astype(np_dtype)
        else:
            expected = fn(a, b)  # integer arithmetic wraps around in the dtype
    assert y.dtype == np_dtype
    np.testing.assert_array_equal(y, expected)


def test_integer_division_by_zero_is_an_error() -> None:
    t = tensor("int32", ["z0"], ["s0"])
    ir = io_1d("int32", f"%r = ascir.floordiv %l, %l : {t}")
    with pytest.raises(InterpretError, match="integer division by zero"):
        reference(parse_ir(ir), np.array([1, 0], np.int32), sizes={"s0": 2})


def test_cast_semantics() -> None:
    ir = graph(
        "c",
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {tensor("float32", ["z0"], ["s0"])}
%l = ascir.load %x : {tensor("float32", ["z0"], ["s0"])}
%i = ascir.cast %l : {tensor("int32", ["z0"], ["s0"])}
%h = ascir.cast %l : {tensor("float16", ["z0"], ["s0"])}
%s1 = ascir.store %i : {tensor("int32", ["z0"], ["s0"])}
%y0 = ascir.output %s1 {{index = 0 : i64}} : {tensor("int32", ["z0"], ["s0"])}
%s2 = ascir.store %h : {tensor("float16", ["z0"], ["s0"])}
%y1 = ascir.output %s2 {{index = 1 : i64}} : {tensor("float16", ["z0"], ["s0"])}""",
    )
    x = np.array([1.7, -1.7, 3e10, -3e10, np.nan, 65520.0, 1e-8], np.float32)
    i, h = reference(parse_ir(ir), x, sizes={"s0": 7})
    np.testing.assert_array_equal(i, [1, -1, 2**31 - 1, -(2**31), 0, 65520, 0])  # trunc + saturate
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(h, x.astype(np.float16))


@pytest.mark.parametrize("op", ["reduce_sum", "reduce_max", "reduce_min"])
@pytest.mark.parametrize(
    ("dtype", "keep"), [("float32", [1, 0]), ("float16", [0, 1]), ("int32", [1, 0]), ("int32", [0, 0])]
)
def test_keepdim_reductions(op: str, dtype: str, keep: list[int]) -> None:
    shape = (6, 9)
    full = tensor(dtype, ["z0", "z1"], ["s0", "s1"])
    red_shape = ["s0" if keep[0] else 1, "s1" if keep[1] else 1]
    red_strides = [("s1" if keep[1] else 1) if keep[0] else 0, 1 if keep[1] else 0]
    red = tensor(dtype, ["z0", "z1"], red_shape, red_strides)
    ir = graph(
        "r",
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%l = ascir.load %x : {full}
%r = ascir.{op} %l : {red}
%st = ascir.store %r : {red}
%y = ascir.output %st {{index = 0 : i64}} : {red}""",
    )
    x = (RNG.standard_normal(shape) * 5).astype(dtype)
    (y,) = reference(parse_ir(ir), x, sizes={"s0": 6, "s1": 9})
    axes = tuple(i for i, k in enumerate(keep) if not k)
    fn = {"reduce_sum": np.sum, "reduce_max": np.max, "reduce_min": np.min}[op]
    acc = x.astype(np.float32) if dtype == "float16" else x
    if op == "reduce_sum" and dtype != "int32":  # float sums: float64, rounded once (issue 31)
        acc = x.astype(np.float64)
    kwargs = {"dtype": np.int32} if (op == "reduce_sum" and dtype == "int32") else {}
    expected = fn(acc, axis=axes, keepdims=True, **kwargs).astype(dtype)
    np.testing.assert_array_equal(np.asarray(y).reshape(expected.shape), expected)


# ---------------------------------------------------------------- GM addressing


def test_strided_load_and_store_with_offsets() -> None:
    # Read x[1:4, ::2] of a [5, 8] buffer; write it at offset 3 of a [3, 4]-strided output.
    src = "!ascir.tensor<float32, [z0, z1], [3, 4], [8, 2]>"
    ub = tensor("float32", ["z0", "z1"], [3, 4])
    dst = "!ascir.tensor<float32, [z0, z1], [3, 4], [5, 1]>"
    ir = graph(
        "s",
        [],
        [("z0", "3"), ("z1", "4")],
        f"""
%x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], [5, 8], [8, 1]>
%l = ascir.load %x {{offset = #ascir.expr<8>}} : {src}
%n = ascir.neg %l : {ub}
%st = ascir.store %n {{offset = #ascir.expr<3>}} : {dst}
%y = ascir.output %st {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], [4, 5], [5, 1]>""",
    )
    x = np.arange(40, dtype=np.float32).reshape(5, 8)
    (y,) = reference(parse_ir(ir), x)
    expected = np.zeros(20, np.float32)
    for i in range(3):
        for j in range(4):
            expected[3 + 5 * i + j] = -x[1 + i, 2 * j]
    np.testing.assert_array_equal(y.reshape(-1), expected)


def test_out_of_bounds_load_fails_closed() -> None:
    t = tensor("float32", ["z0"], ["s0"])
    ir = graph(
        "g",
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x {{offset = #ascir.expr<s0>}} : {t}
%st = ascir.store %l : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    with pytest.raises(
        InterpretError, match=r"ascir.load %l: accesses GM elements \[4, 7\] of %x, which has 4"
    ):
        reference(parse_ir(ir), np.zeros(4, np.float32), sizes={"s0": 4})


def test_run_misuse_gives_clear_errors() -> None:
    ir = parse_ir(io_1d("float32", f"%r = ascir.abs %l : {tensor('float32', ['z0'], ['s0'])}"))
    x = np.ones(4, np.float32)
    with pytest.raises(AscirError, match=r"needs sizes for s0: pass sizes="):
        reference(ir, x)
    with pytest.raises(AscirError, match="has no size variable"):
        reference(ir, x, sizes={"s0": 4, "s9": 1})
    with pytest.raises(AscirError, match="must be an integer >= 1"):
        reference(ir, x, sizes={"s0": 0})
    with pytest.raises(AscirError, match=r"takes 1 input\(s\)"):
        reference(ir, sizes={"s0": 4})
    with pytest.raises(AscirError, match="must have dtype float32"):
        reference(ir, x.astype(np.float64), sizes={"s0": 4})
    with pytest.raises(InterpretError, match="has 4 elements but its view"):
        reference(ir, x, sizes={"s0": 5})
    (y,) = reference(ir, np.arange(8, dtype=np.float32)[::2], sizes={"s0": 4})
    np.testing.assert_array_equal(y, [0, 2, 4, 6])  # a non-contiguous input is read in C order
    with pytest.raises(InterpretError, match=r"has shape \(2, 2\) but its view needs shape \(4,\)"):
        reference(ir, np.arange(8, dtype=np.float32).reshape(2, 4)[:, ::2], sizes={"s0": 4})
