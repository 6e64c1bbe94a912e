"""``ascir-run``: compile a graph, run it, check it against the reference interpreter.

    ascir-run FILE [--sizes s0=4,s1=8] [--inputs in.npz] [--save-outputs out.npz]
                   [--target sim|npu] [--json] [--graph NAME] [--seed N] [--no-vf]
                   [--template simd|simt|sklike] [--dump-dir DIR] [--cores N] [--ub-size BYTES]
                   [--rtol R] [--atol A]
    ascir-run --suite index-expr [--long] [--filter CASE] [--json]

FILE is ``.mlir`` (ascir graphs) or ``.py`` (a script that builds ``ascir.HintGraph``
objects; every HintGraph left in its globals is run). Inputs come from ``--inputs`` (keys
``in0``, ``in1``, ... by Data index) or are seeded random values. Each output is compared
with the reference interpreter by the rules of torch.testing.assert_close
(``ascir_dialect.compare``: NaN and ±inf positions must match, ``|a - e| <= atol + rtol * |e|``
on finite values, integers exactly; torch's dtype defaults unless --rtol/--atol). Prints
the per-output max |error| over finite values, the mismatch counts, PASS/FAIL and the
simulator counters; exits 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import json
import runpy
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from ascir_dialect.attributes import ScalarType
from ascir_dialect.compare import compare
from ascir_dialect.diagnostics import AscirError, AscirParser, check_string_literals, verify_module
from ascir_dialect.frontend.graph import HintGraph
from ascir_dialect.interpreter import graph_inputs, reference
from ascir_dialect.ops import GraphOp
from tools.cli import EXIT_FAIL, EXIT_OK, run_cli
from tools.compile import compile_graph


def check_tolerances(args: argparse.Namespace) -> None:
    """--rtol/--atol must be finite numbers >= 0."""
    for what in ("rtol", "atol"):
        value = getattr(args, what)
        if value is not None and not (np.isfinite(value) and value >= 0):
            raise AscirError(f"--{what} must be finite and >= 0, got {value:g}")


def _json_float(value: float) -> float | str:
    """JSON has no inf/NaN: those are written as the strings "inf", "-inf", "nan"."""
    return value if np.isfinite(value) else str(value)


def _json_value(value: Any) -> Any:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    return _json_float(float(value))


def parse_sizes(text: str | None) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for item in filter(None, (text or "").split(",")):
        name, sep, value = item.partition("=")
        if not sep or not value.strip().lstrip("-").isdigit():
            raise AscirError(f"--sizes expects name=int pairs such as s0=4,s1=8, got '{item}'")
        sizes[name.strip()] = int(value)
    return sizes


def load_graphs(path: Path) -> list[Any]:
    if path.suffix == ".mlir":
        from tools.ascir_opt import make_context

        text = path.read_text()
        check_string_literals(text, str(path))
        module = AscirParser(make_context(), text, str(path)).parse_module()
        verify_module(module)
        return [op for op in module.ops if isinstance(op, GraphOp)]
    if path.suffix == ".py":
        namespace = runpy.run_path(str(path), run_name="__ascir_run__")
        return [v for v in namespace.values() if isinstance(v, HintGraph)]
    raise AscirError(f"{path}: expected a .mlir or .py file")


def graph_name(g: Any) -> str:
    return g.graph_name if isinstance(g, GraphOp) else g.name


def _index_ranges(g: GraphOp, rt: Any) -> dict[Any, tuple[int, int]]:
    """Data nodes loaded directly as an IndirectLoad index -> the valid index range."""
    from ascir_dialect.ops.indirect_load import IndirectLoadOp
    from ascir_dialect.ops.memory import LoadOp

    ranges = {}
    for n in g.nodes():
        if isinstance(n, IndirectLoadOp) and isinstance(n.x2.owner, LoadOp):
            size = rt.eval(n.x1.type.repeats[n.dim_value])  # type: ignore[union-attr]
            ranges[n.x2.owner.x.owner] = (-size if n.check_negative else 0, size)
    return ranges


def random_inputs(g: GraphOp, seed: int, sizes: dict[str, int]) -> list[np.ndarray]:
    from ascir_dialect.interpreter import RefRuntime
    from ascir_dialect.ops.memory import is_row_major

    rng = np.random.default_rng(seed)
    rt = RefRuntime(g, sizes, [])
    index_range = _index_ranges(g, rt)
    out = []
    for node in graph_inputs(g):
        dtype = node.out_type.dtype
        if isinstance(node.out_type, ScalarType):
            shape: tuple[int, ...] = ()
        elif is_row_major(node.out_type):  # a dense view takes an array of its shape
            shape = rt.shape(node.out_type)
        else:  # a strided view takes its flat GM buffer
            shape = (rt.extent(node),)
        if node in index_range:  # gather indices: valid ones, negatives only where they wrap
            low, high = index_range[node]
            out.append(rng.integers(low, high, shape).astype(dtype.numpy))
        elif dtype.is_float:
            out.append((rng.standard_normal(shape) * 2).astype(dtype.numpy))
        elif dtype.value == "bool":
            out.append(rng.integers(0, 2, shape).astype(dtype.numpy))
        else:
            info = np.iinfo(dtype.numpy)
            out.append(
                rng.integers(max(info.min, -50), min(info.max, 50), shape, endpoint=True).astype(dtype.numpy)
            )
    return out


def run_one(g: Any, args: argparse.Namespace, sizes: dict[str, int]) -> dict[str, Any]:
    from ascir_dialect.interpreter import check_sizes, resolve_graph

    _module, hint = resolve_graph(g)
    sizes = check_sizes(hint, sizes)
    start = time.perf_counter()
    dump_dir = None
    if args.dump_dir:
        dump_dir = Path(args.dump_dir) / hint.graph_name if args.multi_graph else Path(args.dump_dir)
    kernel = compile_graph(
        g,
        target=args.target,
        vf=not args.no_vf,
        mask_mode=args.vf_mask_mode,
        template=args.template,
        dump_dir=dump_dir,
    )
    compile_seconds = time.perf_counter() - start
    if args.inputs:
        data = np.load(args.inputs)
        missing = [f"in{n.index_value}" for n in graph_inputs(hint) if f"in{n.index_value}" not in data]
        if missing:
            raise AscirError(f"{args.inputs}: missing arrays {', '.join(missing)} (keys are in<Data index>)")
        inputs = [data[f"in{n.index_value}"] for n in graph_inputs(hint)]
    else:
        inputs = random_inputs(hint, args.seed, sizes)
    # compared below, output by output (not by compile_graph's check=, which stops at the first)
    outputs = kernel(*inputs, sizes=sizes, core_num=args.cores, ub_size=args.ub_size, check=False)
    expected = reference(hint, *inputs, sizes=sizes)
    report: dict[str, Any] = {
        "graph": hint.graph_name,
        "sizes": sizes,
        "compile_seconds": round(compile_seconds, 3),
        "outputs": [],
        "stats": kernel.stats,
        "block_dim": kernel.last_run.block_dim,
    }
    ok = True
    for i, (out, ref) in enumerate(zip(outputs, expected, strict=True)):
        c = compare(out, ref, rtol=args.rtol, atol=args.atol)
        ok &= c.ok
        report["outputs"].append(
            {
                "index": i,
                "dtype": str(ref.dtype),
                "elements": int(ref.size),
                "max_abs_error": _json_float(c.max_abs_error),
                "max_rel_error": _json_float(c.max_rel_error),
                "mismatches": c.mismatches,
                "nan_mismatches": c.nan_mismatches,
                "inf_mismatches": c.inf_mismatches,
                "rtol": c.rtol,
                "atol": c.atol,
                "first_mismatch": None
                if c.first_index is None
                else {
                    "index": list(c.first_index),
                    "actual": _json_value(c.first_actual),
                    "expected": _json_value(c.first_expected),
                },
                "message": c.describe(),
                "pass": c.ok,
            }
        )
    report["pass"] = ok
    if args.save_outputs:
        np.savez(args.save_outputs, **{f"out{i}": o for i, o in enumerate(outputs)})
    return report


def run_suite(args: argparse.Namespace) -> int:
    """Run every combination of a suite with a progress bar; print the summary table."""
    from tqdm import tqdm

    from tools.index_regression import Result, combinations, format_table, run_combination

    todo = list(combinations(long=args.long, only=args.filter))
    if not todo:
        raise AscirError(f"--filter {args.filter!r} matches no case of the suite")
    results: list[Result] = []
    with tqdm(todo, desc=args.suite, unit="case", disable=args.no_progress, file=sys.stderr) as bar:
        for c in bar:
            bar.set_postfix_str(c.label, refresh=False)
            try:
                results.append(run_combination(c, args.seed))
            except AscirError as err:  # a failing combination does not stop the suite
                results.append(Result(c, 0, 0, 0, 0.0, str(err).splitlines()[0]))
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "combination": r.combination.label,
                        "elements": r.elements,
                        "mismatches": r.mismatches,
                        "nans": r.nans,
                        "max_abs_error": r.max_abs_error,
                        "pass": r.passed,
                        "error": r.error,
                    }
                    for r in results
                ],
                indent=2,
            )
        )
    else:
        print(format_table(results))
    return EXIT_OK if all(r.passed for r in results) else EXIT_FAIL


def main(argv: list[str] | None = None) -> int:
    from passes.registry import describe_passes

    parser = argparse.ArgumentParser(
        prog="ascir-run",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Each graph goes through the autofuse pipeline; its passes (ascir-opt -p NAME):\n"
        + describe_passes(),
    )
    parser.add_argument("file", type=Path, nargs="?", help="a .mlir or .py file (not with --suite)")
    parser.add_argument(
        "--suite",
        choices=("index-expr",),
        help="run a regression suite instead of a file: index-expr = the seed 000 IndexExpr/Arange matrix",
    )
    parser.add_argument(
        "--long", action="store_true", help="--suite: add the long shapes (batch triu 128x408x408)"
    )
    parser.add_argument("--filter", help="--suite: only cases whose name contains this text")
    parser.add_argument("--no-progress", action="store_true", help="--suite: no progress bar")
    parser.add_argument("--sizes", help="size bindings, e.g. s0=4,s1=8")
    parser.add_argument("--inputs", type=Path, help=".npz with in0, in1, ... (by Data index)")
    parser.add_argument("--save-outputs", type=Path, help="write out0, out1, ... to this .npz")
    parser.add_argument("--target", choices=("sim", "npu"), default="sim")
    parser.add_argument("--graph", help="run only this graph")
    parser.add_argument(
        "--no-vf", action="store_true", help="root-graph path only: no __simd_vf__ vector functions"
    )
    parser.add_argument(
        "--vf-mask-mode",
        choices=("loop", "per-op"),
        default="loop",
        help="VF masks follow the loop dtype (AL-7) or, to reproduce the pre-fix defect, each op's dtype",
    )
    parser.add_argument(
        "--template",
        choices=("simd", "simt", "sklike"),
        help="IndirectLoad graphs: force this template (default: host tiling chooses by the FR6 scores)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random inputs")
    parser.add_argument(
        "--cores", type=int, help="vector cores host tiling may use (default: the platform's, set_platform)"
    )
    parser.add_argument("--ub-size", type=int, help="unified buffer bytes per core (default: the platform's)")
    parser.add_argument(
        "--dump-dir",
        metavar="DIR",
        help="write the IR after every pass and the generated files into DIR (one subdirectory "
        "per graph when the file holds several)",
    )
    parser.add_argument(
        "--rtol",
        type=float,
        help="relative tolerance for float outputs (default: torch.testing.assert_close's for the "
        "dtype: float16 1e-3, bfloat16 1.6e-2, float32 1.3e-6, float64 1e-7)",
    )
    parser.add_argument(
        "--atol",
        type=float,
        help="absolute tolerance for float outputs (default: float16/bfloat16/float32 1e-5, float64 1e-7); "
        "integers and bool always compare exactly",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON report")
    args = parser.parse_args(argv)

    def body() -> int:
        if args.suite:
            if args.rtol is not None or args.atol is not None:
                raise AscirError(
                    "--rtol/--atol apply to a graph file, not to --suite (it checks its own numpy formulas)"
                )
            return run_suite(args)
        if args.file is None:
            raise AscirError("give a graph file to run, or --suite index-expr")
        check_tolerances(args)
        sizes = parse_sizes(args.sizes)
        graphs = load_graphs(args.file)
        if args.graph:
            graphs = [g for g in graphs if graph_name(g) == args.graph]
        if not graphs:
            raise AscirError(f"{args.file}: no graph{' named ' + args.graph if args.graph else ''} to run")
        reports = []
        args.multi_graph = len(graphs) > 1
        for g in graphs:
            reports.append(run_one(g, args, sizes))
        if args.json:
            print(json.dumps(reports if len(reports) > 1 else reports[0], indent=2, sort_keys=True))
        else:
            for r in reports:
                print(
                    f"graph @{r['graph']} sizes {r['sizes']}: block_dim {r['block_dim']}, compiled in {r['compile_seconds']} s"
                )
                for o in r["outputs"]:
                    verdict = "PASS" if o["pass"] else "FAIL"
                    print(
                        f"  output {o['index']} ({o['dtype']}, {o['elements']} elements): "
                        f"max |error| {float(o['max_abs_error']):.3g} (finite values), "
                        f"{o['mismatches']} mismatches ({o['nan_mismatches']} NaN, {o['inf_mismatches']} inf)  {verdict}"
                    )
                    if not o["pass"]:
                        print(f"    {o['message']}")
                print("  counters: " + ", ".join(f"{k}={v}" for k, v in sorted(r["stats"].items())))
        return EXIT_OK if all(r["pass"] for r in reports) else EXIT_FAIL

    return run_cli("ascir-run", body)


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
