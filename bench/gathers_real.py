"""Benchmark: gathers in real graphs (issue 19) on the simulator, per template.

Token + position embedding (two gathers feeding one Add), embedding plus an Arange
position term, and RoPE's cos/sin tables gathered by one position index, at LLaMA-like
widths scaled to the CPU simulator. For each template that takes the graph (SIMD refuses
all three: one Gather per kernel, unary output chain): GM bytes moved / the minimum (each
index and output element once, each distinct gathered row once, each side input once),
DMA calls, launches and the modelled time of ``bench/cost_model.py``; ``<-`` marks the
template host tiling picks ("measured" policy).

    python bench/gathers_real.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ascendc_emitter.target.platform import ASCEND_950
from bench.cost_model import CostModel
from pyautofuse import ascir, compile_graph
from pyautofuse.ascir_api import arange, embedding, load_input, store_output

CORES = ASCEND_950.vector_cores
NAMES = {1: "simd", 2: "simt", 3: "sklike"}
F16, I32 = ascir.dtypes.float16, ascir.dtypes.int32
RNG = np.random.default_rng(0)


def _op(g: ascir.HintGraph, kind: str, like, **inputs):  # type: ignore[no-untyped-def]
    n = getattr(ascir.ops, kind)(g.unique_name(kind.lower()))
    for port, value in inputs.items():
        setattr(n, port, value)
    n.y.dtype, n.y.axis, n.y.size = like.dtype, like.axis, like.size or [a.size for a in like.axis]
    return n.y


def token_position(v: int, p: int, e: int, b: int, s: int):  # type: ignore[no-untyped-def]
    g = ascir.HintGraph("tok_pos")
    sizes = {"v": v, "p": p, "e": e, "b": b, "s": s}
    z = {n: g.create_axis(f"z{n}", g.create_size(n)) for n in sizes}
    tok = load_input(g, "tok", 0, F16, [z["v"], z["e"]])
    ids = load_input(g, "ids", 1, I32, [z["b"], z["s"]])
    pos = load_input(g, "pos", 2, F16, [z["p"], z["e"]])
    pids = load_input(g, "pos_ids", 3, I32, [z["b"], z["s"]])
    a, c = embedding(g, tok, ids), embedding(g, pos, pids)
    store_output(g, _op(g, "Add", a, x1=a, x2=c))
    tv, pv = RNG.standard_normal((v, e)).astype(np.float16), RNG.standard_normal((p, e)).astype(np.float16)
    iv = RNG.integers(0, v, (b, s)).astype(np.int32)
    qv = np.broadcast_to(np.arange(s, dtype=np.int32) % p, (b, s)).copy()
    want = tv[iv] + pv[qv]
    rows = (len(np.unique(iv)) + len(np.unique(qv))) * e * 2
    return g, [tv, iv, pv, qv], sizes, want, rows + iv.nbytes + qv.nbytes


def embedding_arange(v: int, e: int, b: int, s: int):  # type: ignore[no-untyped-def]
    g = ascir.HintGraph("embed_pos")
    sizes = {"v": v, "e": e, "b": b, "s": s}
    z = {n: g.create_axis(f"z{n}", g.create_size(n)) for n in sizes}
    w = load_input(g, "weight", 0, F16, [z["v"], z["e"]])
    ids = load_input(g, "ids", 1, I32, [z["b"], z["s"]])
    emb = embedding(g, w, ids)
    axes = [z["b"], z["s"], z["e"]]
    ar = arange(g, dtype=I32, axis=axes, size=[1, z["s"].size, 1], stride=[0, 1, 0])
    wide = _op(g, "Broadcast", _view(I32, axes), x=ar)
    term = _op(g, "Cast", _view(F16, axes), x=wide)
    store_output(g, _op(g, "Add", emb, x1=emb, x2=term))
    wv = RNG.standard_normal((v, e)).astype(np.float16)
    iv = RNG.integers(0, v, (b, s)).astype(np.int32)
    want = wv[iv] + np.arange(s, dtype=np.float16)[None, :, None]
    return g, [wv, iv], sizes, want, len(np.unique(iv)) * e * 2 + iv.nbytes


def rope_tables(m: int, d: int, t: int):  # type: ignore[no-untyped-def]
    g = ascir.HintGraph("rope_tables")
    sizes = {"m": m, "d": d, "t": t}
    z = {n: g.create_axis(f"z{n}", g.create_size(n)) for n in sizes}
    cos_t = load_input(g, "cos", 0, F16, [z["m"], z["d"]])
    sin_t = load_input(g, "sin", 1, F16, [z["m"], z["d"]])
    pos = load_input(g, "pos", 2, I32, [z["t"]])
    q = load_input(g, "q", 3, F16, [z["t"], z["d"]])
    k = load_input(g, "k", 4, F16, [z["t"], z["d"]])
    c, s_ = embedding(g, cos_t, pos), embedding(g, sin_t, pos)
    qc, ks = _op(g, "Mul", c, x1=q, x2=c), _op(g, "Mul", c, x1=k, x2=s_)
    store_output(g, _op(g, "Add", c, x1=qc, x2=ks))
    cv, sv = RNG.standard_normal((m, d)).astype(np.float16), RNG.standard_normal((m, d)).astype(np.float16)
    pv = RNG.integers(0, m, (t,)).astype(np.int32)
    qv, kv = RNG.standard_normal((t, d)).astype(np.float16), RNG.standard_normal((t, d)).astype(np.float16)
    want = qv * cv[pv] + kv * sv[pv]
    return (
        g,
        [cv, sv, pv, qv, kv],
        sizes,
        want,
        2 * len(np.unique(pv)) * d * 2 + pv.nbytes + qv.nbytes + kv.nbytes,
    )


class _view:  # noqa: N801 -- a stand-in NodeOutput view for _op
    def __init__(self, dtype, axes):  # type: ignore[no-untyped-def]
        self.dtype, self.axis, self.size = dtype, axes, None


SHAPES = [
    ("tok + pos embedding [32000x1024]+[2048x1024] [2,64]", lambda: token_position(32000, 2048, 1024, 2, 64)),
    ("embedding + arange [32000x1024] [2,64]", lambda: embedding_arange(32000, 1024, 2, 64)),
    ("rope cos/sin [4096x128] t=256", lambda: rope_tables(4096, 128, 256)),
]


def main() -> int:
    model = CostModel()
    print(f"Gathers in real graphs on the simulator, {CORES} cores (cost model: bench/cost_model.py)")
    print(f"{'graph':<52}{'template':>9}{'':>3}{'gm/min':>8}{'dma':>7}{'launch':>7}{'model_us':>10}")
    for label, make in SHAPES:
        graph, inputs, sizes, want, extra_min = make()
        module = graph.to_module()
        minimum = extra_min + want.nbytes
        auto = compile_graph(module, name="bench_real")
        auto(*inputs, sizes=sizes, core_num=CORES, costs=model.costs())
        chosen = NAMES[auto.last_run.tiling_key]  # type: ignore[attr-defined]
        for template in ("simt", "sklike"):
            k = compile_graph(module, name="bench_real", template=template)
            (out,) = k(*inputs, sizes=sizes, core_num=CORES, costs=model.costs())
            np.testing.assert_allclose(out.astype(np.float32), want.astype(np.float32), rtol=2e-3, atol=2e-3)
            s = k.stats
            gm = (s["gm_read_bytes"] + s["gm_write_bytes"]) / minimum
            us = model.kernel_time(k.last_run) * 1e6  # type: ignore[arg-type]
            mark = "<-" if template == chosen else ""
            print(
                f"{label:<52}{template:>9}{mark:>3}{gm:>8.3f}{s['dma_calls']:>7}{s['launches']:>7}{us:>10.1f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
