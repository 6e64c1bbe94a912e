"""IndexPut (issue 37; ``ascir_dialect.ops.index_put``): the scatter template on the
simulator against the reference interpreter, and both against torch's ``index_put`` /
``index_add`` (an independent formula: torch's serial CPU kernel), bit for bit where the
adds are in index order. Dtypes, accumulate or not, duplicates, negative indices, skipped
out-of-range positions, an index axis inside the view, broadcast values, the error an
out-of-range index is, and the graphs the scatter case refuses."""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.interpreter import reference
from passes.diagnostics import PassError
from runtime import SimulatorError
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from .test_e2e import graph, run_case

RNG = np.random.default_rng(37)


def _put_ir(
    dtype: str,
    index_dtype: str = "int64",
    accumulate: bool = True,
    negative: bool = True,
    bound: bool = False,
    values: str = "full",
    base: str = "load",
) -> str:
    """Input ``[V, D]`` over (v, d), index ``[B, S]`` over (b, s), values over (b, s, d) --
    ``values="row"``: one value per column, broadcast over the positions; ``"scalar"``:
    one value; the values are doubled in the graph (a chain evaluated per element).
    ``base="zeros"``: the input is a Broadcast of 0 (the embedding's backward)."""
    out = tensor(dtype, ["v", "d"], ["V", "D"])
    idx = tensor(index_dtype, ["b", "s"], ["B", "S"])
    vals = {
        "full": tensor(dtype, ["b", "s", "d"], ["B", "S", "D"]),
        "row": tensor(dtype, ["b", "s", "d"], [1, 1, "D"], [0, 0, 1]),
        "scalar": tensor(dtype, ["b", "s", "d"], [1, 1, 1], [0, 0, 0]),
    }[values]
    lines = [
        f"%i = ascir.data {{index = 0 : i64}} : {idx}",
        f"%g = ascir.data {{index = 1 : i64}} : {vals}",
        f"%il = ascir.load %i : {idx}",
        f"%gl = ascir.load %g : {vals}",
        f"%g2 = ascir.add %gl, %gl : {vals}",
    ]
    if base == "zeros":
        lines += [
            f'%zero = ascir.scalar {{value = "0"}} : !ascir.scalar<{dtype}>',
            f"%x = ascir.broadcast %zero : {out}",
        ]
    else:
        lines += [f"%xd = ascir.data {{index = 2 : i64}} : {out}", f"%x = ascir.load %xd : {out}"]
    flags = [f"accumulate = {str(accumulate).lower()}", "dim = 0 : i64"]
    flags += ["need_check_negative = true"] if negative else []
    flags += ["need_check_bound = true"] if bound else []
    lines += [
        f"%y = ascir.index_put %x, %il, %g2 {{{', '.join(flags)}}} : {out}",
        f"%st = ascir.store %y : {out}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {out}",
    ]
    axes = [("v", "V"), ("d", "D"), ("b", "B"), ("s", "S")]
    return graph(["V", "D", "B", "S"], axes, "\n".join(lines), "put")


def _values(dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    if dtype.startswith("int"):
        return RNG.integers(-50, 50, shape).astype(dtype)
    if dtype == "bfloat16":
        import ml_dtypes

        return (RNG.standard_normal(shape) * 4).astype(ml_dtypes.bfloat16)
    return (RNG.standard_normal(shape) * 4).astype(dtype)


def _torch_put(x: np.ndarray, idx: np.ndarray, vals: np.ndarray, accumulate: bool) -> np.ndarray:
    torch = pytest.importorskip("torch")
    t = torch.from_numpy(np.asarray(x, dtype=np.float32) if x.dtype.name == "bfloat16" else x.copy())
    v = torch.from_numpy(np.asarray(vals, dtype=np.float32) if vals.dtype.name == "bfloat16" else vals)
    if x.dtype.name == "bfloat16":
        t, v = t.bfloat16(), v.bfloat16()
    got = t.index_put((torch.from_numpy(idx),), v, accumulate=accumulate)
    return got.float().numpy().astype(x.dtype) if x.dtype.name == "bfloat16" else got.numpy()


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int32", "int64", "int8"])
def test_accumulate_equals_torch_bit_for_bit(dtype: str) -> None:
    """Many duplicates (V small), negative indices that wrap: torch's serial adds, in
    index order, give the same bits."""
    sizes = {"V": 5, "D": 37, "B": 3, "S": 11}
    idx = RNG.integers(-5, 5, (3, 11)).astype(np.int64)
    g = _values(dtype, (3, 11, 37))
    x = _values(dtype, (5, 37))
    (out,) = run_case(_put_ir(dtype), [idx, g, x], sizes, f"put_{dtype}", vf=True, rtol=0, atol=0)
    expect = _torch_put(x, idx, (g.astype(np.float32) * 2).astype(g.dtype) if dtype != "int8" else g * 2, True)
    np.testing.assert_array_equal(out.view(np.uint8), expect.view(np.uint8), err_msg=f"{dtype} vs torch")


def test_zero_base_int32_index_without_accumulate() -> None:
    """``index_put`` without accumulate on a zero base (a Broadcast of 0), int32 indices
    without repeats: each position written once, the rest 0."""
    sizes = {"V": 40, "D": 9, "B": 2, "S": 7}
    idx = RNG.permutation(40)[:14].reshape(2, 7).astype(np.int32)
    g = _values("float32", (2, 7, 9))
    ir = _put_ir("float32", "int32", accumulate=False, negative=False, base="zeros")
    (out,) = run_case(ir, [idx, g], sizes, "put_assign", vf=True, rtol=0, atol=0)
    expect = _torch_put(np.zeros((40, 9), np.float32), idx.astype(np.int64), g * 2, False)
    np.testing.assert_array_equal(out, expect)


@pytest.mark.parametrize("values", ["row", "scalar"])
def test_broadcast_values(values: str) -> None:
    """Values broadcast over the positions (one per column) or everywhere (one scalar)."""
    sizes = {"V": 6, "D": 13, "B": 2, "S": 5}
    idx = RNG.integers(0, 6, (2, 5)).astype(np.int64)
    g = _values("float32", (1, 1, 13) if values == "row" else (1, 1, 1))
    x = _values("float32", (6, 13))
    (out,) = run_case(_put_ir("float32", values=values), [idx, g, x], sizes, f"put_{values}", vf=True, rtol=0, atol=0)
    expect = _torch_put(x, idx, np.broadcast_to(g * 2, (2, 5, 13)).copy(), True)
    np.testing.assert_array_equal(out, expect)


def test_out_of_range_positions_skipped_with_need_check_bound() -> None:
    sizes = {"V": 4, "D": 8, "B": 1, "S": 9}
    idx = np.array([[0, 4, -1, 3, 100, 3, -7, 2, 1]], np.int64)
    g = _values("float32", (1, 9, 8))
    x = _values("float32", (4, 8))
    ir = _put_ir("float32", negative=False, bound=True)
    (out,) = run_case(ir, [idx, g, x], sizes, "put_bound", vf=True, rtol=0, atol=0)
    keep = (idx[0] >= 0) & (idx[0] < 4)
    expect = _torch_put(x, idx[:, keep], g[:, keep] * 2, True)
    np.testing.assert_array_equal(out, expect)


def test_out_of_range_index_stops_the_simulator_and_the_reference() -> None:
    """Without need_check_bound, an index outside the rows is an error in both (torch's
    IndexError); the kernel never writes outside the output on a device either."""
    sizes = {"V": 4, "D": 8, "B": 1, "S": 3}
    idx = np.array([[1, 9, 2]], np.int64)
    g, x = _values("float32", (1, 3, 8)), _values("float32", (4, 8))
    module = parse_ir(_put_ir("float32"))
    with pytest.raises(SimulatorError) as e:
        compile_graph(module, name="put_oob")(idx, g, x, sizes=sizes, core_num=2)
    assert e.value.index_out_of_range and "index value 9 is out of range [0, 4)" in str(e.value)
    with pytest.raises(Exception, match="index value 9 is out of range"):
        reference(parse_ir(_put_ir("float32")), idx, g, x, sizes=sizes)


def test_index_axes_inside_a_canonical_view_and_dim_1() -> None:
    """The torch front end's form: every tensor over one axis list (b, s, r, d), size 1
    where it lacks an axis; the row axis is position 2, not 0."""
    out = tensor("float32", ["b", "r", "d"], [1, "R", "D"], [0, "D", 1])
    idx = tensor("int64", ["b", "r", "d"], ["B", 1, 1], [1, 0, 0])
    vals = tensor("float32", ["b", "r", "d"], ["B", 1, "D"], ["D", 0, 1])
    body = f"""
  %i = ascir.data {{index = 0 : i64}} : {idx}
  %g = ascir.data {{index = 1 : i64}} : {vals}
  %x = ascir.data {{index = 2 : i64}} : {out}
  %il = ascir.load %i : {idx}
  %gl = ascir.load %g : {vals}
  %xl = ascir.load %x : {out}
  %y = ascir.index_put %xl, %il, %gl {{dim = 1 : i64}} : {out}
  %st = ascir.store %y : {out}
  %o = ascir.output %st {{index = 0 : i64}} : {out}"""
    ir = graph(["B", "R", "D"], [("b", "B"), ("r", "R"), ("d", "D")], body, "canon")
    sizes = {"B": 50, "R": 3, "D": 70}
    idx_v = RNG.integers(0, 3, (50, 1, 1)).astype(np.int64)
    g, x = _values("float32", (50, 1, 70)), _values("float32", (1, 3, 70))
    (got,) = run_case(ir, [idx_v, g, x], sizes, "put_canon", core_num=8, vf=True, rtol=0, atol=0)
    expect = _torch_put(x[0], idx_v[:, 0, 0], g[:, 0], True)
    np.testing.assert_array_equal(got[0], expect)


@pytest.mark.parametrize(
    "body,message",
    [
        ("%r = ascir.exp %y : {out}\n  %st = ascir.store %r : {out}", "reads the IndexPut's result"),
        ("%st = ascir.store %y : {out}\n  %s2 = ascir.store %g2 : {vals}", "stores only its result"),
    ],
)
def test_refused_graphs(body: str, message: str) -> None:
    """Nothing reads an IndexPut's result in its kernel; its graph stores nothing else."""
    out = tensor("float32", ["v", "d"], ["V", "D"])
    vals = tensor("float32", ["b", "d"], ["B", "D"])
    idx = tensor("int64", ["b"], ["B"])
    tail = body.format(out=out, vals=vals)
    text = f"""
  %i = ascir.data {{index = 0 : i64}} : {idx}
  %g = ascir.data {{index = 1 : i64}} : {vals}
  %x = ascir.data {{index = 2 : i64}} : {out}
  %il = ascir.load %i : {idx}
  %g2 = ascir.load %g : {vals}
  %xl = ascir.load %x : {out}
  %y = ascir.index_put %xl, %il, %g2 {{dim = 0 : i64}} : {out}
  {tail}
  %o = ascir.output %st {{index = 0 : i64}} : {out}"""
    if "s2" in tail:
        text += f"\n  %o2 = ascir.output %s2 {{index = 1 : i64}} : {vals}"
    ir = graph(["V", "D", "B"], [("v", "V"), ("d", "D"), ("b", "B")], text, "bad")
    with pytest.raises(PassError, match=message):
        compile_graph(parse_ir(ir), name="bad")


def test_logical_ops_in_the_values_chain() -> None:
    """The chains are evaluated per element: the logical ops compose from the truth of
    their mask operands (the embedding backward's masks of invalid ids)."""
    vals = tensor("float32", ["b", "d"], ["B", "D"])
    mask = tensor("bool", ["b", "d"], ["B", "D"])
    out = tensor("float32", ["v", "d"], ["V", "D"])
    idx = tensor("int64", ["b"], ["B"])
    body = f"""
  %i = ascir.data {{index = 0 : i64}} : {idx}
  %g = ascir.data {{index = 1 : i64}} : {vals}
  %il = ascir.load %i : {idx}
  %gl = ascir.load %g : {vals}
  %zero = ascir.scalar {{value = "0"}} : !ascir.scalar<float32>
  %z = ascir.broadcast %zero : {vals}
  %lo = ascir.scalar {{value = "-1"}} : !ascir.scalar<float32>
  %l = ascir.broadcast %lo : {vals}
  %pos = ascir.gt %gl, %z : {mask}
  %neg = ascir.lt %gl, %l : {mask}
  %notneg = ascir.logical_not %neg : {mask}
  %both = ascir.logical_and %pos, %notneg : {mask}
  %either = ascir.logical_or %both, %neg : {mask}
  %sel = ascir.select %either, %gl, %z : {vals}
  %zo = ascir.broadcast %zero : {out}
  %y = ascir.index_put %zo, %il, %sel {{dim = 0 : i64}} : {out}
  %st = ascir.store %y : {out}
  %o = ascir.output %st {{index = 0 : i64}} : {out}"""
    ir = graph(["V", "D", "B"], [("v", "V"), ("d", "D"), ("b", "B")], body, "logic")
    sizes = {"V": 4, "D": 10, "B": 9}
    idx_v = RNG.integers(0, 4, 9).astype(np.int64)
    g = _values("float32", (9, 10))
    (got,) = run_case(ir, [idx_v, g], sizes, "put_logic", vf=True, rtol=0, atol=0)
    keep = ((g > 0) & ~(g < -1)) | (g < -1)
    expect = _torch_put(np.zeros((4, 10), np.float32), idx_v, np.where(keep, g, 0).astype(np.float32), True)
    np.testing.assert_array_equal(got, expect)


@pytest.mark.parametrize("cores", [1, 8, 56])
def test_rows_in_blocks_when_the_columns_are_few(cores: int) -> None:
    """Few columns, many rows: host tiling gives each lane a block of rows (each scans the
    whole index and applies its block's positions); duplicates land in every block, the
    first and last rows included."""
    sizes = {"V": 500, "D": 3, "B": 2, "S": 40}
    idx = RNG.integers(-500, 500, (2, 40)).astype(np.int64)
    idx[0, :6] = [0, 0, 499, -1, 38, 39]
    g = _values("float32", (2, 40, 3))
    x = _values("float32", (500, 3))
    (out,) = run_case(_put_ir("float32"), [idx, g, x], sizes, "put_rows", core_num=cores, vf=True, rtol=0, atol=0)
    np.testing.assert_array_equal(out, _torch_put(x, idx, g * 2, True))
