"""Benchmark: the row cache of the STREAMING schedule against every pass reading the row (issue 36).

For softmax, RMSNorm and LayerNorm over rows longer than one tile -- float32 and float16
inputs, rows of 12,000 to 70,000 elements, whole rows cached, part of them, or none where
the model finds no gain -- each graph is compiled with ``row_cache=True`` (the default) and
``row_cache=False``, run on the simulator on the 950's 56 vector cores, and the modelled
times set side by side with their ratio (below 1: the cache is faster). It prints the worst
and the geometric mean of the ratios: host tiling takes the cache only where its model
(copies and vector work per pass, ATT's tables) finds it cheaper, so the worst should stay
at 1.0. The numbers are the model's, not a device's.

    python bench/row_cache.py [--cores N]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from test.conftest import parse_ir  # noqa: E402
from test.lowering.reduction_graphs import make_case  # noqa: E402
from tools.compile import compile_graph  # noqa: E402

SHAPES = ([256, 20000], [128, 32000], [64, 50000], [512, 12000], [96, 70000])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", type=int, default=56)
    args = parser.parse_args(argv)
    ratios: list[float] = []
    print(f"{'graph':10s} {'dtype':8s} {'shape':14s} {'cache us':>9s} {'none us':>9s} {'ratio':>6s}")
    for family in ("softmax", "rmsnorm", "layernorm"):
        for dtype in ("float32", "float16"):
            kernels = {}
            for dims in SHAPES:
                case = make_case(dims, (1,), dtype, family, seed=1)
                times = {}
                for cache in (True, False):
                    if cache not in kernels:
                        name = f"bench_rc_{family}_{dtype}_{int(cache)}"
                        kernels[cache] = compile_graph(parse_ir(case.ir), name=name, row_cache=cache)
                    k = kernels[cache]
                    k(*case.inputs, sizes=case.sizes, core_num=args.cores)
                    times[cache] = k.last_run.timeline.modelled_seconds * 1e6
                ratio = times[True] / times[False]
                ratios.append(ratio)
                print(f"{family:10s} {dtype:8s} {dims!s:14s} {times[True]:9.1f} {times[False]:9.1f} {ratio:6.3f}")
    mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"{len(ratios)} cases: worst ratio {max(ratios):.3f}, best {min(ratios):.3f}, geometric mean {mean:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
