"""Gathers in real graphs (issue 19 item 4): Arange / IndexExpr before and after an
IndirectLoad, several IndirectLoads per graph, indices computed from loaded values, the
real front end's attribute spellings, and seed 001's own graph-building fragment.

Every graph is built through the seed Python API (``pyautofuse``), run on the reference
interpreter -- itself checked against a numpy formula (and torch where installed) -- and
compiled with every template that takes it (checked: which ones, and why the others do
not), on the VF and the root-graph path, at random sizes, and compared with the reference.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ascir_dialect.compare import assert_close
from ascir_dialect.diagnostics import AscirError
from passes.indirect_load_cases import choose_templates
from pyautofuse import ascir, compile_graph, reference
from pyautofuse.ascir_api import (
    IndexExpr,
    IndirectLoad,
    arange,
    embedding,
    gather,
    index_expr,
    load_input,
    store_output,
)
from runtime import SimulatorError

ROOT = Path(__file__).resolve().parents[2]
RNG = np.random.default_rng(19)
F32, F16, I32, I64 = ascir.dtypes.float32, ascir.dtypes.float16, ascir.dtypes.int32, ascir.dtypes.int64


# ------------------------------------------------------------------ graph building
def _node(g: ascir.HintGraph, kind: str, *, dtype=None, axis=None, size=None, **inputs):  # type: ignore[no-untyped-def]
    n = getattr(ascir.ops, kind)(g.unique_name(kind.lower()))
    for port, value in inputs.items():
        setattr(n, port, value)
    first = next((v for v in inputs.values() if v.axis is not None), None)
    if dtype is not None or first is not None:
        n.y.dtype = dtype if dtype is not None else first.dtype
    if axis is not None:
        n.y.axis = axis
        n.y.size = size if size is not None else [a.size for a in axis]
    elif first is not None:  # the view of the first tensor input, set so that helpers see it
        n.y.axis = first.axis
        n.y.size = first.size if first.size is not None else [a.size for a in first.axis]
        if first.strides is not None:
            n.y.strides = first.strides
    return n.y


def _scalar(g: ascir.HintGraph, value: int, dtype):  # type: ignore[no-untyped-def]
    n = ascir.ops.Scalar(g.unique_name("scalar"), g)
    n.attr.ir_attr.value = str(value)
    n.y.dtype = dtype
    return n.y


def _position_term(g: ascir.HintGraph, axes: list, pos: int, dtype):  # type: ignore[no-untyped-def]
    """``arange(S)`` along ``axes[pos]`` broadcast to ``axes``, cast to ``dtype``."""
    sizes = [a.size if k == pos else 1 for k, a in enumerate(axes)]
    strides = [1 if k == pos else 0 for k in range(len(axes))]
    ar = arange(g, dtype=I32, axis=axes, size=sizes, stride=strides)
    wide = _node(g, "Broadcast", x=ar, dtype=I32, axis=axes)
    return _node(g, "Cast", x=wide, dtype=dtype)


def _embedding_sizes() -> dict[str, int]:
    return {
        "b": int(RNG.integers(1, 4)),
        "s": int(RNG.integers(1, 9)),
        "v": int(RNG.integers(2, 12)),
        "e": int(RNG.choice([8, 16, 24, 40])),
    }


def _embedding_axes(g: ascir.HintGraph):  # type: ignore[no-untyped-def]
    b, s, v, e = (g.create_size(n) for n in "bsve")
    return [g.create_axis(n, z) for n, z in zip(("zb", "zs", "zv", "ze"), (b, s, v, e), strict=True)]


# ------------------------------------------------------------------ running
def _data(dtype, shape: tuple[int, ...]) -> np.ndarray:  # type: ignore[no-untyped-def]
    np_dtype = np.dtype(str(dtype).split(".")[-1])
    return (RNG.standard_normal(shape) * 3).astype(np_dtype)


def _check(
    graph: ascir.HintGraph,
    inputs: list[np.ndarray],
    sizes: dict[str, int],
    want: np.ndarray,
    templates: set[str],
    rejected: dict[str, str] | None = None,
) -> dict[str, object]:
    """Reference == formula; the available templates are ``templates`` (the rejected ones
    with the given reason fragments); every template and the automatic choice, VF and
    root path, against the reference. Returns the compiled kernels by template."""
    module = graph.to_module() if isinstance(graph, ascir.HintGraph) else graph
    name = graph.get_name() if isinstance(graph, ascir.HintGraph) else module.body.block.first_op.graph_name
    (ref,) = reference(module, *inputs, sizes=sizes)
    assert_close(ref, want)
    choice = choose_templates(module.body.block.first_op)  # type: ignore[arg-type]
    assert set(choice.available) == templates, choice.rejected
    for template, fragment in (rejected or {}).items():
        assert fragment in choice.rejected[template], choice.rejected[template]
    kernels: dict[str, object] = {}
    cores = int(RNG.integers(1, 9))
    for template in [*sorted(templates), None]:
        for vf in (True, False):
            k = compile_graph(module, name=f"{name}_{template or 'auto'}", template=template, vf=vf)
            (got,) = k(*inputs, sizes=sizes, core_num=cores)
            if got.dtype.kind == "f":
                assert_close(got, ref)
            else:
                np.testing.assert_array_equal(got, ref)
            kernels[f"{template or 'auto'}{'' if vf else '_root'}"] = k
    return kernels


# ------------------------------------------------------------------ Arange after the gather
@pytest.mark.parametrize("dtype", [F32, F16])
def test_embedding_plus_arange_position_term(dtype) -> None:  # type: ignore[no-untyped-def]
    """``weight[ids] + arange(S)``: the position term is an Arange broadcast over the
    batch and embedding axes, cast and added after the gather (SIMT computes it per
    element, SK-like in its output post stage; SIMD's output chain is unary only)."""
    g = ascir.HintGraph("embed_pos")
    zb, zs, zv, ze = _embedding_axes(g)
    w = load_input(g, "weight", 0, dtype, [zv, ze])
    ids = load_input(g, "ids", 1, I32, [zb, zs])
    emb = embedding(g, w, ids)
    pos = _position_term(g, [zb, zs, ze], 1, dtype)
    store_output(g, _node(g, "Add", x1=emb, x2=pos))
    sizes = _embedding_sizes()
    weight = _data(dtype, (sizes["v"], sizes["e"]))
    index = RNG.integers(0, sizes["v"], (sizes["b"], sizes["s"])).astype(np.int32)
    want = weight[index] + np.arange(sizes["s"], dtype=weight.dtype)[None, :, None]
    _check(g, [weight, index], sizes, want, {"simt", "sklike"}, {"simd": "not a unary elementwise op"})
    torch = pytest.importorskip("torch")
    got = torch.nn.functional.embedding(torch.from_numpy(index).long(), torch.from_numpy(weight))
    got = got + torch.arange(sizes["s"], dtype=got.dtype)[None, :, None]
    assert_close(got.numpy(), want)


# ------------------------------------------------------------------ Arange before the gather
@pytest.mark.parametrize("flags", [{}, {"need_check_negative": True, "need_check_bound": True}])
def test_index_is_ids_plus_arange(flags: dict[str, bool]) -> None:
    """``gather(x, 1, ids + arange)`` (a sliding window); with the checks, negative sums
    wrap and out-of-range ones give 0."""
    g = ascir.HintGraph("ids_arange")
    i0, i1, j1 = g.create_size("i0"), g.create_size("i1"), g.create_size("j1")
    a0, a1, b1 = g.create_axis("a0", i0), g.create_axis("a1", i1), g.create_axis("b1", j1)
    x = load_input(g, "x", 0, F32, [a0, a1])
    ids = load_input(g, "ids", 1, I32, [a0, b1])
    ar = arange(g, dtype=I32, axis=[a0, b1], size=[1, j1], stride=[0, 1])
    idx = _node(g, "Add", x1=ids, x2=_node(g, "Broadcast", x=ar, dtype=I32, axis=[a0, b1]))
    store_output(g, gather(g, x, 1, idx, **flags))
    i1 = int(RNG.integers(2, 30))
    sizes = {"i0": int(RNG.integers(1, 5)), "i1": i1, "j1": int(RNG.integers(1, i1 + 1))}
    xv = _data(F32, (sizes["i0"], i1))
    checked = bool(flags)
    # unchecked: every sum inside the axis; checked: negative and past-the-end sums too
    low, high = (-2 * i1, i1) if checked else (0, i1 - sizes["j1"] + 1)
    ids_v = RNG.integers(low, high, (sizes["i0"], sizes["j1"])).astype(np.int32)
    raw = ids_v.astype(np.int64) + np.arange(sizes["j1"])[None, :]
    wrapped = np.where(raw < 0, raw + sizes["i1"], raw) if checked else raw
    valid = (wrapped >= 0) & (wrapped < sizes["i1"])
    want = np.where(valid, np.take_along_axis(xv, np.where(valid, wrapped, 0), axis=1), 0).astype(np.float32)
    _check(g, [xv, ids_v], sizes, want, {"simt", "sklike"}, {"simd": "the index chain must be a single load"})


def test_position_embedding_at_an_offset_arange() -> None:
    """Position embedding of a decode step: rows ``past .. past + S - 1`` of the table, the
    index an Arange whose base is the size variable ``past`` (no index load at all)."""
    g = ascir.HintGraph("pos_offset")
    s, v, e, past = (g.create_size(n) for n in ("s", "v", "e", "past"))
    zs, zv, ze = g.create_axis("zs", s), g.create_axis("zv", v), g.create_axis("ze", e)
    table = load_input(g, "pos_table", 0, F32, [zv, ze])
    ar = arange(g, dtype=I64, axis=[zs, ze], size=[s, 1], stride=[1, 0], base=past)
    idx = _node(g, "Broadcast", x=ar, dtype=I64, axis=[zs, ze])
    store_output(g, gather(g, table, 0, idx, need_check_bound=True))
    sizes = {
        "s": int(RNG.integers(1, 8)),
        "v": 12,
        "e": int(RNG.choice([8, 32])),
        "past": int(RNG.integers(1, 9)),
    }
    tv = _data(F32, (sizes["v"], sizes["e"]))
    rows = sizes["past"] + np.arange(sizes["s"])
    want = np.where((rows < sizes["v"])[:, None], tv[np.minimum(rows, sizes["v"] - 1)], 0).astype(np.float32)
    _check(g, [tv], sizes, want, {"simt", "sklike"})


def test_index_expr_before_and_after_the_gather() -> None:
    """IndexExpr on both sides: the index is ``ids + IndexExpr(shift)`` (a scalar operand,
    seed 000 AL-9) and the gathered value gets ``index_expr(i1 - shift)`` added as a tensor
    (IndexExpr -> Broadcast -> Cast, AL-10); the symbolic expressions are evaluated by host
    tiling on the real sizes."""
    g = ascir.HintGraph("ie_gather")
    i0, i1, j1, shift = (g.create_size(n) for n in ("i0", "i1", "j1", "shift"))
    a0, a1, b1 = g.create_axis("a0", i0), g.create_axis("a1", i1), g.create_axis("b1", j1)
    x = load_input(g, "x", 0, F32, [a0, a1])
    ids = load_input(g, "ids", 1, I64, [a0, b1])
    idx = _node(g, "Add", x1=ids, x2=IndexExpr(g, dtype=I64, expr=shift))
    got = gather(g, x, 1, idx, need_check_bound=True)
    store_output(g, _node(g, "Add", x1=got, x2=index_expr(g, i1 - shift, dtype=F32, axis=[a0, b1])))
    sizes = {"i0": int(RNG.integers(1, 5)), "i1": int(RNG.integers(2, 20)), "j1": int(RNG.integers(1, 9))}
    sizes["shift"] = int(RNG.integers(1, 4))  # size variables are >= 1
    xv = _data(F32, (sizes["i0"], sizes["i1"]))
    ids_v = RNG.integers(-2, sizes["i1"], (sizes["i0"], sizes["j1"])).astype(np.int64)
    raw = ids_v + sizes["shift"]
    valid = (raw >= 0) & (raw < sizes["i1"])
    gathered = np.where(valid, np.take_along_axis(xv, np.where(valid, raw, 0), axis=1), 0)
    want = (gathered + np.float32(sizes["i1"] - sizes["shift"])).astype(np.float32)
    _check(g, [xv, ids_v], sizes, want, {"simt", "sklike"})


# ------------------------------------------------------------------ several gathers
def test_token_plus_position_embedding_two_gathers() -> None:
    """``tok[ids] + pos[positions]``: two IndirectLoads with their own indices feeding one
    Add. SIMD takes one gather per kernel; SIMT gathers both per element; SK-like runs each
    gather as a stage of its own (each with its own SIMD/SIMT choice), then the Add."""
    g = ascir.HintGraph("tok_pos")
    zb, zs, zv, ze = _embedding_axes(g)
    p = g.create_size("p")
    zp = g.create_axis("zp", p)
    tok = load_input(g, "tok", 0, F32, [zv, ze])
    ids = load_input(g, "ids", 1, I32, [zb, zs])
    pos_t = load_input(g, "pos", 2, F32, [zp, ze])
    pos_ids = load_input(g, "pos_ids", 3, I64, [zb, zs])
    store_output(g, _node(g, "Add", x1=embedding(g, tok, ids), x2=embedding(g, pos_t, pos_ids)))
    sizes = _embedding_sizes() | {"p": int(RNG.integers(1, 10))}
    tv, pv = _data(F32, (sizes["v"], sizes["e"])), _data(F32, (sizes["p"], sizes["e"]))
    iv = RNG.integers(0, sizes["v"], (sizes["b"], sizes["s"])).astype(np.int32)
    pi = RNG.integers(0, sizes["p"], (sizes["b"], sizes["s"])).astype(np.int64)
    want = tv[iv] + pv[pi]
    kernels = _check(g, [tv, iv, pv, pi], sizes, want, {"simt", "sklike"}, {"simd": "2 IndirectLoads"})
    device = kernels["sklike"].sources.device_impl_cpp  # type: ignore[attr-defined]
    for stage in ("indirect_load", "indirect_load1", "output_post"):
        assert f"tok_pos_sklike_{stage}<<<" in device
    host = kernels["sklike"].sources.host_impl_cpp  # type: ignore[attr-defined]
    # each gather stage picks its own template on the real shapes (both keep SIMD and SIMT)
    assert "indirect_load_simd_tile_rows" in host and "indirect_load1_simd_tile_rows" in host


def test_rope_cos_sin_gathered_by_the_same_positions() -> None:
    """RoPE's tables: ``q * cos[pos] + k * sin[pos]`` -- two gathers sharing the position
    index (one gather site), multiplied with loads on the output axes and added."""
    g = ascir.HintGraph("rope_tables")
    t, m, d = g.create_size("t"), g.create_size("m"), g.create_size("d")
    zt, zm, zd = g.create_axis("zt", t), g.create_axis("zm", m), g.create_axis("zd", d)
    cos_t = load_input(g, "cos", 0, F32, [zm, zd])
    sin_t = load_input(g, "sin", 1, F32, [zm, zd])
    pos = load_input(g, "pos", 2, I32, [zt])
    q = load_input(g, "q", 3, F32, [zt, zd])
    k = load_input(g, "k", 4, F32, [zt, zd])
    cos_g, sin_g = embedding(g, cos_t, pos), embedding(g, sin_t, pos)
    out = _node(g, "Add", x1=_node(g, "Mul", x1=q, x2=cos_g), x2=_node(g, "Mul", x1=k, x2=sin_g))
    store_output(g, out)
    sizes = {"t": int(RNG.integers(1, 12)), "m": int(RNG.integers(1, 16)), "d": int(RNG.choice([8, 16, 64]))}
    cv, sv = _data(F32, (sizes["m"], sizes["d"])), _data(F32, (sizes["m"], sizes["d"]))
    pv = RNG.integers(0, sizes["m"], (sizes["t"],)).astype(np.int32)
    qv, kv = _data(F32, (sizes["t"], sizes["d"])), _data(F32, (sizes["t"], sizes["d"]))
    want = qv * cv[pv] + kv * sv[pv]
    kernels = _check(g, [cv, sv, pv, qv, kv], sizes, want, {"simt", "sklike"}, {"simd": "2 IndirectLoads"})
    device = kernels["sklike"].sources.device_impl_cpp  # type: ignore[attr-defined]
    assert "rope_tables_sklike_indirect_load1<<<" in device


TWO_GATHERS = """
ascir.graph @two_{tail} hint sizes [i0, i1, j0, j1] axes [0: a0 = i0, 1: a1 = i1, 2: b0 = j0, 3: b1 = j1] {{
  %x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %i = ascir.data {{index = 1 : i64}} : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %p = ascir.data {{index = 2 : i64}} : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %q = ascir.data {{index = 3 : i64}} : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %pl = ascir.load %p : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %ql = ascir.load %q : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %g = ascir.indirect_load %xl, %il {{dim = 1 : i64}} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %h = ascir.indirect_load %pl, %ql {{dim = 1 : i64}} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %s = ascir.add %g, %h : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  {tail_ops}
}}
"""


@pytest.mark.parametrize("tail", ["exp", "sum"])
def test_two_gathers_with_ops_simt_cannot_run_go_to_sklike(tail: str) -> None:
    """``exp(x[r, i] + p[r, q])`` has no SIMT form: SK-like takes it (each gather a stage,
    exp in the output post stage) and the automatic choice falls to it; a row sum after the
    two gathers runs on SIMT (a lane per reduced element) and SK-like alike."""
    from ..conftest import parse_ir

    t = "!ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>"
    r = "!ascir.tensor<float32, [b0, b1], [j0, 1], [1, 0]>"
    ops = {
        "exp": f"%e = ascir.exp %s : {t}\n  %st = ascir.store %e : {t}\n  %y = ascir.output %st {{index = 0 : i64}} : {t}",
        "sum": f"%e = ascir.reduce_sum %s : {r}\n  %st = ascir.store %e : {r}\n  %y = ascir.output %st {{index = 0 : i64}} : {r}",
    }
    module = parse_ir(TWO_GATHERS.format(tail=tail, tail_ops=ops[tail]))
    sizes = {"i0": int(RNG.integers(1, 5)), "i1": int(RNG.integers(1, 20)), "j1": int(RNG.integers(1, 40))}
    sizes["j0"] = sizes["i0"]
    xv, pv = _data(F32, (sizes["i0"], sizes["i1"])), _data(F32, (sizes["i0"], sizes["i1"]))
    iv = RNG.integers(0, sizes["i1"], (sizes["i0"], sizes["j1"])).astype(np.int32)
    qv = RNG.integers(0, sizes["i1"], (sizes["i0"], sizes["j1"])).astype(np.int32)
    both = np.take_along_axis(xv, iv.astype(np.int64), 1) + np.take_along_axis(pv, qv.astype(np.int64), 1)
    if tail == "exp":
        want, templates = np.exp(both), {"sklike"}
        rejected = {"simd": "2 IndirectLoads", "simt": "ascir.exp %e has no scalar form"}
    else:
        want, templates, rejected = (
            both.sum(axis=1, keepdims=True),
            {"simt", "sklike"},
            {"simd": "2 IndirectLoads"},
        )
    _check(module, [xv, iv, pv, qv], sizes, want.astype(np.float32), templates, rejected)


# ------------------------------------------------------------------ index from loaded values
@pytest.mark.parametrize("stride", [1, 2, 3])
def test_index_computed_from_loaded_ids(stride: int) -> None:
    """``x[r, int32(ids * stride + offset)]``: an int64 index scaled, shifted and cast
    before the gather (an interleaved table), bound-checked."""
    g = ascir.HintGraph(f"ids_scaled_{stride}")
    i0, i1, j1 = g.create_size("i0"), g.create_size("i1"), g.create_size("j1")
    a0, a1, b1 = g.create_axis("a0", i0), g.create_axis("a1", i1), g.create_axis("b1", j1)
    x = load_input(g, "x", 0, F32, [a0, a1])
    ids = load_input(g, "ids", 1, I64, [a0, b1])
    scaled = _node(g, "Add", x1=_node(g, "Mul", x1=ids, x2=_scalar(g, stride, I64)), x2=_scalar(g, 1, I64))
    idx = _node(g, "Cast", x=scaled, dtype=I32)
    store_output(g, gather(g, x, 1, idx, need_check_bound=True))
    sizes = {"i0": int(RNG.integers(1, 6)), "i1": int(RNG.integers(4, 40)), "j1": int(RNG.integers(1, 17))}
    xv = _data(F32, (sizes["i0"], sizes["i1"]))
    ids_v = RNG.integers(-1, sizes["i1"] // stride + 2, (sizes["i0"], sizes["j1"])).astype(np.int64)
    idx_v = ids_v * stride + 1
    valid = (idx_v >= 0) & (idx_v < sizes["i1"])
    want = np.where(valid, np.take_along_axis(xv, np.where(valid, idx_v, 0), axis=1), 0).astype(np.float32)
    _check(g, [xv, ids_v], sizes, want, {"simt", "sklike"}, {"simd": "the index chain must be a single load"})


# ------------------------------------------------------------------ the real spellings
def _real_spelling_graph(rank: int, axis: int, negative: bool, bound: bool, max_: int | None):  # type: ignore[no-untyped-def]
    g = ascir.HintGraph("real_attrs")
    ins = [g.create_size(f"i{k}") for k in range(rank)]
    outs = [g.create_size(f"j{k}") for k in range(rank)]
    a = [g.create_axis(f"a{k}", s) for k, s in enumerate(ins)]
    b = [g.create_axis(f"b{k}", s) for k, s in enumerate(outs)]
    x = load_input(g, "x", 0, F32, a)
    idx = load_input(g, "idx", 1, I32, b)
    il = ascir.ops.IndirectLoad("indirect_load")
    il.attr.sched.axis = b
    il.attr.ir_attr.axis = axis
    il.attr.ir_attr.negative_index_support = negative
    il.attr.ir_attr.need_check_bound = bound
    if max_ is not None:
        il.attr.ir_attr.max = max_
    il.x1 = x
    il.x2 = idx
    store_output(g, il.y)
    return g


@pytest.mark.parametrize(("rank", "axis"), [(1, -1), (2, -1), (2, -2), (3, -2), (3, 1)])
def test_real_front_end_spellings_run_on_every_template(rank: int, axis: int) -> None:
    """``axis`` (negative: from the end), ``negative_index_support`` and ``need_check_bound``
    set through ``attr.ir_attr`` as the real front end spells them; the graph prints our
    spelling and every template wraps negative indices and zeroes out-of-range ones."""
    dim = axis % rank
    g = _real_spelling_graph(rank, axis, True, True, None)
    text = g.to_mlir()
    assert f"{{dim = {dim} : i64, need_check_bound = true, need_check_negative = true}}" in text
    assert "axis =" not in text and "negative_index_support" not in text
    in_shape = tuple(int(RNG.integers(1, 6)) for _ in range(rank))
    idx_shape = tuple(
        int(RNG.integers(1, 9)) if k == dim else int(RNG.integers(1, in_shape[k] + 1)) for k in range(rank)
    )
    size = in_shape[dim]
    xv = _data(F32, in_shape)
    iv = RNG.integers(-2 * size, 2 * size, idx_shape).astype(np.int32)
    sizes = {f"i{k}": n for k, n in enumerate(in_shape)} | {f"j{k}": n for k, n in enumerate(idx_shape)}
    wrapped = np.where(iv < 0, iv + size, iv).astype(np.int64)
    valid = (wrapped >= 0) & (wrapped < size)
    sliced = xv[tuple(slice(0, n) if k != dim else slice(None) for k, n in enumerate(idx_shape))]
    want = np.where(valid, np.take_along_axis(sliced, np.where(valid, wrapped, 0), axis=dim), 0).astype(
        np.float32
    )
    _check(g, [xv, iv], sizes, want, {"simd", "simt"})


def test_real_front_end_indirect_load_function() -> None:
    """``ascir_api.IndirectLoad(graph, x1, x2, axis=-1, sched_axis=...)`` as the real front
    end calls it (a negative axis, the view from ``sched_axis``), bound-checked."""
    g = ascir.HintGraph("real_api")
    i0, i1, j1 = g.create_size("i0"), g.create_size("i1"), g.create_size("j1")
    a0, a1, b1 = g.create_axis("a0", i0), g.create_axis("a1", i1), g.create_axis("b1", j1)
    x = load_input(g, "x", 0, F16, [a0, a1])
    idx = load_input(g, "idx", 1, I64, [a0, b1])
    y = IndirectLoad(
        g, x, idx, axis=-1, sched_axis=[a0, b1], negative_index_support=True, need_check_bound=True
    )
    store_output(g, y)
    assert "{dim = 1 : i64, need_check_bound = true, need_check_negative = true}" in g.to_mlir()
    sizes = {"i0": 3, "i1": int(RNG.integers(2, 40)), "j1": int(RNG.integers(1, 50))}
    xv = _data(F16, (3, sizes["i1"]))
    iv = RNG.integers(-2 * sizes["i1"], 2 * sizes["i1"], (3, sizes["j1"])).astype(np.int64)
    wrapped = np.where(iv < 0, iv + sizes["i1"], iv)
    valid = (wrapped >= 0) & (wrapped < sizes["i1"])
    want = np.where(valid, np.take_along_axis(xv, np.where(valid, wrapped, 0), axis=1), 0).astype(np.float16)
    _check(g, [xv, iv], sizes, want, {"simd", "simt"})


def test_real_spelling_errors_name_the_attribute() -> None:
    g = _real_spelling_graph(2, -3, False, False, None)
    with pytest.raises(
        AscirError, match=r"attr\.ir_attr: axis -3 is out of range for input rank 2: use -2\.\.1"
    ):
        g.to_mlir()
    g = _real_spelling_graph(2, 1, False, False, None)
    il = next(n for n in g._topological() if n.name == "indirect_load")
    il.attr.ir_attr.dim = 1
    with pytest.raises(AscirError, match=r"'axis' is another spelling of 'dim': give one of them"):
        g.to_mlir()


def test_max_bounds_the_index_values_in_the_reference() -> None:
    """``max``: the front end's exclusive bound of the index values. The reference refuses
    an index at or past it (without need_check_bound); in range, every template runs."""
    g = _real_spelling_graph(2, 1, False, False, 3)
    assert "max = 3 : i64" in g.to_mlir()
    sizes = {"i0": 2, "i1": 5, "j0": 2, "j1": 4}
    xv = _data(F32, (2, 5))
    iv = RNG.integers(0, 3, (2, 4)).astype(np.int32)
    _check(g, [xv, iv], sizes, np.take_along_axis(xv, iv.astype(np.int64), axis=1), {"simd", "simt"})
    iv[1, 2] = 3  # inside the axis, outside max
    with pytest.raises(AscirError, match=r"index value 3 is outside \[0, 3\) \(max = 3\)"):
        reference(g, xv, iv, sizes=sizes)


def test_out_of_range_index_after_an_index_chain_stops_the_simulator() -> None:
    """Without need_check_bound, an out-of-range computed index is a diagnostic, never a
    wild read (SIMT checks each gathered index; SK-like's gather stage checks it too)."""
    g = ascir.HintGraph("ids_plus_one")
    i1, j1 = g.create_size("i1"), g.create_size("j1")
    a1, b1 = g.create_axis("a1", i1), g.create_axis("b1", j1)
    x = load_input(g, "x", 0, F32, [a1])
    ids = load_input(g, "ids", 1, I32, [b1])
    store_output(g, gather(g, x, 0, _node(g, "Add", x1=ids, x2=_scalar(g, 1, I32))))
    xv = _data(F32, (6,))
    iv = np.array([0, 5, 2], np.int32)  # 5 + 1 is past the end
    for template in ("simt", "sklike"):
        with pytest.raises(SimulatorError, match=r"out of|outside"):
            compile_graph(g, template=template)(xv, iv, sizes={"i1": 6, "j1": 3})


# ------------------------------------------------------------------ seed 001's fragment
SEED_FRAGMENT = """\
indirect_load = ascir.ops.IndirectLoad("indirect_load")
indirect_load.attr.sched.axis = [z4, z5, z6, z7]
indirect_load.attr.ir_attr.dim = 2
indirect_load.x1 = input_load
indirect_load.x2 = index_load
"""
"""Seed 001 "最简构图拓扑", 核心构图代码, verbatim: it never sets ``indirect_load.y``."""


def test_seed_001_fragment_runs_unchanged() -> None:
    """The seed's minimal script with its IndirectLoad block replaced by the fragment the
    seed gives as the core of graph building: the unset ``y`` takes the index's view and the
    input's dtype; schedule, codegen, and every template computes torch.gather."""
    source = (ROOT / "examples" / "indirect_load_minimal.py").read_text()
    start = source.index('indirect_load = ascir.ops.IndirectLoad("indirect_load")')
    end = source.index("store = ascir.ops.Store")
    ns: dict[str, object] = {}
    exec(compile(source[:start] + SEED_FRAGMENT + "\n" + source[end:], "seed_001_fragment", "exec"), ns)
    assert ns["op_kernel"] and ns["host_tiling"] and ns["tiling_def"]
    graph = ns["graph"]
    text = graph.to_mlir()  # type: ignore[attr-defined]
    assert (
        "ascir.indirect_load %input_load, %index_load sched [z4, z5, z6, z7] {dim = 2 : i64} : "
        "!ascir.tensor<float16, [z4, z5, z6, z7], [s4, s5, s6, s7], [s5 * s6 * s7, s6 * s7, s7, 1]>"
    ) in text
    sizes = {"s0": 3, "s1": 2, "s2": 7, "s3": 5, "s4": 2, "s5": 2, "s6": 4, "s7": 3}
    x = _data(F16, (3, 2, 7, 5))
    index = RNG.integers(0, 7, (2, 2, 4, 3)).astype(np.int32)
    want = np.take_along_axis(x[:2, :2, :, :3], index.astype(np.int64), axis=2)
    _check(graph, [x, index], sizes, want, {"simd", "simt"})  # type: ignore[arg-type]
