"""Front-end gather / index_select / embedding (seed 001 FR1), built with the seed's Python
API, compiled with each template and checked against numpy."""

from __future__ import annotations

import numpy as np
import pytest

from pyautofuse import ascir, compile_graph
from pyautofuse.ascir_api import embedding, gather, index_select, load_input, store_output

RNG = np.random.default_rng(11)


@pytest.mark.parametrize("template", ["simd", "simt", None])
def test_gather_matches_take_along_axis(template) -> None:
    g = ascir.HintGraph("gather")
    a, b, n = (g.create_axis(f"a{i}", g.create_size(f"s{i}")) for i in range(3))
    x = load_input(g, "x", 0, ascir.dtypes.float32, [a, b])
    idx = load_input(g, "i", 1, ascir.dtypes.int64, [a, n])
    store_output(g, gather(g, x, 1, idx, need_check_negative=True))
    xs = RNG.standard_normal((4, 9)).astype(np.float32)
    ids = RNG.integers(-9, 9, (4, 13)).astype(np.int64)
    (out,) = compile_graph(g, template=template)(xs, ids, sizes={"s0": 4, "s1": 9, "s2": 13})
    np.testing.assert_array_equal(out, np.take_along_axis(xs, np.where(ids < 0, ids + 9, ids), axis=1))


@pytest.mark.parametrize("template", ["simd", "simt", None])
def test_index_select_matches_row_indexing(template) -> None:
    g = ascir.HintGraph("index_select")
    r, c, n = (g.create_axis(f"a{i}", g.create_size(f"s{i}")) for i in range(3))
    x = load_input(g, "x", 0, ascir.dtypes.float16, [r, c])
    idx = load_input(g, "i", 1, ascir.dtypes.int32, [n])
    store_output(g, index_select(g, x, 0, idx))
    xs = RNG.standard_normal((50, 24)).astype(np.float16)
    ids = RNG.integers(0, 50, (7,)).astype(np.int32)
    (out,) = compile_graph(g, template=template)(xs, ids, sizes={"s0": 50, "s1": 24, "s2": 7})
    np.testing.assert_array_equal(out, xs[ids])


@pytest.mark.parametrize("template", ["simd", "simt", "sklike", None])
def test_embedding_matches_take(template) -> None:
    g = ascir.HintGraph("embedding")
    v, h, bt, t = (g.create_axis(f"a{i}", g.create_size(f"s{i}")) for i in range(4))
    w = load_input(g, "w", 0, ascir.dtypes.bfloat16, [v, h])
    ids = load_input(g, "ids", 1, ascir.dtypes.int32, [bt, t])
    emb = embedding(g, w, ids)
    relu = ascir.ops.Relu("relu")
    relu.x = emb
    store_output(g, relu)
    import ml_dtypes

    table = RNG.standard_normal((30, 16)).astype(ml_dtypes.bfloat16)
    tokens = RNG.integers(0, 30, (3, 5)).astype(np.int32)
    k = compile_graph(g, template=template)
    (out,) = k(table, tokens, sizes={"s0": 30, "s1": 16, "s2": 3, "s3": 5})
    np.testing.assert_array_equal(out, np.maximum(np.take(table, tokens, axis=0), 0))


@pytest.mark.parametrize("template", ["simt", "sklike", None])
def test_embedding_and_index_select_of_arange_positions(template) -> None:
    """Issue 37: an index computed in the graph -- the positions of an Arange (GPT-2's
    learned positions ``wpe(arange(p, p + s))``) -- feeds the helpers as a Load would (the
    SIMD template takes a loaded index only: SIMT computes it per element, SK-like in its
    index pre stage)."""
    from pyautofuse.ascir_api import arange

    g = ascir.HintGraph("positions")
    q, h, t = (g.create_axis(f"a{i}", g.create_size(f"s{i}")) for i in range(3))
    w = load_input(g, "w", 0, ascir.dtypes.float32, [q, h])
    pos = arange(g, dtype=ascir.dtypes.int32, axis=[t], base=g.create_size("p"), step=1)
    emb = embedding(g, w, pos)
    relu = ascir.ops.Relu("relu")
    relu.x = emb
    store_output(g, relu)
    table = RNG.standard_normal((40, 24)).astype(np.float32)
    k = compile_graph(g, template=template)
    (out,) = k(table, sizes={"s0": 40, "s1": 24, "s2": 9, "p": 5})
    np.testing.assert_array_equal(out, np.maximum(table[5:14], 0))

    g = ascir.HintGraph("select_positions")
    r, c, n = (g.create_axis(f"a{i}", g.create_size(f"s{i}")) for i in range(3))
    x = load_input(g, "x", 0, ascir.dtypes.float16, [r, c])
    idx = arange(g, dtype=ascir.dtypes.int64, axis=[n], base=1, step=3)
    store_output(g, index_select(g, x, 0, idx))
    xs = RNG.standard_normal((50, 20)).astype(np.float16)
    (out,) = compile_graph(g, template=template)(xs, sizes={"s0": 50, "s1": 20, "s2": 16})
    np.testing.assert_array_equal(out, xs[1:48:3])


def test_helper_errors_are_clear() -> None:
    g = ascir.HintGraph("bad")
    a, b = (g.create_axis(f"a{i}", g.create_size(f"s{i}")) for i in range(2))
    x = load_input(g, "x", 0, ascir.dtypes.float32, [a, b])
    idx = load_input(g, "i", 1, ascir.dtypes.int32, [a])
    with pytest.raises(ValueError, match="index rank 1"):
        gather(g, x, 0, idx)
    with pytest.raises(ValueError, match="dim 2 is out of range"):
        gather(g, x, 2, x)
