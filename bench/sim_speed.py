"""Benchmark: the CPU simulator's own speed and memory, and the Python wrapper's overhead.

Kernels (each result checked against numpy with ``np.testing``):

* ``add_relu``: ``relu(x0 + x1)``, [4096, 4096] f32 (``examples/add_relu.mlir``);
* ``triu``: ``where(arange(n)[None, :] >= arange(m)[:, None], x, 0)``, [128, 408, 408] f32
  (``tools.index_regression.triu_arange_mask``, as bench/arange_paths.py builds it);
* ``softmax``: ``exp(x - max(x)) / sum(...)`` over the last axis, [4096, 1024] f32
  (``test/lowering/reduction_graphs.make_case``);
* ``gather_add/<template>``: ``torch.gather(x, 1, idx) + y``, x [4096, 512], idx/y
  [4096, 1024] (``bench/vs_inductor.ours_graph``), for every IndirectLoad template that
  accepts it (SIMD, SIMT, SK-like; a rejection is shown);
* ``embedding/<template>``: ``relu(embedding(ids, w))``, w [100000, 64] f32, ids [1024, 1024]
  int64 -- 67,108,864 gathered elements (a 25.6 MB table, a 256 MiB output).

For each: the kernel run alone (``CompiledKernel.run`` on arrays prepared once -- the
simulator, tiling included), the whole ``CompiledGraph.__call__`` (input checks, buffers,
copies, the run; the wrapper's overhead is the difference) and the numpy equivalent, each
the median of ``--repeats`` runs, and their ratios. Every run is on ``core_num=1``: the
simulator runs the blocks of a launch one after another on one host thread anyway, so
more cores would only change the tiling, not the host time. For the gathers the peak RSS
of a child process that compiles (a cache hit: the parent built the kernel) and runs the
kernel once is measured with ``os.wait4`` -- the child's own ``rusage``, what
``resource.getrusage(RUSAGE_CHILDREN)`` reports for a single child -- beside the RSS the
child had before the run (interpreter, imports, inputs); the children are started by a
small spawner process (:class:`RssProbe`: Linux carries the RSS high-water mark of a
parent into a forked child). No timing is asserted anywhere.

    python bench/sim_speed.py [--repeats 3] [--only add_relu,gather_add/simt,...] [--no-rss]

Targets (issue 17 item 5): <= 10x numpy for elementwise and Arange kernels, <= 20x for
gathers, the 67 M-element gather within 2 GB peak RSS.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TEMPLATES = ("simd", "simt", "sklike")
GATHER_SHAPE = ((4096, 512), (4096, 1024))  # x, idx/y
EMBEDDING_SHAPE = ((100_000, 64), (1024, 1024))  # w, ids


@dataclass
class Case:
    graph: Any
    inputs: list[np.ndarray]
    sizes: dict[str, int]
    numpy_fn: Callable[[], np.ndarray]
    template: str | None = None
    rtol: float = 0.0
    atol: float = 0.0
    gather: bool = False


def case_names() -> list[str]:
    names = ["add_relu", "triu", "softmax"]
    names += [f"gather_add/{t}" for t in TEMPLATES]
    names += [f"embedding/{t}" for t in TEMPLATES]
    return names


def make_case(name: str) -> Case:
    from bench import vs_inductor
    from test.conftest import parse_ir

    family, _, template = name.partition("/")
    rng = np.random.default_rng(17)
    if family == "add_relu":
        module = parse_ir((ROOT / "examples" / "add_relu.mlir").read_text())
        x0, x1 = (rng.standard_normal((4096, 4096)).astype(np.float32) for _ in range(2))
        return Case(module, [x0, x1], {"s0": 4096, "s1": 4096}, lambda: np.maximum(x0 + x1, 0))
    if family == "triu":
        from tools.index_regression import triu_arange_mask

        built = triu_arange_mask("float32", (128, 408, 408), rng)
        (x,) = built.inputs
        m, n = x.shape[-2:]
        return Case(
            parse_ir(built.ir),
            built.inputs,
            built.sizes,
            lambda: np.where(np.arange(n)[None, :] >= np.arange(m)[:, None], x, np.float32(0)),
        )
    if family == "softmax":
        from test.lowering.reduction_graphs import make_case as reduction_case

        c = reduction_case([4096, 1024], (1,), "float32", "softmax", seed=1)
        (x,) = c.inputs

        def softmax() -> np.ndarray:
            e = np.exp(x - x.max(axis=-1, keepdims=True))
            return e / e.sum(axis=-1, keepdims=True)

        return Case(parse_ir(c.ir), c.inputs, c.sizes, softmax, rtol=1e-5, atol=1e-7)
    if family == "gather_add":
        (b, k), (_, n) = GATHER_SHAPE
        x = rng.standard_normal((b, k)).astype(np.float32)
        idx = rng.integers(0, k, (b, n)).astype(np.int64)
        y = rng.standard_normal((b, n)).astype(np.float32)
        graph, sizes = vs_inductor.ours_graph("gather_add", [x, idx, y])
        return Case(graph, [x, idx, y], sizes, lambda: np.take_along_axis(x, idx, 1) + y, template, gather=True)
    if family == "embedding":
        (v, h), ids_shape = EMBEDDING_SHAPE
        w = rng.standard_normal((v, h)).astype(np.float32)
        ids = rng.integers(0, v, ids_shape).astype(np.int64)
        graph, sizes = vs_inductor.ours_graph("embedding_relu", [w, ids])
        return Case(graph, [w, ids], sizes, lambda: np.maximum(np.take(w, ids, axis=0), 0), template, gather=True)
    raise ValueError(f"unknown case {name!r} (one of {', '.join(case_names())})")


def compile_case(name: str, case: Case) -> Any:
    from tools.compile import compile_graph

    kernel_name = "sim_speed_" + name.replace("/", "_")
    return compile_graph(case.graph, name=kernel_name, template=case.template)


def kernel_args(k: Any, case: Case) -> tuple[list[np.ndarray], list[int]]:
    """The arrays and size arguments ``CompiledGraph.__call__`` hands the kernel, made once."""
    from ascir_dialect.interpreter import RefRuntime, check_inputs, check_sizes
    from ascir_dialect.ops.memory import OutputOp

    g = k.graph
    bound = check_sizes(g, case.sizes)
    values = check_inputs(g, case.inputs, bound)
    rt = RefRuntime(g, bound, values)
    outputs = sorted((n for n in g.nodes() if isinstance(n, OutputOp)), key=lambda n: n.index_value)
    args = [np.ascontiguousarray(np.asarray(v)).reshape(-1).copy() for v in values]
    return [*args, *(rt.new_buffer(n).data for n in outputs)], [bound[s] for s in g.size_names]


def median_time(fn: Callable[[], Any], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def check(name: str, case: Case, out: np.ndarray, want: np.ndarray) -> None:
    out = np.asarray(out).reshape(want.shape)
    if case.rtol or case.atol:
        np.testing.assert_allclose(out, want, rtol=case.rtol, atol=case.atol, err_msg=name)
    else:
        np.testing.assert_array_equal(out, want, err_msg=name)


def measure(name: str, repeats: int) -> dict[str, Any]:
    from ascendc_emitter.target.platform import current as target_platform
    from ascir_dialect.diagnostics import AscirError
    from runtime.errors import TilingError

    case = make_case(name)
    try:
        k = compile_case(name, case)
        (out,) = k(*case.inputs, sizes=case.sizes, core_num=1)  # warm-up, checked below
    except (AscirError, TilingError) as err:  # a template that rejects the graph or its shapes
        text = str(err).split("rejected: ", 1)[-1].split("(the ", 1)[-1]
        return {"case": name, "rejected": text.split("\n", 1)[0][:90]}
    want = case.numpy_fn()
    check(name, case, out, want)
    elements = int(np.asarray(out).size)
    template = k.last_run.tiling_key if case.gather else None
    del out
    arrays, sizes = kernel_args(k, case)
    ub = target_platform().ub_bytes
    kernel_s = median_time(lambda: k.kernel.run(arrays, sizes, core_num=1, ub_size=ub), repeats)
    check(name, case, arrays[-1], want)
    arrays.clear()
    call_s = median_time(lambda: k(*case.inputs, sizes=case.sizes, core_num=1), repeats)
    numpy_s = median_time(case.numpy_fn, repeats)
    return {
        "case": name,
        "elements": elements,
        "tiling_key": template,
        "kernel_s": kernel_s,
        "call_s": call_s,
        "numpy_s": numpy_s,
    }


def child(name: str) -> int:
    """Compile (a cache hit) and run ``name`` once; print the RSS before the run (KiB)."""
    case = make_case(name)
    k = compile_case(name, case)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    k(*case.inputs, sizes=case.sizes, core_num=1)
    print(json.dumps({"rss_before_kib": before}))
    return 0


SPAWNER = r"""
import json, os, subprocess, sys
for line in sys.stdin:
    proc = subprocess.Popen(json.loads(line), stdout=subprocess.PIPE, text=True)
    text = proc.stdout.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_maxrss, text]), flush=True)
"""


class RssProbe:
    """Runs children and reports each one's peak RSS. Linux carries a process's RSS high-water
    mark across fork and exec, so a child forked from this (by then large) process would
    report at least this process's RSS: the children are started by a small spawner process
    started before anything large is allocated."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SPAWNER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def peak_rss(self, name: str) -> tuple[int, int]:
        """(peak RSS of a child running ``name`` once, its RSS before the run), in KiB."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        argv = [sys.executable, str(Path(__file__).resolve()), "--child", name]
        self.proc.stdin.write(json.dumps(argv) + "\n")
        self.proc.stdin.flush()
        code, peak, text = json.loads(self.proc.stdout.readline())
        if code != 0:
            raise SystemExit(f"{name}: the child process failed ({code})")
        return int(peak), int(json.loads(text)["rss_before_kib"])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated case names: " + ", ".join(case_names()))
    parser.add_argument("--no-rss", action="store_true", help="skip the child-process peak RSS of the gathers")
    parser.add_argument("--json", help="also write the rows to this file")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child)
    names = [n for n in args.only.split(",") if n] or case_names()
    unknown = sorted(set(names) - set(case_names()))
    if unknown:
        parser.error(f"unknown case(s) {', '.join(unknown)} (one of {', '.join(case_names())})")
    probe = None if args.no_rss else RssProbe()
    rows = []
    head = (
        f"{'case':<20}{'elements':>11}{'kernel_s':>10}{'call_s':>9}{'numpy_s':>9}"
        f"{'kern/np':>9}{'call/np':>9}{'wrapper_s':>10}{'peak_MiB':>10}{'pre_MiB':>9}"
    )
    print(f"simulator speed, core_num=1, median of {args.repeats} (ratios: times numpy's time)")
    print(head)
    print("-" * len(head), flush=True)
    for name in names:
        row = measure(name, args.repeats)
        if "rejected" in row:
            print(f"{name:<20}  rejected: {row['rejected']}", flush=True)
            rows.append(row)
            continue
        if name.startswith(("gather_add", "embedding")) and probe is not None:
            peak, before = probe.peak_rss(name)
            row["peak_rss_kib"], row["pre_run_rss_kib"] = peak, before
        rows.append(row)
        peak_cell = f"{row['peak_rss_kib'] / 1024:>10.0f}{row['pre_run_rss_kib'] / 1024:>9.0f}" if "peak_rss_kib" in row else ""
        print(
            f"{name:<20}{row['elements']:>11}{row['kernel_s']:>10.3f}{row['call_s']:>9.3f}{row['numpy_s']:>9.4f}"
            f"{row['kernel_s'] / row['numpy_s']:>9.1f}{row['call_s'] / row['numpy_s']:>9.1f}"
            f"{row['call_s'] - row['kernel_s']:>10.3f}{peak_cell}",
            flush=True,
        )
    if probe is not None:
        probe.close()
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
