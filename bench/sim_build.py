"""Benchmark: how long the simulator build of a kernel takes, and what the toolchain cache saves.

Four benchmark-like kernels -- ``add_relu`` (elementwise, ``examples/add_relu.mlir``),
``softmax`` (a reduction over the last axis), ``triu`` (an Arange / IndexExpr mask) and
``gather`` (``gather(x, 1, idx) + y``) -- are lowered and emitted once; then only the C++
build (``runtime.compile_kernel``: g++ and loading the library) is timed:

* toolchain: building the simulator ABI object, the simulator object (``runtime/sim/sim.cpp``:
  checks, trace, copies and every API per element type, at ``-O2``) and the precompiled
  header of the simulator headers (once per compiler, flags and source digest), and sizes;
* cold: an empty kernel cache *and* an empty toolchain cache (the first kernel ever built);
* new kernel: a kernel not in the cache, built after another one (the caches hold what
  kernels share -- what every kernel after the first in a test suite or a long-lived
  process pays);
* warm: a cache hit in the same process (key, manifest check, load);
* per ``ASCIR_SIM_OPT`` level: the new-kernel build and the simulator's run time at the
  small shapes of the test suite and at benchmark shapes (each result checked against the
  reference interpreter);
* ``--pytest``: ``python -m pytest test/runtime -q`` with empty caches, then again warm.

Times are medians of ``--repeats`` (wall seconds; the g++ CPU seconds beside them are less
sensitive to a loaded machine). No timing is asserted anywhere.

    python bench/sim_build.py [--repeats 3] [--levels 0,g,1] [--only add_relu,...] [--pytest]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KERNELS = ("add_relu", "softmax", "triu", "gather")


@dataclass
class Workload:
    """One kernel: its graph (or module), and inputs/sizes at a small and a large shape."""

    graph: Any
    small: tuple[list[np.ndarray], dict[str, int]]
    large: tuple[list[np.ndarray], dict[str, int]]


def workload(name: str) -> Workload:
    from bench import vs_inductor
    from test.conftest import parse_ir
    from test.lowering.reduction_graphs import make_case
    from tools.index_regression import triu_arange_mask

    rng = np.random.default_rng(7)
    if name == "add_relu":
        module = parse_ir((ROOT / "examples" / "add_relu.mlir").read_text())

        def shape(a: int, b: int) -> tuple[list[np.ndarray], dict[str, int]]:
            xs = [rng.standard_normal((a, b)).astype(np.float32) for _ in range(2)]
            return xs, {"s0": a, "s1": b}

        return Workload(module, shape(8, 64), shape(512, 1024))
    if name == "softmax":
        small = make_case([8, 64], (1,), "float32", "softmax", seed=1)
        large = make_case([64, 4096], (1,), "float32", "softmax", seed=1)
        return Workload(parse_ir(small.ir), (small.inputs, small.sizes), (large.inputs, large.sizes))
    if name == "triu":
        small = triu_arange_mask("float32", (2, 16, 16), rng)
        large = triu_arange_mask("float32", (4, 256, 256), rng)
        return Workload(parse_ir(small.ir), (small.inputs, small.sizes), (large.inputs, large.sizes))
    if name == "gather":
        small_in = vs_inductor.make_inputs("gather_add", True)
        large_in = vs_inductor.make_inputs("gather_add", False)
        graph, small_sizes = vs_inductor.ours_graph("gather_add", small_in)
        _, large_sizes = vs_inductor.ours_graph("gather_add", large_in)
        return Workload(graph, (small_in, small_sizes), (large_in, large_sizes))
    raise ValueError(name)


def emit(graph: Any, name: str) -> tuple[Any, Any]:
    """(the hint graph, its three generated files), as ``compile_graph`` makes them."""
    from xdsl.dialects.builtin import ModuleOp

    from ascendc_emitter.printer import emit_files
    from ascir_dialect.interpreter import resolve_graph
    from lowering.pipeline import run_autofuse

    _module, g = resolve_graph(graph, None)
    from passes.options import CompileOptions

    return g, emit_files(run_autofuse(ModuleOp([g.clone()]), CompileOptions(kernel=name)))


# ------------------------------------------------------------------------- timing
@contextlib.contextmanager
def environment(**values: str | None) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in values}
    try:
        for k, v in values.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def timed(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds of child processes -- g++ --, result) of ``fn(*args, **kwargs)``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result


def fresh_dir(base: Path, label: str) -> str:
    return tempfile.mkdtemp(prefix=f"{label}-", dir=base)


def build(sources: Any, name: str) -> Any:
    from runtime import compile_kernel

    return compile_kernel(sources.tiling_h, sources.host_impl_cpp, sources.device_impl_cpp, name=name)


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def toolchain_figures(base: Path, repeats: int) -> None:
    """Build cost and size of the toolchain cache entries (needs runtime.build.toolchain_objects)."""
    from runtime.toolchain import sim_toolchain

    build_mod = importlib.import_module("runtime.build")  # the package attribute is the function build()
    prepare = getattr(build_mod, "toolchain_objects", None)
    if prepare is None:
        print("toolchain cache: not in this version (the ABI object is built in every kernel cache)")
        return
    walls, cpus, sizes = [], [], {}
    for _ in range(repeats):
        with environment(ASCIR_TOOLCHAIN_CACHE_DIR=fresh_dir(base, "toolchain")):
            wall, cpu, objects = timed(lambda: prepare(sim_toolchain()))
        walls.append(wall)
        cpus.append(cpu)
        sizes = {p.name: p.stat().st_size for p in objects.files()}
    print(f"toolchain cache (ABI object, simulator object, precompiled header), built cold: {med(walls):.2f} s wall, "
          f"{med(cpus):.2f} s g++ CPU")
    for file, size in sorted(sizes.items()):
        print(f"  {file:<28}{size / 1e6:8.1f} MB")


def build_figures(base: Path, loads: dict[str, tuple[Any, Any]], repeats: int) -> None:
    print(f"\n{'kernel':<10}{'cold s':>14}{'new kernel s':>18}{'warm s':>10}   (wall / g++ CPU)")
    shared_toolchain = fresh_dir(base, "toolchain-shared")
    shared_kernels = fresh_dir(base, "kernels-shared")
    for name, (_g, sources) in loads.items():
        cold, new, warm = [], [], []
        for r in range(repeats):
            with environment(
                ASCIR_CACHE_DIR=fresh_dir(base, "kernels"), ASCIR_TOOLCHAIN_CACHE_DIR=fresh_dir(base, "toolchain")
            ):
                wall, cpu, _ = timed(build, sources, f"bench_{name}")
                cold.append((wall, cpu))
            with environment(ASCIR_CACHE_DIR=shared_kernels, ASCIR_TOOLCHAIN_CACHE_DIR=shared_toolchain):
                if r == 0:  # a kernel built before: the shared caches hold what kernels share
                    build(sources, f"bench_{name}_prime")
                # a new name is a new cache entry: built anew, from the same sources
                wall, cpu, _ = timed(build, sources, f"bench_{name}_{r}")
                new.append((wall, cpu))
                wall, cpu, _ = timed(build, sources, f"bench_{name}_{r}")
                warm.append((wall, cpu))

        def cell(xs: list[tuple[float, float]]) -> str:
            return f"{med([w for w, _ in xs]):.2f} / {med([c for _, c in xs]):.2f}"

        print(f"{name:<10}{cell(cold):>14}{cell(new):>18}{med([w for w, _ in warm]):>10.3f}")


def level_figures(base: Path, loads: dict[str, tuple[Any, Any]], workloads: dict[str, Workload],
                  levels: list[str], repeats: int) -> None:
    from tools.compile import CompiledGraph

    print("\nASCIR_SIM_OPT: new-kernel build and simulator run time (toolchain cache warm)")
    print(f"{'level':<7}{'kernel':<10}{'build s':>9}{'g++ CPU s':>11}{'run small s':>13}{'run large s':>13}")
    totals: dict[str, list[float]] = {}
    for level in levels:
        toolchain = fresh_dir(base, f"toolchain-O{level}")
        sums = [0.0, 0.0, 0.0, 0.0]
        for name, (g, sources) in loads.items():
            builds, cpus, small_t, large_t = [], [], [], []
            with environment(ASCIR_SIM_OPT=level, ASCIR_TOOLCHAIN_CACHE_DIR=toolchain):
                for r in range(repeats + 1):
                    with environment(ASCIR_CACHE_DIR=fresh_dir(base, "kernels")):
                        wall, cpu, kernel = timed(build, sources, f"bench_{name}")
                    if r == 0:
                        continue  # the first build also fills the toolchain cache
                    builds.append(wall)
                    cpus.append(cpu)
                compiled = CompiledGraph(g, sources, kernel)
                for shape, out in (("small", small_t), ("large", large_t)):
                    inputs, sizes = getattr(workloads[name], shape)
                    compiled(*inputs, sizes=sizes, check=True)  # correct at this level
                    for _ in range(repeats):
                        wall, _cpu, _ = timed(compiled, *inputs, sizes=sizes, check=False)
                        out.append(wall)
            row = [med(builds), med(cpus), med(small_t), med(large_t)]
            sums = [a + b for a, b in zip(sums, row, strict=True)]
            print(f"-O{level:<5}{name:<10}{row[0]:>9.2f}{row[1]:>11.2f}{row[2]:>13.4f}{row[3]:>13.3f}")
        totals[level] = sums
        print(f"-O{level:<5}{'total':<10}{sums[0]:>9.2f}{sums[1]:>11.2f}{sums[2]:>13.4f}{sums[3]:>13.3f}")
    if len(totals) > 1:
        ref = levels[-1]
        for level in levels[:-1]:
            b, s, l_ = (totals[level][i] / totals[ref][i] for i in (0, 2, 3))
            print(f"-O{level} / -O{ref}: build x{b:.2f}, run small x{s:.2f}, run large x{l_:.2f}")


def pytest_figures(base: Path, extra: list[str]) -> None:
    env = dict(os.environ)
    env["ASCIR_CACHE_DIR"] = fresh_dir(base, "pytest-kernels")
    env["ASCIR_TOOLCHAIN_CACHE_DIR"] = fresh_dir(base, "pytest-toolchain")
    env["PYTHONPATH"] = str(ROOT)
    for label in ("cold caches", "warm caches"):
        wall, cpu, out = timed(
            subprocess.run,
            [sys.executable, "-m", "pytest", "test/runtime", "-q", "-p", "no:cacheprovider", *extra],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr[-300:]
        level = env.get("ASCIR_SIM_OPT", "the conftest's")
        command = " ".join(["python -m pytest test/runtime -q", *extra])
        print(f"{command} (ASCIR_SIM_OPT {level}), {label}: {wall:.1f} s wall, "
              f"{cpu:.1f} s CPU ({last})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--levels", default="0,g,1", help="ASCIR_SIM_OPT levels to compare (last = reference)")
    parser.add_argument("--only", default=",".join(KERNELS))
    parser.add_argument("--pytest", action="store_true", help="also time python -m pytest test/runtime -q")
    parser.add_argument("--pytest-args", default="", help="more pytest arguments (e.g. --ignore=...)")
    parser.add_argument("--skip-levels", action="store_true")
    parser.add_argument("--skip-builds", action="store_true")
    args = parser.parse_args()
    names = [n for n in args.only.split(",") if n]
    for n in names:
        if n not in KERNELS:
            parser.error(f"unknown kernel {n!r}; choose from {', '.join(KERNELS)}")
    from runtime.toolchain import sim_toolchain

    tc = sim_toolchain()
    print(f"{tc.identity}; flags {' '.join(f for f in tc.flags if not f.startswith('-I'))}; "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    base = Path(tempfile.mkdtemp(prefix="ascir-sim-build-"))
    try:
        workloads = {n: workload(n) for n in names}
        loads = {n: emit(w.graph, f"bench_{n}") for n, w in workloads.items()}
        if not args.skip_builds:
            toolchain_figures(base, args.repeats)
            build_figures(base, loads, args.repeats)
        if not args.skip_levels:
            level_figures(base, loads, workloads, [lv for lv in args.levels.split(",") if lv], args.repeats)
        if args.pytest:
            print()
            pytest_figures(base, args.pytest_args.split())
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
