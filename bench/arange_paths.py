"""Benchmark: Arange materialisation paths, from the simulator counters (seed 000 AL-3..AL-6).

* Pattern B ([rows, 1] / [1, 0] Arange broadcast to [rows, cols], then Add):
  - ``baked (impl IR)``: the broadcast baked into the Arange view, as graphs looked before
    normalize-arange-broadcast-views; VF admission rejects it (AL-6) and the root-graph
    ArangeApiCall writes every element: O(rows x cols) scalar SetValues;
  - ``normalized, root``: the degenerate [rows, 1] view passes through; the root path
    writes one value per row, O(rows), and the Broadcast duplicates it;
  - ``normalized, VF``: ``Reg::Arange`` in the VF, no scalar writes at all.
* ``triu`` (two Aranges, compare, where over [batch, n, n]) and ``arange_store``: VF
  against root-graph path.

GM bytes are divided by the minimum (inputs read once, outputs written once); every
variant's output is checked against numpy.

    python bench/arange_paths.py [--rows 512 --cols 256 --batch 4 --n 256]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from tqdm import tqdm
from xdsl.parser import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import index_regression as suite
from tools.ascir_opt import make_context
from tools.compile import compile_graph

BAKED = """
ascir.graph @pattern_b_baked impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{
  %x = ascir.data {{index = 0 : i64}} : {t}
  %l = ascir.load %x : {tv}
  %a = ascir.arange {{base = #ascir.expr<5>, step = #ascir.expr<3>}} : !ascir.tensor<int64, [z0, z1], [s0, s1], [1, 0], vectorized [z1], [1]>
  %r = ascir.add %l, %a : {tv}
  %st = ascir.store %r : {tv}
  %y = ascir.output %st {{index = 0 : i64}} : {t}
}}
"""


def measure(
    name: str, ir: str, inputs: list[np.ndarray], sizes: dict[str, int], expected: list[np.ndarray], vf: bool
):
    module = Parser(make_context(), ir).parse_module()
    k = compile_graph(module, name=name.replace(" ", "_").replace(",", ""), vf=vf)
    outs = k(*inputs, sizes=sizes, core_num=1)
    for out, want in zip(outs, expected, strict=True):
        if not np.array_equal(np.asarray(out).reshape(want.shape), want):
            raise SystemExit(f"{name}: wrong result")
    s = k.stats
    minimum = sum(a.nbytes for a in inputs) + sum(e.nbytes for e in expected)
    return {
        "variant": name,
        "set_value": s["scalar_set_value"],
        "vector_instr": s["vector_instructions"],
        "ub_bytes": s["ub_read_bytes"] + s["ub_write_bytes"],
        "gm/min": (s["gm_read_bytes"] + s["gm_write_bytes"]) / minimum,
        "dma_calls": s["dma_calls"],
        "vf_calls": s["vf_calls"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=512)
    parser.add_argument("--cols", type=int, default=256)
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--n", type=int, default=256)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    shape = (args.rows, args.cols)
    t = "!ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>"
    b = suite.degenerate_arange_add("int64", shape, rng)
    baked = BAKED.format(t=t, tv=t[:-1] + ", vectorized [z1], [1]>")
    tri = suite.triu_arange_mask("float32", (args.batch, args.n, args.n), rng)
    st = suite.arange_store("int32", shape, rng)
    variants = [
        ("pattern_b baked (impl IR), root", baked, b, False),
        ("pattern_b normalized, root", b.ir, b, False),
        ("pattern_b normalized, VF", b.ir, b, True),
        ("triu float32, root", tri.ir, tri, False),
        ("triu float32, VF", tri.ir, tri, True),
        ("arange_store int32, root", st.ir, st, False),
        ("arange_store int32, VF", st.ir, st, True),
    ]
    rows = [
        measure(label, ir, case.inputs, case.sizes, case.expected, vf=vf)
        for label, ir, case, vf in tqdm(variants, desc="variants", file=sys.stderr, disable=None)
    ]
    cols = ["variant", "set_value", "vector_instr", "ub_bytes", "gm/min", "dma_calls", "vf_calls"]
    print(
        f"pattern_b / arange_store {args.rows} x {args.cols}, triu {args.batch} x {args.n} x {args.n}, 1 core"
    )
    print(f"{cols[0]:<34}" + "".join(f"{c:>14}" for c in cols[1:]))
    for r in rows:
        cells = [f"{r[c]:>14.4f}" if isinstance(r[c], float) else f"{r[c]:>14}" for c in cols[1:]]
        print(f"{r['variant']:<34}" + "".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
