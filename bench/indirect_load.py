"""Benchmark: IndirectLoad templates on workload-shaped gathers (seed 001), simulator counters.

Shapes are modelled on real workloads and scaled to fit the CPU simulator:

* LLM token embedding (vocab 32000 x hidden 4096, [B, T] tokens) -> 4000 x 512, [2, 64];
* MoE-style index_select of rows from [4096, 4096] -> 1024 rows of [1024, 256];
* gather along the last dim, [N, N] -> [N, 2N], N = 64, 256, 1024;
* DLRM-style small table, [1000, 16] with 512 lookups.

For each shape: the template host tiling chooses on 8 cores (FR6 scores), and for every
template that accepts the graph: GM bytes / minimum (minimum = index + output + every
distinct input element read once), DMA calls, vector instructions and SIMT lanes. A
template that rejects the graph (or does not fit the UB) shows why. Every run is checked
against numpy.

    python bench/indirect_load.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from xdsl.parser import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ascir_dialect.diagnostics import AscirError
from tools.ascir_opt import make_context
from tools.compile import compile_graph

CORES = 8
NAMES = {1: "simd", 2: "simt", 3: "sklike"}


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


def embedding(v: int, h: int, b: int, t: int):
    table = _t("float16", ["v", "h"], ["sv", "sh"], ["sh", "1"])
    tokens = _t("int32", ["b", "t"], ["sb", "st"], ["st", "1"])
    tview = _t("float16", ["b", "v", "h"], ["sb", "sv", "sh"], ["0", "sh", "1"])
    iview = _t("int32", ["b", "t", "h"], ["sb", "st", "sh"], ["st", "1", "0"])
    out = _t("float16", ["b", "t", "h"], ["sb", "st", "sh"], ["st * sh", "sh", "1"])
    body = [
        f"%w = ascir.data {{index = 0 : i64}} : {table}",
        f"%i = ascir.data {{index = 1 : i64}} : {tokens}",
        f"%wl = ascir.load %w : {tview}",
        f"%il = ascir.load %i : {iview}",
        f"%g = ascir.indirect_load %wl, %il {{dim = 1 : i64}} : {out}",
        f"%st = ascir.store %g : {out}",
        f"%y = ascir.output %st {{index = 0 : i64}} : {out}",
    ]
    rng = np.random.default_rng(0)
    w = rng.standard_normal((v, h)).astype(np.float16)
    ids = rng.integers(0, v, (b, t)).astype(np.int32)
    sizes = {"sv": v, "sh": h, "sb": b, "st": t}
    return (
        _graph("embedding", [("v", "sv"), ("h", "sh"), ("b", "sb"), ("t", "st")], body),
        [w, ids],
        sizes,
        [np.take(w, ids, axis=0)],
    )


def index_select(rows: int, cols: int, n: int):
    x = _t("float16", ["r", "c"], ["sr", "sc"], ["sc", "1"])
    idx = _t("int64", ["n"], ["sn"], ["1"])
    iview = _t("int64", ["n", "c"], ["sn", "sc"], ["1", "0"])
    out = _t("float16", ["n", "c"], ["sn", "sc"], ["sc", "1"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {x}",
        f"%i = ascir.data {{index = 1 : i64}} : {idx}",
        f"%xl = ascir.load %x : {x}",
        f"%il = ascir.load %i : {iview}",
        f"%g = ascir.indirect_load %xl, %il {{dim = 0 : i64}} : {out}",
        f"%st = ascir.store %g : {out}",
        f"%y = ascir.output %st {{index = 0 : i64}} : {out}",
    ]
    rng = np.random.default_rng(1)
    xs = rng.standard_normal((rows, cols)).astype(np.float16)
    ids = rng.integers(0, rows, (n,)).astype(np.int64)
    sizes = {"sr": rows, "sc": cols, "sn": n}
    return _graph("index_select", [("r", "sr"), ("c", "sc"), ("n", "sn")], body), [xs, ids], sizes, [xs[ids]]


def gather_last(n: int):
    x = _t("float32", ["a", "b"], ["sa", "sb"], ["sb", "1"])
    idx = _t("int32", ["a", "k"], ["sa", "sk"], ["sk", "1"])
    out = _t("float32", ["a", "k"], ["sa", "sk"], ["sk", "1"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {x}",
        f"%i = ascir.data {{index = 1 : i64}} : {idx}",
        f"%xl = ascir.load %x : {x}",
        f"%il = ascir.load %i : {idx}",
        f"%g = ascir.indirect_load %xl, %il {{dim = 1 : i64}} : {out}",
        f"%st = ascir.store %g : {out}",
        f"%y = ascir.output %st {{index = 0 : i64}} : {out}",
    ]
    rng = np.random.default_rng(n)
    xs = rng.standard_normal((n, n)).astype(np.float32)
    ids = rng.integers(0, n, (n, 2 * n)).astype(np.int32)
    sizes = {"sa": n, "sb": n, "sk": 2 * n}
    return (
        _graph("gather_last", [("a", "sa"), ("b", "sb"), ("k", "sk")], body),
        [xs, ids],
        sizes,
        [np.take_along_axis(xs, ids, 1)],
    )


def dlrm(rows: int, dim: int, lookups: int):
    ir, inputs, sizes, want = index_select(rows, dim, lookups)
    inputs = [inputs[0].astype(np.float16), inputs[1]]
    return ir.replace("@index_select", "@dlrm"), inputs, sizes, want


def minimum_bytes(inputs: list[np.ndarray], expected: np.ndarray, distinct_inputs: int) -> int:
    return inputs[1].nbytes + expected.nbytes + distinct_inputs * inputs[0].itemsize


SHAPES = [
    ("embedding 4000x512 [2,64]", embedding(4000, 512, 2, 64), lambda ins: len(np.unique(ins[1])) * 512),
    (
        "index_select 1024 of [1024,256]",
        index_select(1024, 256, 1024),
        lambda ins: len(np.unique(ins[1])) * 256,
    ),
    ("gather last [64,64]->[64,128]", gather_last(64), None),
    ("gather last [256,256]->[256,512]", gather_last(256), None),
    ("gather last [1024,1024]->[1024,2048]", gather_last(1024), None),
    ("dlrm table [1000,16] x 512", dlrm(1000, 16, 512), lambda ins: len(np.unique(ins[1])) * 16),
]


def distinct(inputs: list[np.ndarray], ir: str, count) -> int:
    if count is not None:
        return count(inputs)
    x, ids = inputs
    rows = np.arange(x.shape[0])[:, None] * x.shape[1]
    return len(np.unique(rows + ids))


def main() -> int:
    print(f"IndirectLoad templates on the simulator, {CORES} cores")
    head = f"{'shape':<38}{'template':>9}{'chosen':>8}{'gm/min':>9}{'dma':>7}{'vec_instr':>11}{'simt_threads':>13}"
    print(head)
    print("-" * len(head))
    for label, (ir, inputs, sizes, want), count in SHAPES:
        module = Parser(make_context(), ir).parse_module()
        auto = compile_graph(module, name="bench_il")
        (out,) = auto(*inputs, sizes=sizes, core_num=CORES)
        np.testing.assert_array_equal(out.reshape(want[0].shape), want[0])
        chosen = NAMES[auto.last_run.tiling_key]  # type: ignore[attr-defined]
        minimum = minimum_bytes(inputs, want[0], distinct(inputs, ir, count))
        for template in ("simd", "simt", "sklike"):
            try:
                k = compile_graph(module, name="bench_il", template=template)
                (out,) = k(*inputs, sizes=sizes, core_num=CORES)
            except AscirError as err:
                reason = str(err).split("rejected: ", 1)[-1].split(" (", 1)[0]
                print(f"{label:<38}{template:>9}{'':>8}  rejected: {reason[:70]}")
                continue
            np.testing.assert_array_equal(out.reshape(want[0].shape), want[0])
            s = k.stats
            gm = (s["gm_read_bytes"] + s["gm_write_bytes"]) / minimum
            mark = "<-" if template == chosen else ""
            print(
                f"{label:<38}{template:>9}{mark:>8}{gm:>9.3f}{s['dma_calls']:>7}{s['vector_instructions']:>11}{s['simt_threads']:>13}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
