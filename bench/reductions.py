"""Benchmark: softmax and RMSNorm over the last axis -- GM traffic and modelled time.

For each graph and shape it prints the schedule host tiling chose (resident: the row is
loaded once; streaming: every pass over the row reads it again -- softmax makes three
passes, max, sum of exp and output, RMSNorm two; split: the row is cut over cores and the
passes are separate launches), the GM bytes moved against the minimum (input read once,
output written once), the number of input reads that implies, the modelled time of
``bench/cost_model.py`` and the simulator's wall time. Every result is checked against
the reference interpreter.

    python bench/reductions.py [--cores 56] [--shapes 64x32000,8x128x4096] [--param NAME=VALUE]

``--ops`` prints instead, for Sum, Mean, Prod, Any, ArgMax (int32 and int64 index) over the
last axis of [64, 4000] and [64, 32000] (float32; bool for Any), the input reads and the
modelled time.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ascendc_emitter.target.platform import ASCEND_950
from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from bench.cost_model import CostModel
from test.conftest import parse_ir
from test.lowering.reduction_graphs import make_case
from tools.compile import compile_graph

SCHEDULES = {0: "-", 1: "resident", 2: "streaming", 3: "split"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cores", type=int, default=ASCEND_950.vector_cores)
    parser.add_argument("--shapes", default="64x32000,8x128x4096")
    parser.add_argument("--dtype", default="float32", choices=["float32", "float16"])
    parser.add_argument("--param", action="append", default=[], help="cost-model override NAME=VALUE")
    parser.add_argument("--ops", action="store_true", help="the reduction ops table instead")
    args = parser.parse_args()
    model = CostModel().with_overrides(args.param)
    os.environ.setdefault("ASCIR_CACHE_DIR", tempfile.mkdtemp(prefix="ascir-bench-"))
    if args.ops:
        return ops_table(args.cores, model)
    shapes = [[int(d) for d in s.split("x")] for s in args.shapes.split(",")]
    print(f"{args.dtype}, reduced over the last axis, {args.cores} cores, ub 248 KB")
    header = (
        f"{'graph':<9} {'shape':<13} {'path':<5} {'schedule':<9} {'GM bytes':>11} {'minimum':>11} "
        f"{'ratio':>6} {'reads':>5} {'modelled us':>11} {'sim s':>6}  busy cycles (slowest core)"
    )
    print(header)
    cases = [
        (family, shape, vf) for family in ("softmax", "rmsnorm") for shape in shapes for vf in (True, False)
    ]
    failures = 0
    for family, shape, vf in tqdm(cases, desc="graphs", file=sys.stderr, disable=None):
        case = make_case(shape, (len(shape) - 1,), args.dtype, family, seed=1)
        module = parse_ir(case.ir)
        kernel = compile_graph(module, name=f"bench_{family}", vf=vf)
        start = time.perf_counter()
        (out,) = kernel(*case.inputs, sizes=case.sizes, core_num=args.cores, costs=model.costs())
        wall = time.perf_counter() - start
        (ref,) = reference(module, *case.inputs, sizes=case.sizes)
        try:
            assert_close(out, ref, rtol=2e-5, name=f"{family} {shape}")
        except AssertionError as e:  # pragma: no cover - reported, not raised
            print(e)
            failures += 1
        stats, run = kernel.stats, kernel.last_run
        moved = stats["gm_read_bytes"] + stats["gm_write_bytes"]
        x = case.inputs[0]
        minimum = x.nbytes + out.nbytes
        reads = stats["gm_read_bytes"] / x.nbytes
        modelled = model.kernel_time(run) * 1e6
        print(
            f"{family:<9} {'x'.join(map(str, shape)):<13} {'vf' if vf else 'root':<5} "
            f"{SCHEDULES.get(run.tiling_key, str(run.tiling_key)):<9} {moved:>11} {minimum:>11} "
            f"{moved / minimum:>6.3f} {reads:>5.2f} {modelled:>11.1f} {wall:>6.2f}  {model.pipe_busy(run)}"
        )
    print(
        "reads: input bytes read / input size (1 = once; a streaming schedule reads the chunks its row cache does not hold once per pass).\n"
        "modelled: bench/cost_model.py (the simulator's timeline: critical path of the slowest core per\n"
        "launch plus launch overheads); busy cycles per pipe on the slowest core."
    )
    return 1 if failures else 0


def ops_table(cores: int, model: CostModel) -> int:
    import numpy as np

    from test.lowering.test_reductions_more import graph

    rows = [
        ("Sum", "reduce_sum", "float32", "float32"),
        ("Mean", "reduce_mean", "float32", "float32"),
        ("Prod", "reduce_prod", "float32", "float32"),
        ("Any (bool)", "reduce_any", "bool", "bool"),
        ("ArgMax (int32 index)", "reduce_argmax", "float32", "int32"),
        ("ArgMax (int64 index)", "reduce_argmax", "float32", "int64"),
    ]
    shapes = [(64, 4000), (64, 32000)]
    print(f"reductions over the last axis, {cores} cores: input reads / input size, modelled us")
    print(f"{'op':<22}" + "".join(f"{'x'.join(map(str, s)):>22}" for s in shapes))
    rng = np.random.default_rng(0)
    for label, op, dtype, out in rows:
        module = parse_ir(graph(op, dtype, 2, (1,), out))
        kernel = compile_graph(module, name="bench_ops")
        cells = []
        for shape in shapes:
            x = rng.standard_normal(shape).astype(np.float32)
            x = (x > 1.5) if dtype == "bool" else (x * 0.01 + 1.0 if op == "reduce_prod" else x)
            sizes = {"s0": shape[0], "s1": shape[1]}
            (got,) = kernel(x, sizes=sizes, core_num=cores, costs=model.costs())
            (want,) = reference(module, x, sizes=sizes)
            assert_close(got, want, rtol=2e-5, atol=1e-6, name=f"{op} {shape}")
            reads = kernel.stats["gm_read_bytes"] / x.nbytes
            cells.append(f"{reads:.2f}x, {model.kernel_time(kernel.last_run) * 1e6:.1f} us")
        print(f"{label:<22}" + "".join(f"{c:>22}" for c in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
