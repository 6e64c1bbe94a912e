"""Benchmark: start-up of ``ascir-opt`` against bare ``xdsl-opt`` (issue 17 item 1) and
growth of parse/verify/print and of the autofuse pipeline with graph size.

* imports: ``python -X importtime -c "import tools.ascir_opt"``, cumulative time of the
  heavy packages and which of them a parse/print run leaves in ``sys.modules``;
* fresh process: wall time of ``ascir-opt <graph>`` (parse, verify, print) and of
  ``ascir-opt <graph> -p autofuse -t ascendc`` beside bare ``xdsl-opt`` on a builtin-only
  file with as many ops, as ratios (median of ``--runs``, the commands interleaved so a
  load change on the machine hits all of them alike);
* growth: generated chains of 200 and 2,000 elementwise nodes, parse + verify + print and
  the autofuse pipeline in this process, with the CLI's GC handling (``tools.cli.managed_gc``);
  the ratio should stay close to 10 (linear).

    python bench/startup.py [--runs 7] [--no-growth]
    python bench/startup.py --per-node 1000,10000,100000   # time and memory per op
"""

from __future__ import annotations

import argparse
import io
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BIN = Path(sys.executable).parent
GRAPHS = {
    "add_relu": ROOT / "examples" / "add_relu.mlir",
    "lowering/vf": ROOT / "test" / "lit" / "lowering" / "vf.mlir",
    "passes/schedule_softmax": ROOT / "test" / "lit" / "passes" / "schedule_softmax.mlir",
    "indirect_load/codegen": ROOT / "test" / "lit" / "indirect_load" / "codegen.mlir",
}
HEAVY = ("sympy", "mpmath", "numpy", "ml_dtypes", "runtime", "lowering", "torch")
T = "!ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>"


# ------------------------------------------------------------------------- graphs


def chain(length: int) -> str:
    """A graph of ``length`` elementwise nodes in a chain (add, mul, maximum, sub)."""
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {T}",
        f"%y = ascir.data {{index = 1 : i64}} : {T}",
        f"%a = ascir.load %x sched [z0, z1] {{offset = #ascir.expr<0>}} : {T}",
        f"%b = ascir.load %y sched [z0, z1] {{offset = #ascir.expr<0>}} : {T}",
    ]
    cur = "%a"
    ops = ["add", "mul", "maximum", "sub"]
    for i in range(length):
        body.append(f"%v{i} = ascir.{ops[i % 4]} {cur}, %b sched [z0, z1] : {T}")
        cur = f"%v{i}"
    body += [
        f"%s = ascir.store {cur} sched [z0, z1] {{offset = #ascir.expr<0>}} : {T}",
        f"%o = ascir.output %s {{index = 0 : i64}} : {T}",
    ]
    return (
        "builtin.module {\n"
        f"  ascir.graph @chain{length} hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{\n    "
        + "\n    ".join(body)
        + "\n  }\n}\n"
    )


def builtin_twin(path: Path) -> str:
    """A builtin-only module with as many ops as the ascir graph file (for bare ``xdsl-opt``)."""
    n = sum(1 for line in path.read_text().splitlines() if re.match(r"\s*%\w+ = ", line))
    lines = ['  %0 = "builtin.unrealized_conversion_cast"() : () -> i32']
    lines += [f'  %{i} = "builtin.unrealized_conversion_cast"(%{i - 1}) : (i32) -> i32' for i in range(1, n)]
    return "builtin.module {\n" + "\n".join(lines) + "\n}\n"


# ---------------------------------------------------------------------- fresh runs


def run(cmd: list[str]) -> float:
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr[-2000:]}")
    return elapsed


def fresh(runs: int, tmp: Path) -> None:
    print(f"fresh process, median of {runs} (ratios to bare xdsl-opt on a builtin-only file of as many ops)")
    print(f"{'graph':<24}{'xdsl-opt s':>11}{'parse/print s':>15}{'ratio':>7}{'autofuse s':>12}{'ratio':>7}")
    opt, xopt = str(BIN / "ascir-opt"), str(BIN / "xdsl-opt")
    for name, path in GRAPHS.items():
        twin = tmp / (path.stem + ".builtin.mlir")
        twin.write_text(builtin_twin(path))
        split = ["--split-input-file"] if "// -----" in path.read_text() else []
        cmds = {
            "bare": [xopt, str(twin)],
            "parse": [opt, str(path), *split],
            "autofuse": [opt, str(path), *split, "-p", "autofuse", "-t", "ascendc"],
        }
        times: dict[str, list[float]] = {k: [] for k in cmds}
        for _ in range(runs):
            for k, cmd in cmds.items():
                times[k].append(run(cmd))
        med = {k: statistics.median(v) for k, v in times.items()}
        print(
            f"{name:<24}{med['bare']:>11.3f}{med['parse']:>15.3f}{med['parse'] / med['bare']:>7.2f}"
            f"{med['autofuse']:>12.3f}{med['autofuse'] / med['bare']:>7.2f}"
        )


def import_times(argv: list[str]) -> None:
    """Import self time, by top-level package, of one in-process ``ascir-opt`` run."""
    code = (
        "import io, contextlib\n"
        "from tools.ascir_opt import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({argv!r}) == 0\n"
    )
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    by_package: dict[str, int] = {}
    for line in out.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if m:
            top = m[4].split(".")[0]
            by_package[top] = by_package.get(top, 0) + int(m[1])
    total = sum(by_package.values())
    top = sorted(by_package.items(), key=lambda kv: -kv[1])[:8]
    print(f"ascir-opt {' '.join(argv[1:]) or '(parse/print)'}: imports {total / 1e6:.3f} s")
    print("  " + ", ".join(f"{k} {v / 1e6:.3f}" for k, v in top))


def imports() -> None:
    """Import costs of parse/print and of the autofuse pipeline, and what parse/print imports."""
    graph = str(GRAPHS["add_relu"])
    import_times([graph])
    import_times([graph, "-p", "autofuse", "-t", "ascendc"])
    probe = (
        "import sys, io, contextlib\n"
        "from tools.ascir_opt import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main([{str(GRAPHS['add_relu'])!r}]) == 0\n"
        f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    print(f"heavy modules after `ascir-opt add_relu.mlir`: {loaded.stdout.strip() or 'none'}")


# ---------------------------------------------------------------------- in process


def growth(runs: int) -> None:
    from xdsl.printer import Printer

    from ascir_dialect.diagnostics import AscirParser, first_verification_error
    from lowering.pipeline import AutofusePass
    from tools.ascir_opt import emit_ascendc, make_context
    from tools.cli import managed_gc

    def parse_print(text: str) -> float:
        start = time.perf_counter()
        with managed_gc():
            ctx = make_context()
            module = AscirParser(ctx, text, "chain").parse_module()
            assert first_verification_error(module) is None
            Printer(stream=io.StringIO()).print_op(module)
        return time.perf_counter() - start

    def autofuse(text: str) -> float:
        start = time.perf_counter()
        with managed_gc():
            ctx = make_context()
            module = AscirParser(ctx, text, "chain").parse_module()
            assert first_verification_error(module) is None
            AutofusePass().apply(ctx, module)
            emit_ascendc(module, io.StringIO())
        return time.perf_counter() - start

    texts = {n: chain(n) for n in (200, 2000)}
    parse_print(texts[200])  # warm: first-use imports and caches
    autofuse(texts[200])
    print("in process (medians), growth 200 -> 2000 nodes (linear = x10)")
    for label, fn in (("parse/verify/print", parse_print), ("autofuse -t ascendc", autofuse)):
        t = {n: statistics.median(fn(texts[n]) for _ in range(runs)) for n in texts}
        print(
            f"  {label:<22} 200: {t[200]:.3f} s  2000: {t[2000]:.3f} s  "
            f"x{t[2000] / t[200]:.1f}  ({t[2000] / 2000 * 1e3:.2f} ms/node)"
        )


PER_NODE_CHILD = """
import io, resource, sys, time
sys.path.insert(0, sys.argv[2])
from bench.startup import chain
from ascir_dialect.diagnostics import AscirParser, first_verification_error
from lowering.pipeline import AutofusePass
from tools.ascir_opt import emit_ascendc, make_context
from tools.cli import managed_gc
text = chain(int(sys.argv[1]))
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
with managed_gc():
    ctx = make_context()
    module = AscirParser(ctx, text, "chain").parse_module()
    assert first_verification_error(module) is None
    AutofusePass().apply(ctx, module)
    emit_ascendc(module, io.StringIO())
elapsed = time.perf_counter() - start
print(elapsed, before, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def per_node(sizes: list[int]) -> None:
    """Time and peak memory per op of parse + verify + autofuse + emission of an n-op chain,
    each n in a fresh child process (peak RSS above what the imports and the text took)."""
    print("per node, a fresh process each: parse + verify + autofuse + AscendC emission")
    print(f"{'ops':>8}{'time s':>10}{'ms/op':>8}{'peak MB':>9}{'KB/op':>8}")
    for n in sizes:
        out = subprocess.run(
            [sys.executable, "-c", PER_NODE_CHILD, str(n), str(ROOT)], capture_output=True, text=True, check=False
        )
        if out.returncode != 0:
            print(f"{n:>8}  failed: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.returncode}")
            continue
        elapsed, before, peak = (float(x) for x in out.stdout.split())
        grown_kb = peak - before  # ru_maxrss is in KiB on Linux
        print(f"{n:>8}{elapsed:>10.2f}{elapsed / n * 1e3:>8.2f}{peak / 1024:>9.0f}{grown_kb / n:>8.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--per-node",
        default="",
        help="comma-separated chain lengths (e.g. 1000,10000,100000): time and memory per op, then exit",
    )
    parser.add_argument("--no-fresh", action="store_true", help="skip the fresh-process runs")
    parser.add_argument("--no-growth", action="store_true", help="skip the 200/2,000-node growth runs")
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    if args.per_node:
        per_node([int(n) for n in args.per_node.split(",")])
        return 0
    imports()
    print()
    if not args.no_fresh:
        with tempfile.TemporaryDirectory() as tmp:
            fresh(args.runs, Path(tmp))
        print()
    if not args.no_growth:
        growth(max(1, args.runs // 2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
