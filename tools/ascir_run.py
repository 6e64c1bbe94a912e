"""``ascir-run``: compile a graph, run it, check it against the reference interpreter.

    ascir-run FILE [--sizes s0=4,s1=8] [--inputs in.npz] [--save-outputs out.npz]
                   [--target sim|npu] [--json] [--graph NAME] [--seed N] [--no-vf]
                   [--template simd|simt|sklike] [--template-policy measured|seed-fr6] [--dump-dir DIR] [--cores N] [--ub-size BYTES]
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
import re
import runpy
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
from xdsl.utils.exceptions import ParseError

from ascendc_emitter.names import file_name, path_inside
from ascir_dialect.attributes import ScalarType
from ascir_dialect.compare import compare
from ascir_dialect.diagnostics import (
    AscirError,
    check_string_literals,
    decode_ir_text,
    format_parse_error,
    verify_module,
)
from ascir_dialect.frontend.graph import HintGraph
from ascir_dialect.frontend.platform import MAX_CORE_NUM, MAX_UB_SIZE, check_core_num, check_ub_size
from ascir_dialect.interpreter import graph_inputs, reference
from ascir_dialect.numbers import INT64_MAX, describe_non_ascii_digit, parse_int
from ascir_dialect.ops import GraphOp
from ascir_dialect.symbolic import NAME_RE
from passes.options import DEFAULT_OPTIONS_FIELDS as DEFAULTS
from passes.options import MASK_MODES, TEMPLATE_POLICIES, TEMPLATES
from tools.cli import EXIT_FAIL, EXIT_OK, exit_process, print_diagnostic, run_cli, safe_text
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
    """``s0=4,s1=8`` -> {"s0": 4, "s1": 8}: names are identifiers, each given once; values are
    ASCII digits in 1..2**63-1 (sizes are int64)."""
    sizes: dict[str, int] = {}
    for item in filter(None, (text or "").split(",")):
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not NAME_RE.match(name) or not value.strip():
            raise AscirError(f"--sizes expects name=int pairs such as s0=4,s1=8, got '{item}'")
        number = parse_int(value, f"--sizes {name}", 1, INT64_MAX)
        if name in sizes:
            raise AscirError(
                f"--sizes gives {name} twice ({name}={sizes[name]} and {name}={number}); give each size once"
            )
        sizes[name] = number
    return sizes


def parse_float(text: str | None, what: str) -> float | None:
    """A float option: ASCII decimal notation only (float() also reads Unicode digits)."""
    if text is None:
        return None
    if describe_non_ascii_digit(text) is not None or not _FLOAT.match(text.strip()):
        raise AscirError(f"{what} expects a decimal number such as 1e-5 (ASCII digits), got {text!r}")
    return float(text)


_FLOAT = re.compile(
    r"[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|inf|nan)\Z", re.ASCII | re.IGNORECASE
)
SEED_MAX = 2**64 - 1


def check_numeric_args(args: argparse.Namespace) -> None:
    """The numeric options arrive as text: ASCII digits, within their C types and the
    platform's limits (a value is never reduced modulo 2**32 on its way to the kernel)."""
    args.seed = parse_int(args.seed, "--seed", 0, SEED_MAX)
    if args.cores is not None:
        args.cores = check_core_num(parse_int(args.cores, "--cores"), "--cores")
    if args.ub_size is not None:
        args.ub_size = check_ub_size(parse_int(args.ub_size, "--ub-size"), "--ub-size")
    args.rtol = parse_float(args.rtol, "--rtol")
    args.atol = parse_float(args.atol, "--atol")


def load_graphs(path: Path) -> list[Any]:
    if path.suffix == ".mlir":
        from tools.ascir_opt import IrParser, make_context

        text = decode_ir_text(path.read_bytes(), str(path))
        check_string_literals(text, str(path))
        try:
            module = IrParser(make_context(), text, str(path)).parse_module()
        except ParseError as e:
            raise AscirError(format_parse_error(e.span, e.msg)) from None
        verify_module(module)
        return [op for op in module.ops if isinstance(op, GraphOp)]
    if path.suffix == ".py":
        namespace = run_graph_script(path)
        return [v for v in namespace.values() if isinstance(v, HintGraph)]
    raise AscirError(f"{path}: expected a .mlir or .py file")


class GraphScriptError(AscirError):
    """The user's graph script raised: its message and the traceback lines in its file."""


def run_graph_script(path: Path) -> dict[str, Any]:
    """Run a ``.py`` graph script; whatever it raises is the user's error (exit 1), reported
    at the line of the script it came from, with the script's own traceback lines (frames
    of ascir-run and of the libraries are left out; ASCIR_DEBUG=1 prints all of them)."""
    if not path.is_file():
        raise AscirError(f"{path}: no such file")
    try:
        return runpy.run_path(str(path), run_name="__ascir_run__")
    except KeyboardInterrupt:
        raise
    except SystemExit as e:
        raise GraphScriptError(
            f"{path}: error: the graph script called sys.exit({e.code!r}); ascir-run reads the "
            "HintGraphs a script leaves in its globals, so it must run to its end"
        ) from None
    except BaseException as e:  # the script's own error, whatever its class
        raise GraphScriptError(describe_script_error(path, e)) from None


def describe_script_error(path: Path, e: BaseException) -> str:
    import os
    import traceback

    if os.environ.get("ASCIR_DEBUG"):
        print_diagnostic("".join(traceback.format_exception(e)).rstrip("\n"))
    target = path.resolve()
    frames = traceback.extract_tb(e.__traceback__)
    mine = [f for f in frames if f.filename and Path(f.filename).resolve() == target]
    what = f"{type(e).__name__}: {e}"
    if isinstance(e, SyntaxError) and e.filename and Path(e.filename).resolve() == target:
        where = f"{path}:{e.lineno}:{e.offset or 1}"
        what = f"SyntaxError: {e.msg}"
        lines = [(e.text or "").rstrip("\n"), " " * max((e.offset or 1) - 1, 0) + "^"] if e.text else []
        return f"{where}: error: the graph script has a syntax error: {e.msg}\n" + "\n".join(lines)
    if mine:
        last = mine[-1]
        col = (getattr(last, "colno", None) or 0) + 1
        where = f"{path}:{last.lineno}:{col}"
    else:
        where = str(path)
    text = f"{where}: error: the graph script raised {what}"
    if mine:
        trace = "".join(traceback.StackSummary.from_list(mine).format()).rstrip("\n")
        text += f"\nTraceback (the script's frames, most recent call last):\n{trace}"
    inner = Path(frames[-1].filename).resolve() if frames else target
    if inner != target and not isinstance(e, AscirError) and _ROOT in inner.parents:
        text += (
            f"\n(raised inside ascir, in {inner.relative_to(_ROOT)}: if the call above is correct, "
            "this is a bug in ascir-run; rerun with ASCIR_DEBUG=1 and report it)"
        )
    return text


_ROOT = Path(__file__).resolve().parent.parent


def load_inputs(path: Path, hint: GraphOp) -> list[np.ndarray]:
    """The arrays ``in<Data index>`` of an ``--inputs`` .npz file; a missing, truncated or
    corrupt file, a missing key or an unreadable array is a user error naming the file."""
    import zipfile

    fix = "write it with numpy.savez(path, in0=..., in1=...)"
    try:
        data = np.load(path, allow_pickle=False)
    except OSError as e:
        raise AscirError(f"{path}: cannot read the inputs file: {e.strerror or e}") from None
    except (ValueError, EOFError, zipfile.BadZipFile) as e:
        raise AscirError(f"{path}: not a readable .npz file ({type(e).__name__}: {e}); {fix}") from None
    if not isinstance(data, np.lib.npyio.NpzFile):
        raise AscirError(f"{path}: holds a single array, not an .npz archive of in0, in1, ...; {fix}")
    with data:
        keys = [f"in{n.index_value}" for n in graph_inputs(hint)]
        missing = [k for k in keys if k not in data.files]
        if missing:
            raise AscirError(f"{path}: missing arrays {', '.join(missing)} (keys are in<Data index>)")
        arrays = []
        for key in keys:
            try:
                arrays.append(data[key])
            except Exception as e:  # zipfile/zlib/numpy format errors of a damaged member
                raise AscirError(
                    f"{path}: array {key} cannot be read ({type(e).__name__}: {e}); the file is "
                    f"truncated or corrupt, or the array is not numeric; {fix}"
                ) from None
    return arrays


def graph_name(g: Any) -> str:
    return g.graph_name if isinstance(g, GraphOp) else g.name


def _index_ranges(g: GraphOp, rt: Any) -> dict[Any, tuple[int, int]]:
    """Data nodes loaded directly as an IndirectLoad or IndexPut index -> the valid index range."""
    from ascir_dialect.ops.index_put import IndexPutOp
    from ascir_dialect.ops.indirect_load import IndirectLoadOp
    from ascir_dialect.ops.memory import LoadOp

    ranges = {}
    for n in g.nodes():
        if isinstance(n, (IndirectLoadOp, IndexPutOp)) and isinstance(n.x2.owner, LoadOp):
            size = rt.eval(n.x1.type.repeats[n.dim_value])  # type: ignore[union-attr]
            ranges[n.x2.owner.x.owner] = (-size if n.check_negative else 0, size)
    return ranges


MAX_RANDOM_INPUT_BYTES = 1 << 34
"""Largest random input ascir-run generates (16 GiB): beyond it the sizes are a mistake."""


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
        count = int(np.prod(shape, dtype=object))
        if count * dtype.numpy.itemsize > MAX_RANDOM_INPUT_BYTES:
            raise AscirError(
                f"input {node.index_value} (%{node.node_name}) would hold {count} elements with sizes "
                f"{sizes}: more than {MAX_RANDOM_INPUT_BYTES >> 30} GiB of random data; use smaller sizes"
            )
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
    given = load_inputs(args.inputs, hint) if args.inputs else None  # before compiling: fail fast
    start = time.perf_counter()
    dump_dir = None
    if args.dump_dir:
        # one subdirectory per graph, named by the names mapping (never outside --dump-dir)
        root = Path(args.dump_dir)
        dump_dir = path_inside(root, file_name(hint.graph_name)) if args.multi_graph else root
    trace = None
    if args.trace:
        trace = Path(args.trace)
        if args.multi_graph:  # one file per graph: NAME_<graph>.json
            trace = trace.with_name(f"{trace.stem}_{file_name(hint.graph_name)}{trace.suffix or '.json'}")
    kernel = compile_graph(
        g,
        target=args.target,
        vf=not args.no_vf,
        mask_mode=args.vf_mask_mode,
        template=args.template,
        template_policy=args.template_policy,
        dump_dir=dump_dir,
        trace=trace,
    )
    compile_seconds = time.perf_counter() - start
    inputs = given if given is not None else random_inputs(hint, args.seed, sizes)
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
    timeline = getattr(kernel.last_run, "timeline", None)
    if timeline is not None:
        report["timeline"] = {
            "total_cycles": timeline.total_cycles,
            "per_core_cycles": {str(c): v for c, v in timeline.per_core_cycles.items()},
            "pipe_busy_cycles": timeline.pipe_busy_cycles,
            "modelled_seconds": timeline.modelled_seconds,
        }
    if trace is not None:
        report["trace"] = str(trace)
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


def usage_error(message: str) -> NoReturn:
    """argparse's usage errors are user errors: exit 1 like every other one."""
    raise AscirError(f"error: {message} (see ascir-run --help)")


def main(argv: list[str] | None = None) -> int:
    from lowering.registry import describe_passes

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
        choices=MASK_MODES,
        default=DEFAULTS["mask_mode"],
        help="VF masks follow the loop dtype (AL-7) or, to reproduce the pre-fix defect, each op's dtype",
    )
    parser.add_argument(
        "--template",
        choices=[t for t in TEMPLATES if t],
        help="IndirectLoad graphs: force this template (default: host tiling chooses by the FR6 scores)",
    )
    parser.add_argument(
        "--template-policy",
        choices=TEMPLATE_POLICIES,
        default=DEFAULTS["template_policy"],
        help="IndirectLoad graphs: how host tiling chooses the template -- measured (default: the "
        "rules with the lower regret in bench/indirect_load.py) or seed-fr6 (seed 001 FR6's table)",
    )
    parser.add_argument("--seed", default="0", help="seed of the random inputs (0..2**64-1)")
    parser.add_argument(
        "--cores",
        help=f"vector cores host tiling may use, 1..{MAX_CORE_NUM} (default: the whole chip, 56 on the 950)",
    )
    parser.add_argument(
        "--ub-size",
        help=f"unified buffer bytes per core: a multiple of 32, at most {MAX_UB_SIZE} (default: the platform's)",
    )
    parser.add_argument(
        "--dump-dir",
        metavar="DIR",
        help="write the IR after every pass and the generated files into DIR (one subdirectory "
        "per graph when the file holds several)",
    )
    parser.add_argument(
        "--rtol",
        help="relative tolerance for float outputs (default: torch.testing.assert_close's for the "
        "dtype: float16 1e-3, bfloat16 1.6e-2, float32 1.3e-6, float64 1e-7)",
    )
    parser.add_argument(
        "--atol",
        help="absolute tolerance for float outputs (default: float16/bfloat16/float32 1e-5, float64 1e-7); "
        "integers and bool always compare exactly",
    )
    parser.add_argument(
        "--trace",
        metavar="FILE",
        help="write the simulator's timeline as Chrome trace-event JSON (open in Perfetto or "
        "chrome://tracing): one track per pipe per core (FILE_<graph>.json per graph when the file "
        "holds several)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON report")
    parser.error = usage_error  # type: ignore[method-assign]  # exit 1: 2 is an internal error

    def body() -> int:
        args = parser.parse_args(argv)
        check_numeric_args(args)
        if args.suite:
            if args.rtol is not None or args.atol is not None:
                raise AscirError(
                    "--rtol/--atol apply to a graph file, not to --suite (it checks its own numpy formulas)"
                )
            return run_suite(args)
        if args.file is None:
            raise AscirError("give a graph file to run, or --suite index-expr")
        check_tolerances(args)
        if args.trace and args.target != "sim":
            raise AscirError("--trace needs the simulator (--target sim)")
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
                # the graph's name and the trace path are the user's text: shown safely
                print(
                    f"graph @{safe_text(r['graph'])} sizes {r['sizes']}: block_dim {r['block_dim']}, "
                    f"compiled in {r['compile_seconds']} s"
                )
                for o in r["outputs"]:
                    verdict = "PASS" if o["pass"] else "FAIL"
                    print(
                        f"  output {o['index']} ({o['dtype']}, {o['elements']} elements): "
                        f"max |error| {float(o['max_abs_error']):.3g} (finite values), "
                        f"{o['mismatches']} mismatches ({o['nan_mismatches']} NaN, {o['inf_mismatches']} inf)  {verdict}"
                    )
                    if not o["pass"]:
                        print(f"    {safe_text(o['message'])}")
                print("  counters: " + ", ".join(f"{k}={v}" for k, v in sorted(r["stats"].items())))
                if "timeline" in r:
                    t = r["timeline"]
                    busy = " ".join(f"{p.removeprefix('PIPE_')}={c}" for p, c in t["pipe_busy_cycles"].items())
                    print(
                        f"  timeline: {t['total_cycles']} cycles on the slowest core, modelled "
                        f"{t['modelled_seconds'] * 1e6:.1f} us; busy cycles {busy}"
                    )
                if "trace" in r:
                    print(f"  trace written to {safe_text(r['trace'])}")
        return EXIT_OK if all(r["pass"] for r in reports) else EXIT_FAIL

    return run_cli("ascir-run", body)


def entry() -> None:
    exit_process(main())


if __name__ == "__main__":
    entry()
