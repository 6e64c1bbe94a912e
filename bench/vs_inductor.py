"""Benchmark: time from a Python program to a runnable kernel, ASCIR vs TorchInductor (CPU).

Four computations, each built by both systems from Python and run once on the same inputs:

* ``gather_add``: ``torch.gather(x, 1, idx) + y``, x [64, 128] f32, idx/y [64, 256];
* ``triu_mask``: ``torch.where(arange(n)[None, :] >= arange(m)[:, None], x, 0)``, x [4, 256, 256] f32;
* ``embedding_relu``: ``relu(embedding(ids, w))``, w [4000, 64] f32, ids [8, 32] int64;
* ``index_select``: ``torch.index_select(x, 0, idx)``, x [1024, 256] f32, idx [512] int64.

For each one, wall time from the first line of "compile" to having the first result:

* ours: build the graph with ``pyautofuse`` (seed-style graph builder and ``ascir_api``
  helpers; the triu mask is ``tools.index_regression.triu_arange_mask`` parsed), then
  ``compile_graph`` (lowering, AscendC emission, g++ build of the simulator kernel) and
  one run on the CPU simulator. Cold = empty kernel cache (``ASCIR_CACHE_DIR`` = a fresh
  temp dir); warm = the same again in the same process, the cache populated (no g++).
* Inductor: ``torch.compile(fn)`` then the first call. Cold = fresh
  ``TORCHINDUCTOR_CACHE_DIR`` and ``torch._dynamo.reset()``; warm = ``torch._dynamo.reset()``
  and compile + call again with the same cache dir (AOTAutograd / FX graph cache hit).

Every cold measurement runs in a fresh Python process (the imports are timed apart and
not counted), so no case profits from another one's one-time start-up; the warm runs follow
in that process. Each output is checked against torch eager (``np.testing``), computed after
the timings. Ours also shows its phases: graph build, lowering + emission, C++ build + load,
first simulator run.

    python bench/vs_inductor.py [--runs 3] [--cold-runs 1] [--only NAME] [--quick]

``--shared-process`` measures all computations of a system in one process: after the first,
"cold" is an empty cache in a warm process (no one-time start-up). ``--quick`` is a smoke
run: small shapes and ``--shared-process``.
Needs torch (``pip install -e '.[bench]'``); exits 2 without it.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = {
    "gather_add": "gather + add",
    "triu_mask": "triu mask (arange)",
    "embedding_relu": "embedding + relu",
    "index_select": "index_select",
}
SHAPES: dict[str, dict[str, tuple[tuple[int, ...], ...]]] = {
    # (x, idx, y) / (x,) / (w, ids) / (x, idx)
    "full": {
        "gather_add": ((64, 128), (64, 256)),
        "triu_mask": ((4, 256, 256),),
        "embedding_relu": ((4000, 64), (8, 32)),
        "index_select": ((1024, 256), (512,)),
    },
    "quick": {
        "gather_add": ((8, 16), (8, 32)),
        "triu_mask": ((2, 16, 16),),
        "embedding_relu": ((100, 16), (2, 8)),
        "index_select": ((64, 32), (16,)),
    },
}
SYSTEMS = ("ours", "inductor")


# ------------------------------------------------------------------------------ inputs
def make_inputs(case: str, quick: bool) -> list[np.ndarray]:
    rng = np.random.default_rng(2024)
    shapes = SHAPES["quick" if quick else "full"][case]
    if case == "gather_add":
        (b, k), (_, n) = shapes
        x = rng.standard_normal((b, k)).astype(np.float32)
        idx = rng.integers(0, k, (b, n)).astype(np.int64)
        return [x, idx, rng.standard_normal((b, n)).astype(np.float32)]
    if case == "triu_mask":
        return [rng.standard_normal(shapes[0]).astype(np.float32)]
    if case == "embedding_relu":
        (v, h), ids = shapes
        return [rng.standard_normal((v, h)).astype(np.float32), rng.integers(0, v, ids).astype(np.int64)]
    if case == "index_select":
        (r, c), (n,) = shapes
        return [rng.standard_normal((r, c)).astype(np.float32), rng.integers(0, r, (n,)).astype(np.int64)]
    raise ValueError(case)


def torch_fn(case: str) -> Callable[..., Any]:
    import torch
    import torch.nn.functional as fn

    def gather_add(x, idx, y):
        return torch.gather(x, 1, idx) + y

    def triu_mask(x):
        m, n = x.shape[-2], x.shape[-1]
        return torch.where(torch.arange(n)[None, :] >= torch.arange(m)[:, None], x, 0)

    def embedding_relu(w, ids):
        return torch.relu(fn.embedding(ids, w))

    def index_select(x, idx):
        return torch.index_select(x, 0, idx)

    return {
        "gather_add": gather_add,
        "triu_mask": triu_mask,
        "embedding_relu": embedding_relu,
        "index_select": index_select,
    }[case]


# ------------------------------------------------------------------------ our graphs
def ours_graph(case: str, arrays: list[np.ndarray]) -> tuple[Any, dict[str, int]]:
    """The graph (HintGraph or parsed module) and its size bindings."""
    from pyautofuse import ascir
    from pyautofuse.ascir_api import embedding, gather, index_select, load_input, store_output

    f32, i64 = ascir.dtypes.float32, ascir.dtypes.int64

    def axes(g: Any, n: int) -> list[Any]:
        return [g.create_axis(f"a{i}", g.create_size(f"s{i}")) for i in range(n)]

    if case == "gather_add":
        x, idx, _ = arrays
        g = ascir.HintGraph("gather_add")
        a, b, n = axes(g, 3)
        xl = load_input(g, "x", 0, f32, [a, b])
        il = load_input(g, "idx", 1, i64, [a, n])
        yl = load_input(g, "y", 2, f32, [a, n])
        add = ascir.ops.Add("add")
        add.x1 = gather(g, xl, 1, il)
        add.x2 = yl
        store_output(g, add)
        return g, {"s0": x.shape[0], "s1": x.shape[1], "s2": idx.shape[1]}
    if case == "triu_mask":
        from xdsl.parser import Parser

        from tools.ascir_opt import make_context
        from tools.index_regression import triu_arange_mask

        built = triu_arange_mask("float32", arrays[0].shape, np.random.default_rng(0))
        return Parser(make_context(), built.ir).parse_module(), built.sizes
    if case == "embedding_relu":
        w, ids = arrays
        g = ascir.HintGraph("embedding_relu")
        v, h, bt, t = axes(g, 4)
        wl = load_input(g, "w", 0, f32, [v, h])
        il = load_input(g, "ids", 1, i64, [bt, t])
        relu = ascir.ops.Relu("relu")
        relu.x = embedding(g, wl, il)
        sizes = {"s0": w.shape[0], "s1": w.shape[1], "s2": ids.shape[0], "s3": ids.shape[1]}
        store_output(g, relu)
        return g, sizes
    if case == "index_select":
        x, idx = arrays
        g = ascir.HintGraph("index_select")
        r, c, n = axes(g, 3)
        xl = load_input(g, "x", 0, f32, [r, c])
        il = load_input(g, "idx", 1, i64, [n])
        sizes = {"s0": x.shape[0], "s1": x.shape[1], "s2": idx.shape[0]}
        store_output(g, index_select(g, xl, 0, il))
        return g, sizes
    raise ValueError(case)


def _cache_entries(root: str) -> int:
    return (
        sum(1 for p in Path(root).iterdir() if not p.name.startswith((".", "failed-")))
        if Path(root).is_dir()
        else 0
    )


def ours_once(case: str, arrays: list[np.ndarray]) -> tuple[dict[str, float], np.ndarray]:
    """One graph build + compile_graph + first run, with its phases."""
    import tools.compile as tc
    from runtime.cache import cache_root

    phases = {"cxx": 0.0}
    real = tc.compile_kernel

    def timed_compile_kernel(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            phases["cxx"] += time.perf_counter() - start

    before = _cache_entries(str(cache_root()))
    tc.compile_kernel = timed_compile_kernel
    try:
        t0 = time.perf_counter()
        graph, sizes = ours_graph(case, arrays)
        t1 = time.perf_counter()
        kernel = tc.compile_graph(graph)
        t2 = time.perf_counter()
        (out,) = kernel(*arrays, sizes=sizes)
        t3 = time.perf_counter()
    finally:
        tc.compile_kernel = real
    phases.update(
        build=t1 - t0,
        lower_emit=t2 - t1 - phases["cxx"],
        run=t3 - t2,
        total=t3 - t0,
        built=float(_cache_entries(str(cache_root())) - before),
    )
    return phases, np.asarray(out)


def inductor_once(case: str, tensors: list[Any]) -> tuple[dict[str, float], np.ndarray]:
    import torch
    from torch._dynamo.utils import counters

    counters.clear()
    fn = torch_fn(case)
    t0 = time.perf_counter()
    compiled = torch.compile(fn)
    out = compiled(*tensors)
    t1 = time.perf_counter()
    info = {
        "total": t1 - t0,
        "aot_hit": float(counters["aot_autograd"]["autograd_cache_hit"]),
        "fx_hit": float(counters["inductor"]["fxgraph_cache_hit"]),
        "fx_miss": float(counters["inductor"]["fxgraph_cache_miss"]),
    }
    return info, out.detach().numpy().copy()


def check(case: str, arrays: list[np.ndarray], outputs: list[np.ndarray], exact: bool) -> str:
    """'' when every output equals torch eager's, else the first mismatch."""
    import torch

    want = torch_fn(case)(*(torch.from_numpy(a) for a in arrays)).numpy()
    for out in outputs:
        try:
            if out.size != want.size:
                raise AssertionError(f"shape {out.shape}, torch eager gives {want.shape}")
            got = out.reshape(want.shape)
            if exact:
                np.testing.assert_array_equal(got, want)
            else:
                np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
        except AssertionError as e:
            return " ".join(str(e).split())[:300]
    return ""


# ------------------------------------------------------------------------------ child
def child(system: str, cases: list[str], warm_runs: int, quick: bool, tmp: str) -> None:
    """Measure in this process and print one ``RESULT {json}`` line per case (``TICK`` per
    measurement, for the parent's progress bar)."""
    dirs = {case: tempfile.mkdtemp(prefix=f"{system}-{case}-", dir=tmp) for case in cases}
    env = "ASCIR_CACHE_DIR" if system == "ours" else "TORCHINDUCTOR_CACHE_DIR"
    os.environ[env] = dirs[cases[0]]
    start = time.perf_counter()
    if system == "ours":
        import pyautofuse.ascir_api  # noqa: F401
        import tools.ascir_opt
        import tools.compile
        import tools.index_regression  # noqa: F401
    else:
        import torch
        import torch._dynamo
        import torch._inductor.utils
    import_s = time.perf_counter() - start

    def tick() -> None:
        print("TICK", flush=True)

    pending = []
    for case in cases:
        arrays = make_inputs(case, quick)
        os.environ[env] = dirs[case]
        record: dict[str, Any] = {"system": system, "case": case, "import": import_s}
        outputs = []
        try:
            if system == "ours":
                cold, out = ours_once(case, arrays)
                outputs.append(out)
                tick()
                warm = []
                for _ in range(warm_runs):
                    phases, out = ours_once(case, arrays)
                    warm.append(phases)
                    tick()
                if warm:
                    outputs.append(out)
            else:
                torch._dynamo.reset()
                torch._inductor.utils.clear_caches()
                tensors = [torch.from_numpy(a) for a in arrays]
                cold, out = inductor_once(case, tensors)
                outputs.append(out)
                tick()
                warm = []
                for _ in range(warm_runs):
                    torch._dynamo.reset()
                    info, out = inductor_once(case, tensors)
                    warm.append(info)
                    tick()
                if warm:
                    outputs.append(out)
            record.update(cold=cold, warm=warm)
        except Exception as e:
            where = traceback.extract_tb(e.__traceback__)[-1]
            record["error"] = (
                f"{type(e).__name__}: {' '.join(str(e).split())[:400]} "
                f"(at {Path(where.filename).name}:{where.lineno})"
            )
        pending.append((record, arrays, outputs))
    # torch eager references only now: ours never has torch imported while timed, and
    # Inductor's cold call is not preceded by an eager run of the same ops
    for record, arrays, outputs in pending:
        if "error" not in record:
            record["check"] = check(record["case"], arrays, outputs, exact=system == "ours")
        if system == "inductor":
            import torch

            record["torch"] = {
                "version": torch.__version__,
                "threads": torch.get_num_threads(),
                "compile_threads": torch._inductor.config.compile_threads,
            }
        print("RESULT " + json.dumps(record), flush=True)


# ----------------------------------------------------------------------------- parent
def machine_info() -> list[str]:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cxx = os.environ.get("CXX", "g++")
    try:
        cxx_version = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout.splitlines()[
            0
        ]
    except (OSError, IndexError):
        cxx_version = f"{cxx} (not found)"
    return [
        f"machine: {model}, {os.cpu_count()} logical cores ({usable} usable), {platform.system()} {platform.release()}",
        f"python {platform.python_version()}, torch {importlib.metadata.version('torch')}, numpy {np.__version__}, "
        f"C++: {cxx_version}",
    ]


def run_child(
    system: str, cases: list[str], warm_runs: int, quick: bool, tmp: str, bar: Any
) -> tuple[list[dict[str, Any]], str]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", system, "--only", ",".join(cases)]
    command += ["--runs", str(warm_runs), "--tmp", tmp] + (["--quick"] if quick else [])
    env = {k: v for k, v in os.environ.items() if k not in ("ASCIR_CACHE_DIR", "TORCHINDUCTOR_CACHE_DIR")}
    with tempfile.TemporaryFile(mode="w+") as err:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, text=True, env=env, cwd=ROOT)
        records = []
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("TICK"):
                bar.update(1)
            elif line.startswith("RESULT "):
                records.append(json.loads(line[len("RESULT ") :]))
        code = proc.wait()
        err.seek(0)
        stderr = err.read()
    failure = "" if code == 0 else f"{system} {','.join(cases)}: exit {code}\n{stderr[-3000:]}"
    return records, failure


def _fmt(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.3f}" if seconds < 10 else f"{seconds:.2f}"


def _ratio(a: float | None, b: float | None) -> str:
    return "-" if a is None or not b else f"{a / b:.2f}"


def report(records: list[dict[str, Any]], cases: list[str], args: argparse.Namespace) -> bool:
    by: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by[r["system"], r["case"]].append(r)
    ok = True

    def medians(system: str, case: str) -> tuple[float | None, float | None, list[dict[str, Any]]]:
        rs = [r for r in by.get((system, case), []) if "error" not in r]
        cold = [r["cold"]["total"] for r in rs]
        warm = [w for r in rs for w in r["warm"]]
        return (
            statistics.median(cold) if cold else None,
            statistics.median(w["total"] for w in warm) if warm else None,
            warm,
        )

    print()
    n_cold = f"median of {args.cold_runs}" if args.cold_runs > 1 else "1 run"
    print(
        f"wall time in seconds to the first result (cold: {n_cold}, warm: median of {args.runs}); ratio = ours / Inductor (< 1: ours is faster)"
    )
    head = (
        f"{'computation':<20}{'ours cold':>11}{'ours warm':>11}{'ind. cold':>11}{'ind. warm':>11}"
        f"{'cold o/i':>10}{'warm o/i':>10}  check"
    )
    print(head)
    print("-" * len(head))
    for case in cases:
        oc, ow, _ = medians("ours", case)
        ic, iw, _ = medians("inductor", case)
        status = []
        for system in SYSTEMS:
            for r in by.get((system, case), []):
                problem = r.get("error") or r.get("check")
                if problem:
                    status.append(f"{system}: {problem}")
            if not by.get((system, case)):
                status.append(f"{system}: no result")
        ok &= not status
        print(
            f"{CASES[case]:<20}{_fmt(oc):>11}{_fmt(ow):>11}{_fmt(ic):>11}{_fmt(iw):>11}"
            f"{_ratio(oc, ic):>10}{_ratio(ow, iw):>10}  {'ok' if not status else 'FAIL'}"
        )
        for s in status:
            print(f"    {s}")

    print()
    print(
        "ours, phases in seconds (cold run; warm = the median warm run); C++ = g++ build + dlopen, or a cache hit"
    )
    head = f"{'computation':<26}{'import':>8}{'graph':>8}{'lower+emit':>11}{'C++':>8}{'1st run':>9}{'total':>8}  kernel cache"
    print(head)
    print("-" * len(head))
    for case in cases:
        rs = [r for r in by.get(("ours", case), []) if "error" not in r]
        if not rs:
            continue
        _, warm_median, warm = medians("ours", case)
        rows = [("cold", rs[0]["cold"], rs[0]["import"])]
        if warm:
            rows.append(("warm", min(warm, key=lambda w: abs(w["total"] - warm_median)), None))
        for kind, p, imp in rows:
            cache = "miss (built)" if p["built"] else "hit"
            print(
                f"{CASES[case] + ' ' + kind:<26}{_fmt(imp):>8}{p['build']:>8.3f}{p['lower_emit']:>11.3f}"
                f"{p['cxx']:>8.3f}{p['run']:>9.3f}{p['total']:>8.3f}  {cache}"
            )

    print()
    print("Inductor: import torch (not counted) and the cache hits of the warm runs")
    for case in cases:
        rs = [r for r in by.get(("inductor", case), []) if "error" not in r]
        if not rs:
            continue
        warm = [w for r in rs for w in r["warm"]]
        hits = f"AOTAutograd cache hits {sum(w['aot_hit'] for w in warm):.0f}/{len(warm)}, FX graph cache hits {sum(w['fx_hit'] for w in warm):.0f}"
        print(
            f"  {CASES[case]:<20} import {_fmt(rs[0]['import'])} s; cold FX graph cache misses {rs[0]['cold']['fx_miss']:.0f}; {hits}"
        )
    info = next((r["torch"] for r in records if "torch" in r), None)
    if info:
        print(
            f"torch {info['version']}: {info['threads']} intra-op threads, inductor compile_threads={info['compile_threads']}"
        )
    if args.quick:
        print("--quick: small shapes (ours' compile does not depend on them: sizes are symbolic)")
    if args.shared_process or args.quick:
        print(
            "one process per system: the cold time of the first computation includes the process's one-time "
            "start-up (lazy imports, Inductor's C++ ISA probe, ...), the later ones do not"
        )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="warm runs (median), default 3")
    parser.add_argument(
        "--cold-runs", type=int, default=1, help="cold runs, each in a fresh process (median), default 1"
    )
    parser.add_argument("--only", default="", help="comma-separated computations: " + ", ".join(CASES))
    parser.add_argument("--quick", action="store_true", help="small shapes and --shared-process (smoke run)")
    parser.add_argument(
        "--shared-process",
        action="store_true",
        help="one process per system for all computations: after the first one, cold = empty cache, warm process",
    )
    parser.add_argument("--child", choices=SYSTEMS, help=argparse.SUPPRESS)
    parser.add_argument("--tmp", help=argparse.SUPPRESS)
    args = parser.parse_args()
    cases = [c for c in CASES if not args.only or c in args.only.split(",")]
    if not cases:
        parser.error(f"--only matches none of {', '.join(CASES)}")
    if args.runs < 0 or args.cold_runs < 1:
        parser.error("--runs must be >= 0 and --cold-runs >= 1")
    if importlib.util.find_spec("torch") is None:
        print(
            "bench/vs_inductor.py needs PyTorch (TorchInductor) and it is not installed: "
            "pip install -e '.[bench]'  (or: pip install torch --index-url https://download.pytorch.org/whl/cpu)",
            file=sys.stderr,
        )
        return 2
    if args.child:
        child(args.child, cases, args.runs, args.quick, args.tmp)
        return 0

    from tqdm import tqdm

    for line in machine_info():
        print(line)
    shared = args.shared_process or args.quick
    if shared:
        jobs = [
            (system, cases, args.runs if rep == 0 else 0)
            for rep in range(args.cold_runs)
            for system in SYSTEMS
        ]
    else:
        jobs = [
            (system, [case], args.runs if rep == 0 else 0)
            for case in cases
            for rep in range(args.cold_runs)
            for system in SYSTEMS
        ]
    total = sum(len(cs) * (1 + warm) for _, cs, warm in jobs)
    tmp = tempfile.mkdtemp(prefix="vs_inductor-")
    records, failures = [], []
    try:
        with tqdm(total=total, desc="measuring", unit="run", file=sys.stderr) as bar:
            for system, cs, warm in jobs:
                bar.set_postfix_str(f"{system} {','.join(cs) if len(cs) == 1 else 'all'}")
                done = bar.n + len(cs) * (1 + warm)
                got, failure = run_child(system, cs, warm, args.quick, tmp, bar)
                bar.update(done - bar.n)  # the measurements a failed case skipped
                records += got
                if failure:
                    failures.append(failure)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    ok = report(records, cases, args)
    for failure in failures:
        print(f"\nchild process failed: {failure}", file=sys.stderr)
    return 0 if ok and not failures else 1


if __name__ == "__main__":
    raise SystemExit(main())
