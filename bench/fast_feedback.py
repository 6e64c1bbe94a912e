"""Benchmark: every fast-feedback figure of issue 17 beside TorchInductor's, in one run.

Four sections, each ours beside Inductor (CPU) on the same machine in the same run, as ratios:

1. **Program to runnable kernel** (``bench/vs_inductor.py``): the four computations in fresh
   processes (cold: empty caches; warm: again in that process) and in one shared process
   (a new kernel in a long-lived process; a cache hit). Its tables are printed as they are.
2. **Start-up**: ``ascir-opt <graph> -p autofuse -t ascendc`` in a fresh process beside bare
   ``xdsl-opt`` on a builtin-only file of as many ops (the goal is <= 2.5x), and beside the
   least a fresh process costs Inductor for the same add_relu: import torch, then
   ``torch.compile`` + first call with a warm Inductor cache.
3. **Scaling**: chains of 200 and 2,000 elementwise ops (``bench/startup.py``'s chain):
   ours = parse + verify + autofuse + AscendC emission in process (no C++ build); Inductor =
   ``torch.compile`` of the same chain to its first result (Dynamo trace, AOT, Inductor
   codegen and C++ build) in a fresh process with an empty cache. Growth 200 -> 2,000 of
   each (linear = x10) and ours/Inductor.
4. **Simulator speed** (``bench/sim_speed.py``'s elementwise / Arange / reduction / gather
   cases, one core): the kernel on the simulator beside numpy and beside the
   Inductor-compiled function (``torch.set_num_threads(1)``), warm, median of ``--repeats``.

    python bench/fast_feedback.py [--quick] [--skip compile,startup,scaling,sim]

``--quick`` is a smoke run: the same shapes, fewer repeats. Needs torch (``pip install -e '.[bench]'``):
exit 2 without it, 1 if a section fails.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent
SECTIONS = ("compile", "startup", "scaling", "sim")
CHAIN_OPS = ("add", "mul", "maximum", "sub")


def _run(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=ROOT, env=env)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:4])} ... failed ({out.returncode}): {out.stderr[-1500:]}")
    return elapsed, out.stdout


def _ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b > 0 else "-"


# ---------------------------------------------------------------- 1. program -> kernel


def section_compile(quick: bool) -> None:
    print("\n## 1. Program to runnable kernel, ours vs Inductor (bench/vs_inductor.py)\n", flush=True)
    base = [sys.executable, str(ROOT / "bench" / "vs_inductor.py"), "--runs", "1" if quick else "3"]
    for label, extra in (("fresh processes", []), ("one shared process", ["--shared-process"])):
        print(f"### {label}", flush=True)
        _, out = _run(base + extra)
        print(out, flush=True)


# ----------------------------------------------------------------------- 2. start-up

INDUCTOR_ADD_RELU = """
import sys, time, os
start = time.perf_counter()
import torch
torch.set_num_threads(1)
imported = time.perf_counter()
f = torch.compile(lambda a, b: torch.relu(a + b))
x = torch.randn(33, 70)
f(x, x)
print(imported - start, time.perf_counter() - imported)
"""


def section_startup(quick: bool, tmp: Path) -> None:
    from bench.startup import GRAPHS, builtin_twin

    runs = 3 if quick else 7
    print(f"\n## 2. Start-up in a fresh process (median of {runs})\n")
    env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=str(tmp / "inductor-startup"))
    _run([sys.executable, "-c", INDUCTOR_ADD_RELU], env)  # populate Inductor's cache: warm runs below
    print(f"{'graph':<24}{'xdsl-opt s':>11}{'autofuse s':>12}{'/xdsl-opt':>10}{'Inductor warm s':>17}{'ours/Inductor':>15}")
    opt, xopt = str(BIN / "ascir-opt"), str(BIN / "xdsl-opt")
    inductor: list[float] = []
    for name, path in GRAPHS.items():
        twin = tmp / (path.stem + ".builtin.mlir")
        twin.write_text(builtin_twin(path))
        split = ["--split-input-file"] if "// -----" in path.read_text() else []
        bare, ours = [], []
        for _ in range(runs):  # interleaved: a load change hits all commands alike
            bare.append(_run([xopt, str(twin)])[0])
            ours.append(_run([opt, str(path), *split, "-p", "autofuse", "-t", "ascendc"])[0])
            if name == "add_relu":
                inductor.append(_run([sys.executable, "-c", INDUCTOR_ADD_RELU], env)[0])
        b, o = statistics.median(bare), statistics.median(ours)
        ind = statistics.median(inductor)
        print(f"{name:<24}{b:>11.3f}{o:>12.3f}{o / b:>9.2f}x{ind:>17.3f}{_ratio(o, ind):>15}")
    print("(Inductor: add_relu, import torch + torch.compile + first call with a warm cache)")


# ------------------------------------------------------------------------ 3. scaling

INDUCTOR_CHAIN = """
import sys, time
import torch
torch.set_num_threads(1)
n = int(sys.argv[1])
ops = [torch.add, torch.mul, torch.maximum, torch.sub]
def chain(a, b):
    for i in range(n):
        a = ops[i % 4](a, b)
    return a
x, y = torch.randn(64, 256), torch.randn(64, 256)
start = time.perf_counter()
torch.compile(chain)(x, y)
print(time.perf_counter() - start)
"""


def _ours_chain(n: int) -> float:
    import io

    from ascir_dialect.diagnostics import AscirParser, first_verification_error
    from bench.startup import chain
    from lowering.pipeline import AutofusePass
    from tools.ascir_opt import emit_ascendc, make_context
    from tools.cli import managed_gc

    text = chain(n)
    start = time.perf_counter()
    with managed_gc():
        ctx = make_context()
        module = AscirParser(ctx, text, "chain").parse_module()
        assert first_verification_error(module) is None
        AutofusePass().apply(ctx, module)
        emit_ascendc(module, io.StringIO())
    return time.perf_counter() - start


def section_scaling(quick: bool, tmp: Path) -> None:
    runs = 1 if quick else 3
    print(f"\n## 3. Scaling: a chain of n elementwise ops to code (median of {runs})\n")
    _ours_chain(200)  # first-use imports and caches
    ours = {n: statistics.median(_ours_chain(n) for _ in range(runs)) for n in (200, 2000)}
    ind: dict[int, float] = {}
    for n in (200, 2000):
        times = []
        for r in range(runs):
            env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=str(tmp / f"inductor-chain-{n}-{r}"))
            times.append(float(_run([sys.executable, "-c", INDUCTOR_CHAIN, str(n)], env)[1].split()[-1]))
        ind[n] = statistics.median(times)
    print(f"{'':<28}{'n=200 s':>9}{'n=2000 s':>10}{'growth':>8}{'ms/op':>8}")
    for label, t in (("ours (in process, no g++)", ours), ("Inductor (cold, to result)", ind)):
        print(f"{label:<28}{t[200]:>9.3f}{t[2000]:>10.3f}{t[2000] / t[200]:>7.1f}x{t[2000] / 2:>8.2f}")
    print(f"{'ours/Inductor':<28}{_ratio(ours[200], ind[200]):>9}{_ratio(ours[2000], ind[2000]):>10}")


# ------------------------------------------------------------------ 4. simulator speed


def _torch_fn(name: str):
    import torch

    family = name.partition("/")[0]
    if family == "add_relu":
        return lambda x0, x1: torch.relu(x0 + x1)
    if family == "triu":

        def triu(x):
            m, n = x.shape[-2:]
            keep = torch.arange(n)[None, :] >= torch.arange(m)[:, None]
            return torch.where(keep, x, torch.zeros((), dtype=x.dtype))

        return triu
    if family == "softmax":
        return lambda x: torch.softmax(x, dim=-1)
    if family == "gather_add":
        return lambda x, idx, y: torch.gather(x, 1, idx) + y
    if family == "embedding":
        return lambda w, ids: torch.relu(torch.nn.functional.embedding(ids, w))
    raise ValueError(name)


def section_sim(quick: bool) -> bool:
    import numpy as np
    import torch

    from bench.sim_speed import case_names, make_case, measure, median_time

    repeats = 1 if quick else 3
    torch.set_num_threads(1)
    print(f"\n## 4. Simulator speed, one core (warm, median of {repeats})\n")
    print(f"{'case':<20}{'elements':>11}{'sim s':>9}{'numpy s':>9}{'Inductor s':>11}{'/numpy':>9}{'/Inductor':>11}")
    ok = True
    for name in case_names():
        row = measure(name, repeats)
        if "rejected" in row:
            print(f"{name:<20}  refused by the template: {row['rejected']}")
            continue
        case = make_case(name)
        fn = torch.compile(_torch_fn(name))
        args = [torch.from_numpy(np.ascontiguousarray(a)) for a in case.inputs]
        got = fn(*args).numpy()  # compile, and check the computation is the same one
        want = case.numpy_fn()
        if not np.allclose(got.reshape(want.shape), want, rtol=1e-5, atol=1e-6):
            print(f"{name:<20}  Inductor's result differs from numpy's: not the same computation")
            ok = False
            continue
        ind = median_time(lambda: fn(*args), repeats)  # noqa: B023 (called before the loop moves on)
        k = row["kernel_s"]
        print(
            f"{name:<20}{row['elements']:>11}{k:>9.3f}{row['numpy_s']:>9.3f}{ind:>11.4f}"
            f"{_ratio(k, row['numpy_s']):>9}{_ratio(k, ind):>11}"
        )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repeats (smoke run)")
    parser.add_argument("--skip", default="", help="comma-separated sections to skip: " + ", ".join(SECTIONS))
    args = parser.parse_args()
    skip = {s for s in args.skip.split(",") if s}
    if unknown := skip - set(SECTIONS):
        parser.error(f"--skip: unknown section(s) {', '.join(sorted(unknown))} (sections: {', '.join(SECTIONS)})")
    if importlib.util.find_spec("torch") is None:
        print("bench/fast_feedback.py needs PyTorch: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    ok = True
    with tempfile.TemporaryDirectory(prefix="fast_feedback-") as d:
        tmp = Path(d)
        os.environ.setdefault("ASCIR_CACHE_DIR", str(tmp / "ascir-cache"))
        steps = {
            "compile": lambda: section_compile(args.quick),
            "startup": lambda: section_startup(args.quick, tmp),
            "scaling": lambda: section_scaling(args.quick, tmp),
            "sim": lambda: section_sim(args.quick),
        }
        for name, step in steps.items():
            if name in skip:
                continue
            try:
                if step() is False:
                    ok = False
            except RuntimeError as e:
                print(f"\nsection {name} failed: {e}", file=sys.stderr)
                ok = False
    print(json.dumps({"ok": ok}))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
