"""Benchmark: modelled time against the 950's roofline, on the whole chip (issue 33 item 4).

For each benchmark graph -- elementwise, bias add, RMSNorm, softmax, LayerNorm, rows longer
than the UB (a vocabulary softmax, a long RMSNorm: the streaming schedule), inner and
outer sums over the same bytes, the LLaMA tails (SiLU MLP, RoPE, causal softmax, embedding
with positions), gathers -- the kernel is compiled, run on the simulator on every vector
core of the 950 (56 by default, ``--cores``), checked against the reference, and the
timeline's modelled time is set beside

* the memory roofline: the graph's minimum GM bytes -- every input element read once,
  every output element written once -- over the 950's 1.6 TB/s HBM;
* the compute bound: the bytes every compute node produces (its output view's numel x
  element size) over the vector units' 256 bytes per cycle on every core at 1.65 GHz
  (devkit NPU架构版本3510.md:56-57: 256 bytes per beat);

and ``ratio`` = modelled / max(both); ``busiest`` names the slowest core's busiest pipe and
its busy share of that core's time (near 1.0: that pipe bounds the kernel). ``bound`` says what bounds the modelled launch (the
cores' critical paths, HBM or L2). ``--json FILE`` writes the rows. No timing is asserted
anywhere; the numbers are the model's, not a device's.

    python bench/roofline.py [--cores N] [--only NAME,...] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ascir_dialect.compare import assert_close  # noqa: E402
from ascir_dialect.interpreter import reference  # noqa: E402
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp  # noqa: E402
from ascir_dialect.ops.sources import DataOp, ScalarDataOp, ScalarOp  # noqa: E402
from tools.compile import compile_graph  # noqa: E402

try:
    from ascendc_emitter.target.platform import ASCEND_950
except ImportError:  # a checkout from before the platform table, for old-vs-new figures
    from types import SimpleNamespace

    ASCEND_950 = SimpleNamespace(vector_cores=56, hbm_bytes_per_second=1.6e12, clock_hz=1.65e9, vector_bytes=256)


@dataclass
class Case:
    name: str
    ir: str
    inputs: list[np.ndarray]
    sizes: dict[str, int]
    #: the graph's minimum GM bytes when it is not "every input and output once" (a gather
    #: reads only the rows its indices name; a LLaMA tail counts its own minimum)
    min_bytes: int | None = None


def _t(dtype: str, axes: list[str], reps: list[str], strides: list[str] | None = None) -> str:
    if strides is None:
        strides, acc = [], "1"
        for r in reversed(reps):
            strides.insert(0, "0" if r == "1" else acc)
            if r != "1":
                acc = r if acc == "1" else f"{r} * {acc}"
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(reps)}], [{', '.join(strides)}]>"


def _graph(name: str, sizes: list[str], axes: list[tuple[str, str]], body: list[str]) -> str:
    decl = ", ".join(f"{i}: {a} = {s}" for i, (a, s) in enumerate(axes))
    return f"ascir.graph @{name} hint sizes [{', '.join(sizes)}] axes [{decl}] {{\n  " + "\n  ".join(body) + "\n}\n"


def elementwise(rows: int, cols: int) -> Case:
    ir = (ROOT / "examples" / "add_relu.mlir").read_text()
    rng = np.random.default_rng(0)
    x = [rng.standard_normal((rows, cols)).astype(np.float32) for _ in range(2)]
    return Case(f"add_relu[{rows},{cols}]", ir, x, {"s0": rows, "s1": cols})


def bias_add(rows: int, cols: int) -> Case:
    full, bias = _t("float32", ["r", "c"], ["R", "C"]), _t("float32", ["r", "c"], ["1", "C"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {full}",
        f"%b = ascir.data {{index = 1 : i64}} : {bias}",
        f"%xl = ascir.load %x : {full}",
        f"%bl = ascir.load %b : {bias}",
        f"%bb = ascir.broadcast %bl : {full}",
        f"%y = ascir.add %xl, %bb : {full}",
        f"%st = ascir.store %y : {full}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {full}",
    ]
    rng = np.random.default_rng(1)
    return Case(
        f"bias_add[{rows},{cols}]",
        _graph("bias_add", ["R", "C"], [("r", "R"), ("c", "C")], body),
        [rng.standard_normal((rows, cols)).astype(np.float32), rng.standard_normal((1, cols)).astype(np.float32)],
        {"R": rows, "C": cols},
    )


def _row_reduction(kind: str, rows: int, cols: int) -> Case:
    """softmax / layernorm / rmsnorm over the last axis of a [rows, cols] float32 tensor."""
    full, row = _t("float32", ["r", "c"], ["R", "C"]), _t("float32", ["r", "c"], ["R", "1"])
    body = [f"%x = ascir.data {{index = 0 : i64}} : {full}", f"%l = ascir.load %x : {full}"]
    if kind == "softmax":
        body += [
            f"%m = ascir.reduce_max %l : {row}",
            f"%mb = ascir.broadcast %m : {full}",
            f"%d = ascir.sub %l, %mb : {full}",
            f"%e = ascir.exp %d : {full}",
            f"%s = ascir.reduce_sum %e : {row}",
            f"%sb = ascir.broadcast %s : {full}",
            f"%y = ascir.div %e, %sb : {full}",
        ]
    elif kind == "rmsnorm":
        body += [
            f"%sq = ascir.mul %l, %l : {full}",
            f"%ms = ascir.reduce_mean %sq : {row}",
            '%eps = ascir.scalar {value = "1e-6"} : !ascir.scalar<float32>',
            f"%me = ascir.add %ms, %eps : {row}",
            f"%r = ascir.rsqrt %me : {row}",
            f"%rb = ascir.broadcast %r : {full}",
            f"%y = ascir.mul %l, %rb : {full}",
        ]
    else:  # layernorm without affine
        body += [
            f"%mu = ascir.reduce_mean %l : {row}",
            f"%mub = ascir.broadcast %mu : {full}",
            f"%d = ascir.sub %l, %mub : {full}",
            f"%sq = ascir.mul %d, %d : {full}",
            f"%var = ascir.reduce_mean %sq : {row}",
            '%eps = ascir.scalar {value = "1e-5"} : !ascir.scalar<float32>',
            f"%ve = ascir.add %var, %eps : {row}",
            f"%r = ascir.rsqrt %ve : {row}",
            f"%rb = ascir.broadcast %r : {full}",
            f"%y = ascir.mul %d, %rb : {full}",
        ]
    body += [f"%st = ascir.store %y : {full}", f"%o = ascir.output %st {{index = 0 : i64}} : {full}"]
    x = np.random.default_rng(2).standard_normal((rows, cols)).astype(np.float32)
    return Case(
        f"{kind}[{rows},{cols}]", _graph(kind, ["R", "C"], [("r", "R"), ("c", "C")], body), [x], {"R": rows, "C": cols}
    )


def axis_sum(rows: int, cols: int, axis: int) -> Case:
    full = _t("float32", ["r", "c"], ["R", "C"])
    red = _t("float32", ["r", "c"], ["1", "C"] if axis == 0 else ["R", "1"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {full}",
        f"%l = ascir.load %x : {full}",
        f"%s = ascir.reduce_sum %l : {red}",
        f"%st = ascir.store %s : {red}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {red}",
    ]
    x = np.random.default_rng(3).standard_normal((rows, cols)).astype(np.float32)
    name = "outer_sum" if axis == 0 else "inner_sum"
    return Case(f"{name}[{rows},{cols}]", _graph(name, ["R", "C"], [("r", "R"), ("c", "C")], body), [x], {"R": rows, "C": cols})


def llama_tails() -> list[Case]:
    import importlib

    tails = importlib.import_module("bench.llama_tails")
    rng = np.random.default_rng(4)
    out = []
    for t in tails.tails(rng):
        out.append(Case(f"llama/{t.name}", t.ir, t.inputs, t.sizes, t.min_bytes))
    return out


def gathers() -> list[Case]:
    import importlib

    il = importlib.import_module("bench.indirect_load")
    ir, inputs, sizes, want = il.embedding(32000, 1024, 8, 128)
    rows = len(np.unique(inputs[1]))
    least = il.minimum_bytes(inputs, want[0], rows * 1024)
    return [Case("embedding[8x128 of 32000x1024]", ir, inputs, sizes, least)]


CASES: dict[str, Callable[[], list[Case]]] = {
    "elementwise": lambda: [elementwise(16384, 512)],
    "bias_add": lambda: [bias_add(16384, 512)],
    "rmsnorm": lambda: [_row_reduction("rmsnorm", 16384, 512)],
    "softmax": lambda: [_row_reduction("softmax", 16384, 512)],
    "layernorm": lambda: [_row_reduction("layernorm", 16384, 512)],
    # rows longer than the UB (a vocabulary's logits): the streaming schedule
    # (fewer rows than cores: the SPLIT schedule, one launch per pass)
    "long_rows": lambda: [
        _row_reduction("softmax", 256, 32000),
        _row_reduction("rmsnorm", 64, 65536),
        _row_reduction("softmax", 16, 262144),
    ],
    # a decoding step's few rows: fewer rows than cores, each row a tile or a few
    "decode": lambda: [
        _row_reduction("softmax", 8, 128256),
        _row_reduction("rmsnorm", 8, 8192),
        _row_reduction("softmax", 1, 262144),
    ],
    "sums": lambda: [axis_sum(1000, 77, 0), axis_sum(77, 1000, 1), axis_sum(4096, 64, 0), axis_sum(64, 4096, 1)],
    "llama": llama_tails,
    "gathers": gathers,
}


def min_bytes(case: Case, outputs: list[np.ndarray]) -> int:
    if case.min_bytes is not None:
        return case.min_bytes
    return sum(a.nbytes for a in case.inputs) + sum(np.asarray(o).nbytes for o in outputs)


def compute_bytes(graph, sizes: dict[str, int]) -> int:  # type: ignore[no-untyped-def]
    from ascir_dialect.attributes import TensorType

    total = 0
    for n in graph.nodes():
        if isinstance(n, (DataOp, ScalarDataOp, ScalarOp, LoadOp, StoreOp, OutputOp)):
            continue
        t = n.results[0].type if n.results else None
        if isinstance(t, TensorType):
            total += t.numel().evaluate(sizes) * t.dtype.nbytes
    return total


def run_case(case: Case, cores: int) -> dict[str, object]:
    from xdsl.parser import Parser

    from tools.ascir_opt import make_context

    module = Parser(make_context(), case.ir).parse_module()
    graph = module.body.block.first_op
    k = compile_graph(module, name=f"roofline_{graph.graph_name}")
    got = k(*case.inputs, sizes=case.sizes, core_num=cores)
    want = reference(module, *case.inputs, sizes=case.sizes)
    for g, w in zip(got, want, strict=True):
        if g.dtype.kind == "f" or str(g.dtype) == "bfloat16":
            assert_close(g, w, rtol=2e-3, atol=2e-3)
        else:
            np.testing.assert_array_equal(g, w)
    run = k.last_run
    t = run.timeline
    p = ASCEND_950
    mem = min_bytes(case, got) / p.hbm_bytes_per_second
    comp = compute_bytes(graph, case.sizes) / (p.vector_bytes * cores * p.clock_hz)
    roof = max(mem, comp)
    return {
        "case": case.name,
        "blocks": run.block_dim,
        "modelled_us": t.modelled_seconds * 1e6,
        "memory_roofline_us": mem * 1e6,
        "compute_bound_us": comp * 1e6,
        "ratio": t.modelled_seconds / roof,
        "bound": getattr(t, "bound", "-"),
        "gm_mb": getattr(t, "gm_bytes", 0) / 1e6,
        "dma_calls": run.stats.get("dma_calls", 0),
        # the slowest core's busiest pipe and its share of that core's time: near 1.0 the
        # pipe is the bottleneck (MTE2/MTE3: copies; PIPE_V: vector work)
        "busiest_pipe": max(t.pipe_busy_cycles, key=t.pipe_busy_cycles.__getitem__),
        "busiest_share": max(t.pipe_busy_cycles.values()) / max(1, max(t.per_core_cycles.values())),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", type=int, default=ASCEND_950.vector_cores)
    parser.add_argument("--only", default="", help="comma-separated groups: " + ", ".join(CASES))
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args(argv)
    groups = [g for g in args.only.split(",") if g] or list(CASES)
    rows = []
    print(f"modelled time vs the 950's roofline on {args.cores} vector cores (1.6 TB/s HBM, 1.65 GHz)")
    head = f"{'case':38} {'blocks':>6} {'model_us':>9} {'mem_us':>8} {'comp_us':>8} {'ratio':>6} {'bound':>6} {'GM_MB':>8} {'DMAs':>7} {'busiest':>14}"
    print(head)
    print("-" * len(head))
    for g in groups:
        for case in CASES[g]():
            r = run_case(case, args.cores)
            rows.append(r)
            print(
                f"{r['case']:38} {r['blocks']:>6} {r['modelled_us']:>9.1f} {r['memory_roofline_us']:>8.1f} "
                f"{r['compute_bound_us']:>8.2f} {r['ratio']:>6.2f} {r['bound']:>6} {r['gm_mb']:>8.2f} {r['dma_calls']:>7} {r['busiest_pipe']:>5} {r['busiest_share']:>4.2f}"
            )
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
