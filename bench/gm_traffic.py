"""Benchmark: simulator GM traffic against the physical minimum, and compile time.

For large elementwise and broadcast chains, GM bytes moved (read + written, from the
simulator's counters) divided by the minimum (each input element read once, each output
element written once). Target: <= 1.05. Also the time of the Python pipeline (schedule,
lower, print) and of the C++ build per graph, with a cold kernel cache.

    python bench/gm_traffic.py [--rows 512 --cols 2048]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm
from xdsl.parser import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ascendc_emitter.printer import emit_files
from ascendc_emitter.target.platform import ASCEND_950
from lowering.graph_lowering import lower_graph
from passes.schedule import schedule_graph
from runtime import compile_kernel
from tools.ascir_opt import make_context
from tools.compile import CompiledGraph

T = "!ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>"


def chain(length: int) -> str:
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {T}",
        f"%y = ascir.data {{index = 1 : i64}} : {T}",
        f"%a = ascir.load %x : {T}",
        f"%b = ascir.load %y : {T}",
    ]
    cur = "%a"
    ops = ["add", "mul", "maximum", "sub"]
    for i in range(length):
        body.append(f"%v{i} = ascir.{ops[i % 4]} {cur}, %b : {T}")
        cur = f"%v{i}"
    body += [f"%s = ascir.store {cur} : {T}", f"%o = ascir.output %s {{index = 0 : i64}} : {T}"]
    return graph(f"chain{length}", body)


def broadcast(kind: str) -> str:
    part = {
        "inner": "!ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>",
        "outer": "!ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>",
    }[kind]
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {T}",
        f"%b = ascir.data {{index = 1 : i64}} : {part}",
        f"%a = ascir.load %x : {T}",
        f"%bl = ascir.load %b : {part}",
        f"%bb = ascir.broadcast %bl : {T}",
        f"%r = ascir.add %a, %bb : {T}",
        f"%e = ascir.exp %r : {T}",
        f"%s = ascir.store %e : {T}",
        f"%o = ascir.output %s {{index = 0 : i64}} : {T}",
    ]
    return graph(f"broadcast_{kind}", body)


def graph(name: str, body: list[str]) -> str:
    return (
        f"ascir.graph @{name} hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{\n  "
        + "\n  ".join(body)
        + "\n}\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=512)
    parser.add_argument("--cols", type=int, default=2048)
    parser.add_argument("--cores", type=int, default=ASCEND_950.vector_cores)
    args = parser.parse_args()
    os.environ["ASCIR_CACHE_DIR"] = tempfile.mkdtemp(prefix="ascir-bench-")
    rows, cols = args.rows, args.cols
    cases = [
        ("chain1", chain(1)),
        ("chain4", chain(4)),
        ("chain16", chain(16)),
        ("broadcast_inner", broadcast("inner")),
        ("broadcast_outer", broadcast("outer")),
    ]
    print(f"shape [{rows}, {cols}] float32, {args.cores} cores, ub 248 KB")
    print(
        f"{'graph':<17} {'pipeline ms':>11} {'c++ build s':>11} {'GM bytes':>12} {'minimum':>12} {'ratio':>7} {'blocks':>6}"
    )
    worst = 0.0
    for name, text in tqdm(cases, desc="graphs", file=sys.stderr, disable=None):
        module = Parser(make_context(), text).parse_module()
        hint = next(iter(module.ops))
        t0 = time.perf_counter()
        sources = emit_files(lower_graph(schedule_graph(hint)))
        t1 = time.perf_counter()
        kernel = compile_kernel(sources.tiling_h, sources.host_impl_cpp, sources.device_impl_cpp, name=name)
        t2 = time.perf_counter()
        compiled = CompiledGraph(hint, sources, kernel)
        rng = np.random.default_rng(0)
        x = rng.standard_normal((rows, cols)).astype(np.float32) * 0.1
        if name.startswith("chain"):
            second = rng.standard_normal((rows, cols)).astype(np.float32) * 0.1
        elif name == "broadcast_inner":
            second = rng.standard_normal((rows, 1)).astype(np.float32) * 0.1
        else:
            second = rng.standard_normal((1, cols)).astype(np.float32) * 0.1
        compiled(x, second, sizes={"s0": rows, "s1": cols}, core_num=args.cores)
        stats = compiled.stats
        moved = stats["gm_read_bytes"] + stats["gm_write_bytes"]
        minimum = x.nbytes + second.nbytes + x.nbytes
        ratio = moved / minimum
        worst = max(worst, ratio)
        print(
            f"{name:<17} {1000 * (t1 - t0):>11.1f} {t2 - t1:>11.2f} {moved:>12} {minimum:>12} {ratio:>7.4f} {compiled.last_run.block_dim:>6}"
        )
    print(f"worst GM bytes / minimum: {worst:.4f} (target <= 1.05)")
    return 0 if worst <= 1.05 else 1


if __name__ == "__main__":
    sys.exit(main())
