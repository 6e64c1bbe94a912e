"""The fused tails of a LLaMA-style decoder block, each one ASCIR graph (issue 19, "Done when").

* ``rmsnorm``: ``(x.float() * rsqrt(mean(x.float()**2, -1) + eps)).half() * w`` -- Cast,
  Mul, Mean (decomposed to a float32 Sum and a division by the row length), Rsqrt, Broadcast.
* ``silu_mlp``: ``silu(gate.float()).half() * up`` -- the SiLU-gated MLP tail between the
  gate/up and the down projection (Sigmoid in float32, two Muls, Casts).
* ``rope``: rotate-half RoPE of ``q [t, 2h]`` with the cos/sin rows gathered by the position
  ids (two IndirectLoads) -- ``q * cos[pos] + cat(-q[:, h:], q[:, :h]) * sin[pos]`` with
  Split, Neg and Concat.
* ``causal_softmax``: ``softmax(where(j > i + p, -inf, x * scale), -1)`` over ``[heads, s, p + s]``
  scores, the mask built from two Aranges (the query row offset by the past length ``p``,
  a symbolic size), float32 Max/Sum reductions.
* ``embed_pos``: ``tok[ids] + pos[p + arange(s)]`` -- a token embedding and a learned position
  embedding whose index is an Arange starting at the past length ``p``: two IndirectLoads,
  one of them indexed by an Arange.

Each builder returns the graph's IR text, inputs, sizes, a torch function computing the same
thing from the inputs, and the minimum GM bytes (every input element the result depends on
read once -- for a gather each distinct gathered row once -- and every output element written
once). ``python bench/llama_tails.py`` compiles each at LLaMA-like widths scaled to the
simulator, runs it on the 950's 56 vector cores, compares it with torch and prints GM bytes / minimum, DMA
calls and the modelled time of ``bench/cost_model.py`` with its busiest pipe.
``test/lowering/test_llama_tails.py`` runs the same graphs at small random sizes on both paths.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _t(dtype: str, axes: list[str], reps: list[str], strides: list[str] | None = None) -> str:
    if strides is None:
        strides, acc = [], "1"
        for r in reversed(reps):
            strides.insert(0, acc)
            acc = r if acc == "1" else (acc if r == "1" else f"({r}) * ({acc})")
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(reps)}], [{', '.join(strides)}]>"


def _graph(name: str, sizes: list[str], axes: list[tuple[str, str]], body: list[str]) -> str:
    ax = ", ".join(f"{i}: {n} = {s}" for i, (n, s) in enumerate(axes))
    lines = "\n    ".join(body)
    return (
        f"builtin.module {{\n  ascir.graph @{name} hint sizes [{', '.join(sizes)}] axes [{ax}] {{\n"
        f"    {lines}\n  }}\n}}\n"
    )


@dataclass
class Tail:
    name: str
    ir: str
    inputs: list[np.ndarray]
    sizes: dict[str, int]
    torch_fn: Callable[..., Any]
    min_bytes: int
    rtol: float | None = None
    atol: float | None = None

    def torch_result(self) -> np.ndarray:
        import torch

        out = self.torch_fn(*(torch.from_numpy(a) for a in self.inputs))
        return out.numpy()


def rmsnorm(t: int, d: int, rng: np.random.Generator, eps: float = 1e-6) -> Tail:
    full16, full32 = _t("float16", ["z0", "z1"], ["s0", "s1"]), _t("float32", ["z0", "z1"], ["s0", "s1"])
    row32 = _t("float32", ["z0", "z1"], ["s0", "1"], ["1", "0"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {full16}",
        f"%w = ascir.data {{index = 1 : i64}} : {_t('float16', ['z1'], ['s1'])}",
        f"%lx = ascir.load %x : {full16}",
        f"%lw = ascir.load %w : {_t('float16', ['z0', 'z1'], ['1', 's1'], ['0', '1'])}",
        f"%xf = ascir.cast %lx : {full32}",
        f"%sq = ascir.mul %xf, %xf : {full32}",
        f"%ms = ascir.reduce_mean %sq : {row32}",
        f'%eps = ascir.scalar {{value = "{eps}"}} : !ascir.scalar<float32>',
        f"%ad = ascir.add %ms, %eps : {row32}",
        f"%rs = ascir.rsqrt %ad : {row32}",
        f"%rb = ascir.broadcast %rs : {full32}",
        f"%n = ascir.mul %xf, %rb : {full32}",
        f"%nh = ascir.cast %n : {full16}",
        f"%wb = ascir.broadcast %lw : {full16}",
        f"%y = ascir.mul %nh, %wb : {full16}",
        f"%st = ascir.store %y : {full16}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {full16}",
    ]
    x = rng.standard_normal((t, d)).astype(np.float16)
    w = (1 + 0.1 * rng.standard_normal(d)).astype(np.float16)

    def ref(x, w):  # type: ignore[no-untyped-def]
        import torch

        xf = x.float()
        return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps)).half() * w

    ir = _graph("rmsnorm", ["s0", "s1"], [("z0", "s0"), ("z1", "s1")], body)
    return Tail("rmsnorm", ir, [x, w], {"s0": t, "s1": d}, ref, 2 * x.nbytes + w.nbytes)


def silu_mlp(t: int, f: int, rng: np.random.Generator) -> Tail:
    full16, full32 = _t("float16", ["z0", "z1"], ["s0", "s1"]), _t("float32", ["z0", "z1"], ["s0", "s1"])
    body = [
        f"%g = ascir.data {{index = 0 : i64}} : {full16}",
        f"%u = ascir.data {{index = 1 : i64}} : {full16}",
        f"%lg = ascir.load %g : {full16}",
        f"%lu = ascir.load %u : {full16}",
        f"%gf = ascir.cast %lg : {full32}",
        f"%sg = ascir.sigmoid %gf : {full32}",
        f"%si = ascir.mul %gf, %sg : {full32}",
        f"%sh = ascir.cast %si : {full16}",
        f"%y = ascir.mul %sh, %lu : {full16}",
        f"%st = ascir.store %y : {full16}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {full16}",
    ]
    gate = (2 * rng.standard_normal((t, f))).astype(np.float16)
    up = rng.standard_normal((t, f)).astype(np.float16)

    def ref(gate, up):  # type: ignore[no-untyped-def]
        import torch

        return torch.nn.functional.silu(gate.float()).half() * up

    ir = _graph("silu_mlp", ["s0", "s1"], [("z0", "s0"), ("z1", "s1")], body)
    return Tail("silu_mlp", ir, [gate, up], {"s0": t, "s1": f}, ref, 3 * gate.nbytes)


def rope(t: int, half: int, m: int, rng: np.random.Generator) -> Tail:
    """``q [t, 2*half]`` float32, ``cos``/``sin`` tables ``[m, 2*half]``, ``pos [t]`` int32."""
    q_t = _t("float32", ["zt", "zd"], ["t", "2 * h"])
    half_t = _t("float32", ["zt", "zh"], ["t", "h"])
    table = _t("float32", ["zm", "zd"], ["m", "2 * h"])
    index = _t("int32", ["zt", "zd"], ["t", "2 * h"], ["1", "0"])
    split = "sizes = [#ascir.expr<h>, #ascir.expr<h>]"
    body = [
        f"%q = ascir.data {{index = 0 : i64}} : {q_t}",
        f"%cos = ascir.data {{index = 1 : i64}} : {table}",
        f"%sin = ascir.data {{index = 2 : i64}} : {table}",
        f"%pos = ascir.data {{index = 3 : i64}} : {_t('int32', ['zt'], ['t'])}",
        f"%lq = ascir.load %q : {q_t}",
        f"%lc = ascir.load %cos : {table}",
        f"%ls = ascir.load %sin : {table}",
        f"%ip = ascir.load %pos : {index}",
        f"%c = ascir.indirect_load %lc, %ip {{dim = 0 : i64}} : {q_t}",
        f"%ip2 = ascir.load %pos : {index}",
        f"%s = ascir.indirect_load %ls, %ip2 {{dim = 0 : i64}} : {q_t}",
        f"%x1 = ascir.split %lq {{axis = 1 : i64, {split}, index = 0 : i64}} : {half_t}",
        f"%x2 = ascir.split %lq {{axis = 1 : i64, {split}, index = 1 : i64}} : {half_t}",
        f"%n2 = ascir.neg %x2 : {half_t}",
        f"%rot = ascir.concat %n2, %x1 {{axis = 1 : i64}} : {q_t}",
        f"%qc = ascir.mul %lq, %c : {q_t}",
        f"%rs = ascir.mul %rot, %s : {q_t}",
        f"%y = ascir.add %qc, %rs : {q_t}",
        f"%st = ascir.store %y : {q_t}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {q_t}",
    ]
    d = 2 * half
    q = rng.standard_normal((t, d)).astype(np.float32)
    theta = np.arange(m, dtype=np.float64)[:, None] * (10000.0 ** (-np.arange(half) / half))[None, :]
    ang = np.concatenate([theta, theta], axis=1)
    cos, sin = np.cos(ang).astype(np.float32), np.sin(ang).astype(np.float32)
    pos = rng.integers(0, m, t).astype(np.int32)

    def ref(q, cos, sin, pos):  # type: ignore[no-untyped-def]
        import torch

        c, s = cos[pos.long()], sin[pos.long()]
        rot = torch.cat([-q[:, half:], q[:, :half]], dim=-1)
        return q * c + rot * s

    rows = len(np.unique(pos)) * d * 4
    ir = _graph("rope", ["t", "h", "m"], [("zt", "t"), ("zd", "2 * h"), ("zh", "h"), ("zm", "m")], body)
    return Tail("rope", ir, [q, cos, sin, pos], {"t": t, "h": half, "m": m}, ref, 2 * q.nbytes + 2 * rows + pos.nbytes)


def causal_softmax(heads: int, s: int, past: int, rng: np.random.Generator, scale: float = 0.125) -> Tail:
    axes = ["zh", "zq", "zk"]
    f16 = _t("float16", axes, ["n", "s", "p + s"])
    f32 = _t("float32", axes, ["n", "s", "p + s"])
    idx = _t("int64", axes, ["n", "s", "p + s"])
    row = _t("float32", axes, ["n", "s", "1"], ["s", "1", "0"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f16}",
        f"%lx = ascir.load %x : {f16}",
        f"%xf = ascir.cast %lx : {f32}",
        f'%sc = ascir.scalar {{value = "{scale}"}} : !ascir.scalar<float32>',
        f"%xs = ascir.mul %xf, %sc : {f32}",
        f"%q = ascir.arange {{base = #ascir.expr<p>, step = #ascir.expr<1>}} : "
        f"{_t('int64', axes, ['1', 's', '1'], ['0', '1', '0'])}",
        f"%k = ascir.arange {{base = #ascir.expr<0>, step = #ascir.expr<1>}} : "
        f"{_t('int64', axes, ['1', '1', 'p + s'], ['0', '0', '1'])}",
        f"%qb = ascir.broadcast %q : {idx}",
        f"%kb = ascir.broadcast %k : {idx}",
        f"%future = ascir.gt %kb, %qb : {_t('bool', axes, ['n', 's', 'p + s'])}",
        '%ninf = ascir.scalar {value = "-inf"} : !ascir.scalar<float32>',
        f"%nb = ascir.broadcast %ninf : {f32}",
        f"%m = ascir.where %future, %nb, %xs : {f32}",
        f"%mx = ascir.reduce_max %m : {row}",
        f"%mxb = ascir.broadcast %mx : {f32}",
        f"%sh = ascir.sub %m, %mxb : {f32}",
        f"%e = ascir.exp %sh : {f32}",
        f"%sum = ascir.reduce_sum %e : {row}",
        f"%sb = ascir.broadcast %sum : {f32}",
        f"%p = ascir.div %e, %sb : {f32}",
        f"%y = ascir.cast %p : {f16}",
        f"%st = ascir.store %y : {f16}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f16}",
    ]
    x = (4 * rng.standard_normal((heads, s, past + s))).astype(np.float16)

    def ref(x):  # type: ignore[no-untyped-def]
        import torch

        i = torch.arange(s)[:, None] + past
        j = torch.arange(past + s)[None, :]
        masked = torch.where(j > i, float("-inf"), x.float() * scale)
        return torch.softmax(masked, dim=-1).half()

    ir = _graph(
        "causal_softmax", ["n", "s", "p"], [("zh", "n"), ("zq", "s"), ("zk", "p + s")], body
    )
    return Tail("causal_softmax", ir, [x], {"n": heads, "s": s, "p": past}, ref, 2 * x.nbytes)


def embed_pos(v: int, e: int, b: int, s: int, past: int, rng: np.random.Generator) -> Tail:
    axes = ["zb", "zs", "ze"]
    out = _t("float16", axes, ["b", "s", "e"])
    body = [
        f"%tok = ascir.data {{index = 0 : i64}} : {_t('float16', ['zv', 'ze'], ['v', 'e'])}",
        f"%ids = ascir.data {{index = 1 : i64}} : {_t('int32', ['zb', 'zs'], ['b', 's'])}",
        f"%pos = ascir.data {{index = 2 : i64}} : {_t('float16', ['zp', 'ze'], ['q', 'e'])}",
        f"%lt = ascir.load %tok : {_t('float16', ['zb', 'zv', 'ze'], ['b', 'v', 'e'], ['0', 'e', '1'])}",
        f"%li = ascir.load %ids : {_t('int32', axes, ['b', 's', 'e'], ['s', '1', '0'])}",
        f"%te = ascir.indirect_load %lt, %li {{dim = 1 : i64}} : {out}",
        f"%lp = ascir.load %pos : {_t('float16', ['zb', 'zp', 'ze'], ['b', 'q', 'e'], ['0', 'e', '1'])}",
        f"%pa = ascir.arange {{base = #ascir.expr<p>, step = #ascir.expr<1>}} : "
        f"{_t('int32', axes, ['1', 's', '1'], ['0', '1', '0'])}",
        f"%pi = ascir.broadcast %pa : {_t('int32', axes, ['b', 's', 'e'])}",
        f"%pe = ascir.indirect_load %lp, %pi {{dim = 1 : i64}} : {out}",
        f"%y = ascir.add %te, %pe : {out}",
        f"%st = ascir.store %y : {out}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {out}",
    ]
    q = past + s + 3
    tok = rng.standard_normal((v, e)).astype(np.float16)
    ids = rng.integers(0, v, (b, s)).astype(np.int32)
    pos = rng.standard_normal((q, e)).astype(np.float16)

    def ref(tok, ids, pos):  # type: ignore[no-untyped-def]
        import torch

        return tok[ids.long()] + pos[torch.arange(past, past + s)][None]

    ir = _graph(
        "embed_pos",
        ["v", "e", "b", "s", "q", "p"],
        [("zv", "v"), ("ze", "e"), ("zb", "b"), ("zs", "s"), ("zp", "q")],
        body,
    )
    minimum = (len(np.unique(ids)) + s) * e * 2 + ids.nbytes + b * s * e * 2
    sizes = {"v": v, "e": e, "b": b, "s": s, "q": q, "p": past}
    return Tail("embed_pos", ir, [tok, ids, pos], sizes, ref, minimum)


TEMPLATES = {1: "simd", 2: "simt", 3: "sklike"}
"""IndirectLoad tiling keys (host tiling's template choice)."""


def tails(rng: np.random.Generator, scale: str = "bench") -> list[Tail]:
    """The five tails at LLaMA-like widths scaled to the simulator (``bench``) or at small
    random sizes (``test``: odd lengths, several tiles only where the UB forces them)."""
    if scale == "bench":
        return [
            rmsnorm(256, 4096, rng),
            silu_mlp(256, 11008, rng),
            rope(1024, 64, 4096, rng),
            causal_softmax(32, 128, 384, rng),
            embed_pos(32000, 4096, 2, 128, 256, rng),
        ]

    def r(lo: int, hi: int) -> int:
        return int(rng.integers(lo, hi))

    return [
        rmsnorm(r(1, 40), r(1, 700), rng),
        silu_mlp(r(1, 40), r(1, 900), rng),
        rope(r(1, 60), r(1, 80), r(1, 100), rng),
        causal_softmax(r(1, 4), r(1, 30), r(0, 20), rng),
        embed_pos(r(1, 300), r(1, 200), r(1, 3), r(1, 20), r(0, 10), rng),
    ]


def main() -> int:
    from xdsl.parser import Parser

    from ascendc_emitter.target.platform import ASCEND_950
    from bench.cost_model import CostModel
    from tools.ascir_opt import make_context
    from tools.compile import compile_graph

    cores = ASCEND_950.vector_cores
    model = CostModel()
    print(f"LLaMA-style decoder tails, one graph each, on the simulator ({cores} cores; bench/cost_model.py)")
    print(f"{'tail':<16}{'path':>12}{'gm/min':>8}{'dma':>7}{'model_us':>10}{'t/busiest':>10}{'max err':>10}")
    for tail in tails(np.random.default_rng(0)):
        want = tail.torch_result()
        gathers = "indirect_load" in tail.ir
        runs = [(vf, None) for vf in (True, False)] + ([(True, "sklike")] if gathers else [])
        for vf, template in runs:
            module = Parser(make_context(), tail.ir).parse_module()
            k = compile_graph(module, name=tail.name, vf=vf, template=template)
            (got,) = k(*tail.inputs, sizes=tail.sizes, core_num=cores, costs=model.costs())
            err = float(np.max(np.abs(got.astype(np.float64) - want.astype(np.float64))))
            s = k.stats
            gm = (s["gm_read_bytes"] + s["gm_write_bytes"]) / tail.min_bytes
            tl = k.last_run.timeline
            us = tl.modelled_seconds * 1e6
            overlap = tl.total_cycles / max(1, max(tl.pipe_busy_cycles.values()))
            path = ("vf" if vf else "root") if template is None else template
            if gathers and template is None:
                path += "/" + TEMPLATES[k.last_run.tiling_key]
            print(f"{tail.name:<16}{path:>12}{gm:>8.3f}{s['dma_calls']:>7}{us:>10.1f}{overlap:>10.2f}{err:>10.2e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
