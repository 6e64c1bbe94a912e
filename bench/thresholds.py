"""Benchmark: the host-tiling thresholds re-derived on the 950's timeline (issue 33 item 5).

Three constants of ``lowering.plan`` (read by ``lowering.host_tiling``) decide a schedule from sizes only known at
run time, and each trades a fixed cost against what it buys:

* ``MIN_DOUBLE_TILE`` -- double-buffer a tile loop only when each of its two slots still
  holds this many elements (halving the tile doubles the DataCopy calls and their fixed
  cost; the overlap of MTE2 / V / MTE3 saves up to two thirds of the loop);
* ``MIN_SPLIT_TILE`` -- cut a row into more tiles to occupy idle cores only down to this
  many elements (a smaller tile moves too few bytes for its DataCopy's fixed cost);
* ``SPLIT_MIN_PART`` -- split one reduction over cores (the SPLIT schedule: a second launch
  folds the partials) only when each core gets this many elements of the reduced extent.

and the "measured" IndirectLoad template policy (``passes.indirect_plan``
``SIMD_FIXED_REQUESTS`` / ``SIMD_ROW_REQUESTS``, used by ``lowering.indirect_kernel``): SIMD
is taken over SIMT when SIMT's warp requests per core, ``warps * (lines + 2)``, reach
``fixed + row * rows_per_core``. The ``template`` family runs gathers along the last axis,
[rows, n] -> [rows, 2n], under each template once, and scores every (fixed, row) pair by
that inequality on each shape's own quantities.

For every candidate value the constant is set, each graph of its family is compiled
(without the graph cache: the constant is not part of its key), run on the 950's 56 vector
cores and checked, and its modelled time recorded. Per candidate: the geometric mean and
the worst of ``time / the best candidate's time`` over the family -- the regret of using
one fixed value for every shape. The chosen constant is the candidate of least worst
regret (then least mean).

    python bench/thresholds.py [--only double,split_tile,split_part,template] [--cores 56]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["ASCIR_GRAPH_CACHE"] = "0"

from xdsl.parser import Parser  # noqa: E402

from ascir_dialect.compare import assert_close  # noqa: E402
from ascir_dialect.interpreter import reference  # noqa: E402
from bench.roofline import Case, _row_reduction, axis_sum, elementwise  # noqa: E402
from bench.startup import chain  # noqa: E402
from lowering import host_tiling, indirect_simd  # noqa: E402
from tools.ascir_opt import make_context  # noqa: E402
from tools.compile import compile_graph  # noqa: E402

UB = 248 * 1024


def chain16(rows: int, cols: int) -> Case:
    rng = np.random.default_rng(5)
    x = [rng.standard_normal((rows, cols)).astype(np.float32) for _ in range(2)]
    return Case(f"chain16[{rows},{cols}]", chain(16), x, {"s0": rows, "s1": cols})


FAMILIES: dict[str, tuple[str, list[int], Callable[[], list[tuple[Case, int]]]]] = {
    # elementwise graphs whose doubled tiles land on either side of the candidates: add_relu
    # at UBs from 16 KB to the whole 248 KB, a 16-op chain (more buffers per element)
    "double": (
        "MIN_DOUBLE_TILE",
        [0, 512, 1024, 2048, 4096, 8192, 1 << 30],
        lambda: [(elementwise(3584, 512), ub * 1024) for ub in (16, 32, 64, 128, 248)]
        + [(chain16(3584, 512), UB), (chain16(448, 512), UB), (elementwise(448, 512), 32 * 1024)],
    ),
    # one to four long rows: tiles cut for idle cores
    "split_tile": (
        "MIN_SPLIT_TILE",
        [256, 512, 1024, 2048, 4096, 8192],
        lambda: [(elementwise(r, n), UB) for r in (1, 4) for n in (16384, 131072, 1048576)],
    ),
    # few rows, long reduced extent: the SPLIT schedule -- sums, and the norms and softmax
    # of a decoding step's few rows (rows of 8K..256K elements on fewer rows than cores)
    "split_part": (
        "SPLIT_MIN_PART",
        [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 1 << 40],
        lambda: [(axis_sum(r, n, 1), UB) for r in (1, 4, 16) for n in (16384, 131072, 1048576)]
        + [
            (_row_reduction("rmsnorm", 7, 8192), UB),
            (_row_reduction("rmsnorm", 2, 4096), UB),
            (_row_reduction("layernorm", 3, 32768), UB),
            (_row_reduction("softmax", 1, 262144), UB),
            (_row_reduction("softmax", 8, 131072), UB),
        ],
    ),
}


def _set(name: str, value: int) -> None:
    setattr(host_tiling, name, value)
    if name == "MIN_DOUBLE_TILE":
        indirect_simd.MIN_DOUBLE_TILE = value


def modelled(case: Case, cores: int, ub_size: int) -> float:
    module = Parser(make_context(), case.ir).parse_module()
    k = compile_graph(module, name="thresholds")
    got = k(*case.inputs, sizes=case.sizes, core_num=cores, ub_size=ub_size)
    want = reference(module, *case.inputs, sizes=case.sizes)
    for g, w in zip(got, want, strict=True):
        assert_close(g, w, rtol=2e-3, atol=2e-3)
    return k.last_run.timeline.modelled_seconds


def sweep(family: str, cores: int) -> tuple[str, int]:
    name, candidates, make = FAMILIES[family]
    saved = getattr(host_tiling, name)
    cases = make()
    times = np.zeros((len(candidates), len(cases)))
    try:
        for i, value in enumerate(candidates):
            _set(name, value)
            for j, (case, ub) in enumerate(cases):
                times[i, j] = modelled(case, cores, ub)
    finally:
        _set(name, saved)
    regret = times / times.min(axis=0)
    print(f"\n{name} (now {saved}) over {len(cases)} graphs on {cores} cores: modelled us per graph")
    print(f"{'value':>14} " + " ".join(f"{c.name[-12:] + '@' + str(ub // 1024):>16}" for c, ub in cases) + f" {'mean':>6} {'worst':>6}")
    for i, value in enumerate(candidates):
        mean = math.exp(float(np.log(regret[i]).mean()))
        print(
            f"{value:>14} " + " ".join(f"{t * 1e6:>16.2f}" for t in times[i]) + f" {mean:>6.3f} {regret[i].max():>6.3f}"
        )
    best = min(range(len(candidates)), key=lambda i: (round(regret[i].max(), 3), float(np.log(regret[i]).mean())))
    print(f"least worst regret: {name} = {candidates[best]} (worst {regret[best].max():.3f})")
    return name, candidates[best]


def template_policy(cores: int) -> list[tuple[str, int]]:
    from bench.indirect_load import gather_last
    from passes import indirect_plan as plan

    shapes = [(r, n) for r in (32, 64, 128, 256, 512, 1024) for n in (32, 64, 128, 256, 512, 1024) if r * n <= 1024 * 1024]
    rows_out = []
    for r, n in shapes:
        ir, inputs, sizes, want = gather_last(n, r)
        module = Parser(make_context(), ir).parse_module()
        t = {}
        for template in ("simd", "simt"):
            k = compile_graph(module, name="thresholds_gather", template=template)
            (out,) = k(*inputs, sizes=sizes, core_num=cores)
            np.testing.assert_array_equal(out.reshape(want[0].shape), want[0])
            t[template] = k.last_run.timeline.modelled_seconds
        # the policy's quantities for this shape (lowering/indirect_kernel.py _host):
        # continuous bytes n * 4 (float32 rows), index outer extent r, SIMT output r * 2n
        total = r * 2 * n
        per_block = -(-total // min(cores, total))
        warps = -(-per_block // plan.WARP_LANES)
        lines = min(-(-n * 4 // plan.DCACHE_LINE_BYTES), plan.WARP_LANES)
        rows_pc = -(-r // min(cores, r))
        wanted = n * 4 >= plan.CACHELINE_BYTES * plan.CACHE_THRES and r >= cores * plan.CORE_THRES
        rows_out.append((f"[{r},{n}]", t["simd"], t["simt"], warps * (lines + 2), rows_pc, wanted))
    fixed = [640, 2560, 5120, 7680, 10240, 12800, 15360, 20480, 30720]
    per_row = [0, 16, 64, 256, 1024]
    print(f"\nmeasured template policy over gathers [rows, n] -> [rows, 2n] on {cores} cores")
    print(f"{'shape':>12} {'simd_us':>8} {'simt_us':>8} {'requests':>9} {'rows/core':>9}")
    for name, ts, tt, req, rp, wanted in rows_out:
        print(f"{name:>12} {ts * 1e6:>8.2f} {tt * 1e6:>8.2f} {req:>9} {rp:>9}" + ("" if wanted else "  (FR6: SIMT)"))
    grid = {}
    for f in fixed:
        for rr in per_row:
            regret = []
            for _, ts, tt, req, rp, wanted in rows_out:
                pick = ts if wanted and req >= f + rr * rp else tt
                regret.append(pick / min(ts, tt) if wanted else 1.0)
            grid[f, rr] = (max(regret), math.exp(float(np.mean(np.log(regret)))))
    print("worst regret of (fixed, row):")
    print(f"{'fixed':>8} " + " ".join(f"{rr:>7}" for rr in per_row))
    for f in fixed:
        print(f"{f:>8} " + " ".join(f"{grid[f, rr][0]:>7.3f}" for rr in per_row))
    best = min(grid, key=lambda k: (round(grid[k][0], 3), grid[k][1]))
    print(f"least worst regret: SIMD_FIXED_REQUESTS = {best[0]}, SIMD_ROW_REQUESTS = {best[1]} "
          f"(worst {grid[best][0]:.3f}, now {plan.SIMD_FIXED_REQUESTS}, {plan.SIMD_ROW_REQUESTS}: "
          f"{grid.get((plan.SIMD_FIXED_REQUESTS, plan.SIMD_ROW_REQUESTS), (float('nan'),))[0]:.3f})")
    return [("SIMD_FIXED_REQUESTS", best[0]), ("SIMD_ROW_REQUESTS", best[1])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated: " + ", ".join([*FAMILIES, "template"]))
    parser.add_argument("--cores", type=int, default=56)
    args = parser.parse_args(argv)
    chosen = []
    for f in [f for f in args.only.split(",") if f] or [*FAMILIES, "template"]:
        chosen += template_policy(args.cores) if f == "template" else [sweep(f, args.cores)]
    print("\n" + "\n".join(f"{n} = {v}" for n, v in chosen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
