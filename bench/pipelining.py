"""Benchmark: pipelined (double-buffered) tile loops on the simulator's timeline (issue 18).

For each graph, on 1 core and the 950's 56, the kernel is built twice -- ``double_buffer=False`` (every
tile drains MTE2 / V / MTE3 before the next, the schedule before issue 18) and the default
(two slots per copied tensor when host tiling finds it pays: ``lowering.loop_nest``
``_pipelined_tiles`` / ``MIN_DOUBLE_TILE``) -- and run once; printed per variant:

* modelled time (``RunResult.timeline.total_cycles``: the slowest core's critical path under
  the timeline's cost table, ``runtime/sim/include/ascsim/trace.h``) and its ratio
  before / after;
* busy cycles of each pipe on the slowest core, and ``time / busiest pipe`` (1.0 = the
  pipes overlap perfectly; a drained loop is near the number of pipes in use);
* GM bytes / the minimum (inputs read once, outputs written once).

Then, per graph and path, the UB bytes per tile element and the largest tile before and after
buffers are shared by liveness (``lowering/ub_reuse.py``).

Every output is checked against the reference interpreter (``check=True``). Graphs:
``add_relu`` (examples/), a 16-op elementwise chain, a broadcast Arange add
(``tools.index_regression.broadcast_add``), the triu mask (two Aranges, compare, select) and
softmax (reductions: the RESIDENT schedule, one whole row per work item, is double-buffered;
the STREAMING one drains).

    python bench/pipelining.py [--rows 512 --cols 8192] [--ub-size BYTES]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from tqdm import tqdm
from xdsl.parser import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ascendc_emitter.target.platform import ASCEND_950
from bench.startup import chain
from tools import index_regression as suite
from tools.ascir_opt import make_context
from tools.compile import compile_graph

ROOT = Path(__file__).resolve().parent.parent
SOFTMAX = """builtin.module {
  ascir.graph @softmax hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !t
    %l = ascir.load %x : !t
    %m = ascir.reduce_max %l : !r
    %mb = ascir.broadcast %m : !t
    %d = ascir.sub %l, %mb : !t
    %e = ascir.exp %d : !t
    %s = ascir.reduce_sum %e : !r
    %sb = ascir.broadcast %s : !t
    %y = ascir.div %e, %sb : !t
    %st = ascir.store %y : !t
    %o = ascir.output %st {index = 0 : i64} : !t
  }
}
""".replace("!t", "!ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>").replace(
    "!r", "!ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>"
)


def graphs(rows: int, cols: int, rng: np.random.Generator) -> list[tuple[str, str, list[np.ndarray], dict[str, int]]]:
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    y = rng.standard_normal((rows, cols)).astype(np.float32)
    sizes = {"s0": rows, "s1": cols}
    b = suite.broadcast_add("int32", (rows, cols), rng)  # Arange values are integers
    tri = suite.triu_arange_mask("float32", (max(1, rows // 64), 64, cols), rng)
    return [
        ("add_relu", (ROOT / "examples" / "add_relu.mlir").read_text(), [x, y], sizes),
        ("chain16", chain(16), [x, y], sizes),
        ("broadcast_add i32", b.ir, b.inputs, b.sizes),
        ("triu", tri.ir, tri.inputs, tri.sizes),
        ("softmax", SOFTMAX, [x], sizes),
    ]


def measure(name: str, ir: str, inputs: list[np.ndarray], sizes: dict[str, int], cores: int, ub: int, double: bool) -> dict:
    module = Parser(make_context(), ir).parse_module()
    k = compile_graph(module, name=f"{name}_{'db' if double else 'drained'}", double_buffer=double, check=True)
    outs = k(*inputs, sizes=sizes, core_num=cores, ub_size=ub)
    r = k.last_run
    tl = r.timeline
    core = max(tl.per_core_cycles, key=lambda c: tl.per_core_cycles[c])
    busy = tl.pipe_busy_cycles
    minimum = sum(a.nbytes for a in inputs) + sum(np.asarray(o).nbytes for o in outs)
    s = r.stats
    return {
        "cycles": tl.total_cycles,
        "busy": busy,
        "ratio": tl.total_cycles / max(1, max(busy.values())),
        "gm/min": (s["gm_read_bytes"] + s["gm_write_bytes"]) / minimum,
        "core": core,
    }


def tile_fit(ir: str, vf: bool, ub: int) -> tuple[int, int, int, int]:
    """UB bytes per tile element (rounded up) and the largest tile that fits ``ub`` (single-buffered),
    with every tensor in its own buffer (before ``lowering.ub_reuse``) and after sharing:
    ``(bytes before, bytes after, tile before, tile after)``."""
    from ascendc_emitter.target.registers import VECTOR_BYTES
    from ascir_dialect.ops import GraphOp
    from lowering.graph_lowering import GraphLowering
    from lowering.pipeline import run_passes, schedule_passes
    from lowering.plan import TILE_ALIGN, fixed_bytes, per_repeat_bytes
    from passes.options import CompileOptions

    options = CompileOptions(vf=vf)
    module = run_passes(Parser(make_context(), ir).parse_module(), schedule_passes(options))
    graph = next(op for op in module.walk() if isinstance(op, GraphOp))
    lowering = GraphLowering(graph, None, options)
    lowering.build()

    def fit(kernels: list) -> tuple[int, int]:  # type: ignore[type-arg]
        per = max(per_repeat_bytes(b) for b in kernels)  # bytes per 256 elements
        fixed = max(fixed_bytes(b) for b in kernels)
        return -(-per // VECTOR_BYTES), (ub - fixed) * VECTOR_BYTES // per // TILE_ALIGN * TILE_ALIGN

    (b0, t0), (b1, t1) = fit(lowering.unshared_buffers), fit(lowering.kernel_buffers)
    return b0, b1, t0, t1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=512)
    parser.add_argument("--cols", type=int, default=8192)
    parser.add_argument("--ub-size", type=int, default=248 * 1024)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    cases = graphs(args.rows, args.cols, rng)
    print(f"[{args.rows}, {args.cols}] float32, UB {args.ub_size} bytes; cycles = modelled time of the slowest core")
    head = f"{'graph':<14}{'cores':>6}{'drained':>10}{'double':>10}{'speed-up':>9}{'ratio before':>13}{'ratio after':>12}"
    head += f"{'V':>8}{'MTE2':>8}{'MTE3':>8}{'gm/min':>8}"
    print(head)
    for name, ir, inputs, sizes in tqdm(cases, desc="graphs", file=sys.stderr, disable=None):
        for cores in (1, ASCEND_950.vector_cores):
            before = measure(name, ir, inputs, sizes, cores, args.ub_size, False)
            after = measure(name, ir, inputs, sizes, cores, args.ub_size, True)
            busy = after["busy"]
            print(
                f"{name:<14}{cores:>6}{before['cycles']:>10}{after['cycles']:>10}"
                f"{before['cycles'] / after['cycles']:>9.2f}{before['ratio']:>13.3f}{after['ratio']:>12.3f}"
                f"{busy['PIPE_V']:>8}{busy['PIPE_MTE2']:>8}{busy['PIPE_MTE3']:>8}{after['gm/min']:>8.3f}"
            )
    print("\nUB reuse (lowering/ub_reuse.py): UB bytes per tile element and the largest single-buffered tile")
    print(f"{'graph':<18}{'path':>6}{'B/elem before':>15}{'after':>7}{'tile before':>13}{'after':>8}")
    from bench.llama_tails import tails

    graphs_ub = [(name, ir) for name, ir, _inputs, _sizes in cases]
    graphs_ub += [(t.name, t.ir) for t in tails(rng, "test") if "indirect_load" not in t.ir]
    for name, ir in graphs_ub:
        for vf in (True, False):
            b0, b1, t0, t1 = tile_fit(ir, vf, args.ub_size)
            print(f"{name:<18}{'vf' if vf else 'root':>6}{b0:>15}{b1:>7}{t0:>13}{t1:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
