"""Benchmark: compile latency, fresh process and in process, and growth with graph size.

* fresh process: ``ascir-opt <graph> -p autofuse -t ascendc`` (Python start-up, imports,
  parse, pipeline, print), median of ``--runs``;
* in process: parse + pipeline + print of the same graph (no C++ build), median;
* graph-cache hit: ``compile_graph`` of a graph this process compiled before (a new module
  with the same text): the graph-level cache (``tools.graph_cache``) serves the sources and
  the kernel cache the library, no pipeline; median ms per graph (goal: <= 5 ms);
* growth: synthetic elementwise chains of 200 and 2,000 nodes through the whole in-process
  pipeline; the ratio should stay close to 10 (linear).

    python bench/compile_latency.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tqdm import tqdm
from xdsl.parser import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.gm_traffic import chain
from lowering.pipeline import AutofusePass
from tools.ascir_opt import emit_ascendc, make_context

ROOT = Path(__file__).resolve().parent.parent
GRAPHS = {
    "add_relu": ROOT / "examples" / "add_relu.mlir",
    "vf mixed dtypes": ROOT / "test" / "lit" / "lowering" / "vf.mlir",
    "gather (IndirectLoad)": ROOT / "test" / "lit" / "indirect_load" / "codegen.mlir",
}


def in_process(text: str) -> float:
    import io

    start = time.perf_counter()
    for chunk in text.split("// -----"):
        if "ascir.graph" not in chunk:
            continue
        ctx = make_context()
        module = Parser(ctx, chunk).parse_module()
        AutofusePass().apply(ctx, module)
        emit_ascendc(module, io.StringIO())
    return time.perf_counter() - start


def fresh_process(path: Path) -> float:
    opt = Path(sys.executable).parent / "ascir-opt"
    start = time.perf_counter()
    out = subprocess.run(
        [str(opt), str(path), "--split-input-file", "-p", "autofuse", "-t", "ascendc"],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"{path}: ascir-opt failed: {out.stderr}")
    return time.perf_counter() - start


def cache_hit_ms(text: str, runs: int) -> float:
    """Median ms of compile_graph on a graph compiled before in this process (per graph)."""
    from test.conftest import parse_ir
    from tools.compile import compile_graph

    chunks = [c for c in text.split("// -----") if "ascir.graph" in c]
    for chunk in chunks:
        compile_graph(parse_ir(chunk))
    samples = []
    for _ in range(max(runs, 5)):
        modules = [parse_ir(c) for c in chunks]
        start = time.perf_counter()
        for m in modules:
            compile_graph(m)
        samples.append((time.perf_counter() - start) / len(chunks))
    return statistics.median(samples) * 1e3


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'graph':<24}{'fresh process s':>17}{'in process s':>14}")
    for name, path in tqdm(GRAPHS.items(), desc="graphs", file=sys.stderr, disable=None):
        text = path.read_text()
        fresh = statistics.median(fresh_process(path) for _ in range(args.runs))
        inproc = statistics.median(in_process(text) for _ in range(args.runs))
        print(f"{name:<24}{fresh:>17.3f}{inproc:>14.4f}")
    print()
    print(f"{'graph':<24}{'graph-cache hit ms':>20}")
    for name, path in GRAPHS.items():
        print(f"{name:<24}{cache_hit_ms(path.read_text(), args.runs):>20.2f}")
    print()
    times = {}
    for n in tqdm((200, 2000), desc="growth", file=sys.stderr, disable=None):
        text = chain(n)
        times[n] = statistics.median(in_process(text) for _ in range(max(1, args.runs // 2)))
        print(f"chain of {n:>5} nodes: {times[n]:.3f} s in process")
    print(f"growth 200 -> 2000 nodes: x{times[2000] / times[200]:.1f} (linear = x10)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
