"""Benchmark: the VF path against the root-graph path, from the simulator counters.

Elementwise float32 chains of length 1, 4 and 16 (two inputs, one output) are compiled
both ways (``compile_graph(vf=True/False)``) and run on the same inputs in one process:

* vector instructions -- memory-level APIs count one per 256-byte repeat, register-level
  ops one per register; the VF minimum is one LoadAlign per input, one op per node and
  one StoreAlign per output for each register of elements;
* register-level work: on arch 3510 a memory-level API runs as a loop of LoadAlign /
  op / StoreAlign per 256-byte repeat, so its work in register operations is its
  instructions plus its UB bytes / 256; a VF's instructions already are register ops;
* UB bytes read/written by vector instructions (the memory-level path writes every
  intermediate to UB and reads it back, a VF keeps them in registers);
* GM bytes against the minimum (every input element read once, every output written once);
* the tile size host tiling picks (fewer UB buffers -> larger tiles);
* the modelled time and per-pipe busy cycles of the simulator's timeline
  (``bench/cost_model.py``).

Both paths must give bit-identical outputs.

    python bench/vf_vs_root.py [--rows 128 --cols 2048]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from tqdm import tqdm
from xdsl.parser import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.cost_model import CostModel
from bench.gm_traffic import chain
from tools.ascir_opt import make_context
from tools.compile import compile_graph

LENGTHS = (1, 4, 16)
VECTOR_BYTES = 256


def run(length: int, rows: int, cols: int) -> list[dict[str, object]]:
    module = Parser(make_context(), chain(length)).parse_module()
    rng = np.random.default_rng(length)
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    y = (rng.standard_normal((rows, cols)) + 3).astype(np.float32)
    n = rows * cols
    minimum_gm = 3 * n * 4
    per_reg = VECTOR_BYTES // 4
    vf_minimum = -(-n // per_reg) * (2 + length + 1)
    outputs = []
    rows_out: list[dict[str, object]] = []
    for vf in (False, True):
        k = compile_graph(module, name=f"chain{length}_{'vf' if vf else 'root'}", vf=vf)
        outputs.append(k(x, y, sizes={"s0": rows, "s1": cols}, core_num=1)[0])
        s = k.stats
        ub = s["ub_read_bytes"] + s["ub_write_bytes"]
        work = s["vector_instructions"] + (0 if vf else ub // VECTOR_BYTES)
        rows_out.append(
            {
                "chain": length,
                "path": "vf" if vf else "root",
                "vector_instr": s["vector_instructions"],
                "reg_work": work,
                "work/vf_min": work / vf_minimum,
                "ub_bytes": ub,
                "gm/min": (s["gm_read_bytes"] + s["gm_write_bytes"]) / minimum_gm,
                "peak_ub_kb": s["peak_ub_bytes"] // 1024,
                "dma_calls": s["dma_calls"],
                "model_us": CostModel.kernel_time(k.last_run) * 1e6,
                "busy": CostModel.pipe_busy(k.last_run),
            }
        )
    if not np.array_equal(outputs[0], outputs[1], equal_nan=True):
        raise SystemExit(f"chain {length}: the VF and root-graph outputs differ")
    root, vf_row = rows_out
    vf_row["ub_vs_root"] = vf_row["ub_bytes"] / root["ub_bytes"]  # type: ignore[operator]
    root["ub_vs_root"] = 1.0
    return rows_out


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=128)
    parser.add_argument("--cols", type=int, default=2048)
    args = parser.parse_args()
    cols = [
        "chain",
        "path",
        "vector_instr",
        "reg_work",
        "work/vf_min",
        "ub_bytes",
        "ub_vs_root",
        "gm/min",
        "peak_ub_kb",
        "dma_calls",
        "model_us",
    ]
    print(f"elementwise float32 chains, {args.rows} x {args.cols} elements, 1 core")
    print(" | ".join(f"{c:>12}" for c in cols))
    for length in tqdm(LENGTHS, desc="chains", file=sys.stderr, disable=None):
        for row in run(length, args.rows, args.cols):
            cells = [f"{row[c]:>12.4f}" if isinstance(row[c], float) else f"{row[c]!s:>12}" for c in cols]
            print(" | ".join(cells) + f" | busy {row['busy']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
