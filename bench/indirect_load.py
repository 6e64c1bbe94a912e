"""Benchmark: IndirectLoad templates on workload-shaped gathers (seed 001), simulator counters.

Shapes are modelled on real workloads and scaled to fit the CPU simulator:

* LLM token embedding (vocab 32000 x hidden 4096, [B, T] tokens) -> 4000 x 512, [2, 64];
* MoE-style index_select of rows from [4096, 4096] -> 1024 rows of [1024, 256];
* gather along the last dim, [N, N] -> [N, 2N], N = 64, 256, 1024;
* DLRM-style small table, [1000, 16] with 512 lookups.

Some shapes carry pre/post chains (a ReLU after the embedding, an index clamp), the
case SK-like is for. For each shape: the template host tiling chooses on the 950's 56 vector
cores (``--cores``; FR6
scores), and for every template that accepts the graph: GM bytes / minimum (minimum =
index + output + every distinct input element read once), DMA calls, vector
instructions, SIMT coalesced requests and DCache misses, launches, and the modelled time
of ``bench/cost_model.py``. The regret table divides the chosen template's modelled time
by the best one's, for each host-tiling template policy: "measured" (the default, marked
``<-`` above) and "seed-fr6" (seed 001 FR6's table as written, marked ``fr6``). A template
that rejects the graph (or does not fit the UB) shows why. Every run is checked against numpy.

    python bench/indirect_load.py [--cores N] [--param hbm_bytes_per_second=1e12 ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from xdsl.parser import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tqdm import tqdm

from ascendc_emitter.target.platform import ASCEND_950
from ascir_dialect.diagnostics import AscirError
from bench.cost_model import CostModel
from passes.options import TEMPLATE_POLICIES
from tools.ascir_opt import make_context
from tools.compile import compile_graph

CORES = ASCEND_950.vector_cores
NAMES = {1: "simd", 2: "simt", 3: "sklike"}
POLICIES = TEMPLATE_POLICIES


def _t(dtype: str, axes: list[str], sizes: list[str], strides: list[str]) -> str:
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(sizes)}], [{', '.join(strides)}]>"


def _graph(name: str, axes: list[tuple[str, str]], body: list[str]) -> str:
    sizes = sorted({s for _, s in axes if not s.isdigit()})
    ax = ", ".join(f"{i}: {a} = {s}" for i, (a, s) in enumerate(axes))
    return (
        f"ascir.graph @{name} hint sizes [{', '.join(sizes)}] axes [{ax}] {{\n  "
        + "\n  ".join(body)
        + "\n}\n"
    )


def _body(
    data: tuple[str, str],
    views: tuple[str, str],
    out: str,
    dim: int,
    post: str | None = None,
    index_pre: bool = False,
) -> list[str]:
    """A gather graph body: Data (input, index) types, their load views, the output view;
    optionally an index pre chain (``maximum(index, 0)``) and one output post op."""
    x_t, i_t = data
    x_view, i_view = views
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {x_t}",
        f"%i = ascir.data {{index = 1 : i64}} : {i_t}",
        f"%xl = ascir.load %x : {x_view}",
        f"%il = ascir.load %i : {i_view}",
    ]
    index = "%il"
    if index_pre:
        dtype = i_view.split("<", 1)[1].split(",", 1)[0]
        body += [
            f'%zero = ascir.scalar {{value = "0"}} : !ascir.scalar<{dtype}>',
            f"%ip = ascir.maximum %il, %zero : {i_view}",
        ]
        index = "%ip"
    body.append(f"%g = ascir.indirect_load %xl, {index} {{dim = {dim} : i64}} : {out}")
    result = "%g"
    if post is not None:
        body.append(f"%p = ascir.{post} %g : {out}")
        result = "%p"
    return [
        *body,
        f"%st = ascir.store {result} : {out}",
        f"%y = ascir.output %st {{index = 0 : i64}} : {out}",
    ]


def _post(want: np.ndarray, post: str | None) -> np.ndarray:
    return np.maximum(want, 0) if post == "relu" else np.abs(want) if post == "abs" else want


def embedding(v: int, h: int, b: int, t: int, post: str | None = None):
    table = _t("float16", ["v", "h"], ["sv", "sh"], ["sh", "1"])
    tokens = _t("int32", ["b", "t"], ["sb", "st"], ["st", "1"])
    tview = _t("float16", ["b", "v", "h"], ["sb", "sv", "sh"], ["0", "sh", "1"])
    iview = _t("int32", ["b", "t", "h"], ["sb", "st", "sh"], ["st", "1", "0"])
    out = _t("float16", ["b", "t", "h"], ["sb", "st", "sh"], ["st * sh", "sh", "1"])
    body = _body((table, tokens), (tview, iview), out, 1, post)
    rng = np.random.default_rng(0)
    w = rng.standard_normal((v, h)).astype(np.float16)
    ids = rng.integers(0, v, (b, t)).astype(np.int32)
    sizes = {"sv": v, "sh": h, "sb": b, "st": t}
    return (
        _graph("embedding", [("v", "sv"), ("h", "sh"), ("b", "sb"), ("t", "st")], body),
        [w, ids],
        sizes,
        [_post(np.take(w, ids, axis=0), post)],
    )


def index_select(rows: int, cols: int, n: int, post: str | None = None, index_pre: bool = False):
    x = _t("float16", ["r", "c"], ["sr", "sc"], ["sc", "1"])
    idx = _t("int64", ["n"], ["sn"], ["1"])
    iview = _t("int64", ["n", "c"], ["sn", "sc"], ["1", "0"])
    out = _t("float16", ["n", "c"], ["sn", "sc"], ["sc", "1"])
    body = _body((x, idx), (x, iview), out, 0, post, index_pre)
    rng = np.random.default_rng(1)
    xs = rng.standard_normal((rows, cols)).astype(np.float16)
    ids = rng.integers(0, rows, (n,)).astype(np.int64)
    sizes = {"sr": rows, "sc": cols, "sn": n}
    graph = _graph("index_select", [("r", "sr"), ("c", "sc"), ("n", "sn")], body)
    return graph, [xs, ids], sizes, [_post(xs[ids], post)]


def gather_last(n: int, rows: int | None = None, post: str | None = None):
    """[rows, n] -> [rows, 2n] along the last dim (rows defaults to n)."""
    rows = n if rows is None else rows
    x = _t("float32", ["a", "b"], ["sa", "sb"], ["sb", "1"])
    idx = _t("int32", ["a", "k"], ["sa", "sk"], ["sk", "1"])
    out = _t("float32", ["a", "k"], ["sa", "sk"], ["sk", "1"])
    body = _body((x, idx), (x, idx), out, 1, post)
    rng = np.random.default_rng(n)
    xs = rng.standard_normal((rows, n)).astype(np.float32)
    ids = rng.integers(0, n, (rows, 2 * n)).astype(np.int32)
    sizes = {"sa": rows, "sb": n, "sk": 2 * n}
    return (
        _graph("gather_last", [("a", "sa"), ("b", "sb"), ("k", "sk")], body),
        [xs, ids],
        sizes,
        [_post(np.take_along_axis(xs, ids, 1), post)],
    )


def dlrm(rows: int, dim: int, lookups: int, post: str | None = None, index_pre: bool = False):
    ir, inputs, sizes, want = index_select(rows, dim, lookups, post, index_pre)
    inputs = [inputs[0].astype(np.float16), inputs[1]]
    return ir.replace("@index_select", "@dlrm"), inputs, sizes, want


def minimum_bytes(inputs: list[np.ndarray], expected: np.ndarray, distinct_inputs: int) -> int:
    return inputs[1].nbytes + expected.nbytes + distinct_inputs * inputs[0].itemsize


def _rows(per_row: int):
    return lambda ins: len(np.unique(ins[1])) * per_row


SHAPES = [
    ("embedding 4000x512 [2,64]", lambda: embedding(4000, 512, 2, 64), _rows(512)),
    ("embedding 4000x512 [2,64] +relu", lambda: embedding(4000, 512, 2, 64, "relu"), _rows(512)),
    ("index_select 1024 of [1024,256]", lambda: index_select(1024, 256, 1024), _rows(256)),
    ("gather last [64,64]->[64,128]", lambda: gather_last(64), None),
    ("gather last [256,256]->[256,512]", lambda: gather_last(256), None),
    ("gather last [1024,1024]->[1024,2048]", lambda: gather_last(1024), None),
    ("gather last [2,8192]->[2,16384] +abs", lambda: gather_last(8192, 2, "abs"), None),
    ("dlrm table [1000,16] x 512", lambda: dlrm(1000, 16, 512), _rows(16)),
    ("dlrm [1000,16] x 512 clamp,+relu", lambda: dlrm(1000, 16, 512, "relu", True), _rows(16)),
]


def distinct(inputs: list[np.ndarray], ir: str, count) -> int:
    if count is not None:
        return count(inputs)
    x, ids = inputs
    rows = np.arange(x.shape[0])[:, None] * x.shape[1]
    return len(np.unique(rows + ids))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--param", action="append", default=[], help="cost-model override NAME=VALUE")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--cores", type=int, default=CORES, help=f"vector cores to tile for (default {CORES}, the 950)")
    args = parser.parse_args(argv)
    cores = args.cores
    model = CostModel().with_overrides(args.param)
    rows: list[tuple[str, str, str, str]] = []
    regrets: list[tuple[str, str, dict[str, tuple[str, float]]]] = []
    for label, make, count in tqdm(SHAPES, desc="shapes", disable=args.no_progress, file=sys.stderr):
        ir, inputs, sizes, want = make()
        module = Parser(make_context(), ir).parse_module()
        chosen: dict[str, str] = {}
        for policy in POLICIES:
            auto = compile_graph(module, name="bench_il", template_policy=policy)
            (out,) = auto(*inputs, sizes=sizes, core_num=cores, costs=model.costs())
            np.testing.assert_array_equal(out.reshape(want[0].shape), want[0])
            chosen[policy] = NAMES[auto.last_run.tiling_key]  # type: ignore[attr-defined]
        minimum = minimum_bytes(inputs, want[0], distinct(inputs, ir, count))
        times: dict[str, float] = {}
        for template in ("simd", "simt", "sklike"):
            try:
                k = compile_graph(module, name="bench_il", template=template)
                (out,) = k(*inputs, sizes=sizes, core_num=cores, costs=model.costs())
            except AscirError as err:
                reason = str(err).split("rejected: ", 1)[-1].split(" (", 1)[0]
                rows.append((label, template, "", f"rejected: {reason[:72]}"))
                continue
            np.testing.assert_array_equal(out.reshape(want[0].shape), want[0])
            s, run = k.stats, k.last_run
            times[template] = model.kernel_time(run)  # type: ignore[arg-type]
            gm = (s["gm_read_bytes"] + s["gm_write_bytes"]) / minimum
            cells = (
                f"{gm:>8.3f}{s['dma_calls']:>7}{s['vector_instructions']:>9}{s['simt_transactions']:>8}"
                f"{s['dcache_miss_lines']:>8}{s['launches']:>4}{times[template] * 1e6:>10.1f}"
                f"  {model.pipe_busy(run)}"  # type: ignore[arg-type]
            )
            mark = "<-" if template == chosen["measured"] else ""
            mark += "fr6" if template == chosen["seed-fr6"] else ""
            rows.append((label, template, mark, cells))
        best = min(times, key=times.__getitem__)
        regrets.append(
            (label, best, {p: (chosen[p], times[chosen[p]] / times[best]) for p in POLICIES})
        )
    print(f"IndirectLoad templates on the simulator, {cores} cores (cost model: bench/cost_model.py)")
    head = f"{'shape':<40}{'template':>9}{'chosen':>7}{'gm/min':>8}{'dma':>7}{'vec':>9}{'simt_tx':>8}{'dc_miss':>8}{'ln':>4}{'model_us':>10}  busy cycles (slowest core)"
    print(head)
    print("-" * len(head))
    for label, template, mark, cells in rows:
        print(f"{label:<40}{template:>9}{mark:>7}{cells}")
    print()
    print(f"{'shape':<40}{'best':>8}" + "".join(f"{p:>10}{'regret':>8}" for p in POLICIES))
    for label, best, by_policy in regrets:
        cells = "".join(f"{c:>10}{r:>8.3f}" for c, r in by_policy.values())
        print(f"{label:<40}{best:>8}{cells}")
    for policy in POLICIES:
        worst = max(by_policy[policy][1] for *_, by_policy in regrets)
        print(f"{policy}: max regret {worst:.3f} (target <= 1.10)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
