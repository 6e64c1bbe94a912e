"""Max ulp error vs torch of the math ops (issue 19) as compiled and run on the simulator
(root-graph path, memory-level APIs; the VF path runs the same sequences), 1e5 random
inputs per op over the domain listed. Prints the table "Math ops: accuracy vs torch" of docs/ir.md,
then the table of the float rounding / sign ops and float FloorDiv / Remainder (half of the
random inputs rounded to multiples of 0.5: integers and half-way values).

    python -m bench.math_accuracy
"""

from __future__ import annotations

import numpy as np
import torch

from ascendc_emitter.target.math import NUMERIC_SEQUENCES, SEQUENCES
from ascir_dialect.dtypes import DType
from test.conftest import parse_ir, tensor
from test.lowering.test_e2e import graph
from test.lowering.test_math_ops import UNARY, _torch, _unary_ir
from tools.compile import compile_graph

N = 100_000
NAMES = {
    "gelu": "Gelu (none)",
    "gelu_tanh": "Gelu (tanh)",
    "ln": "Ln",
    "log1p": "Log1p",
    "leaky_relu": "LeakyRelu",
}


def ulps(out: np.ndarray, ref: np.ndarray) -> float:
    """Max |out - ref| in units of the spacing of ``ref`` in its dtype (NaN/inf must agree)."""
    o, r = out.astype(np.float64), ref.astype(np.float64)
    same = (o == r) | (np.isnan(o) & np.isnan(r))
    finite = np.isfinite(r) & ~same
    if np.any(~same & ~np.isfinite(r)):
        return float("inf")
    spacing = np.spacing(np.abs(ref).astype(ref.dtype)).astype(np.float64)
    return float(np.max(np.abs(o - r)[finite] / spacing[finite], initial=0.0))


def run(ir: str, inputs: list[np.ndarray], name: str) -> np.ndarray:
    k = compile_graph(parse_ir(ir), name=name, vf=False)
    return k(*inputs, sizes={"s0": inputs[0].shape[0]}, core_num=8)[0]


def main() -> None:
    rng = np.random.default_rng(0)
    rows = []
    for key, (op, attrs, fn, (lo, hi), _) in UNARY.items():
        cells = []
        for dtype in ("float32", "float16"):
            x = rng.uniform(lo, hi, N).astype(DType[dtype].numpy)
            out = run(_unary_ir(op, attrs, dtype), [x], f"acc_{key}_{dtype}")
            cells.append(ulps(out, _torch(fn, x)))
        name = NAMES.get(key, key.capitalize())
        rows.append((name, f"[{lo}, {hi}]", SEQUENCES.get(name, ""), *cells))
    cells = []
    for dtype in ("float32", "float16"):
        t = tensor(dtype, ["z0"], ["s0"])
        ir = graph(
            ["s0"],
            [("z0", "s0")],
            f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%bd = ascir.data {{index = 1 : i64}} : {t}
%b = ascir.load %bd : {t}
%e = ascir.pow %l, %b : {t}
%st = ascir.store %e : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
        )
        x = rng.uniform(0, 4, N).astype(DType[dtype].numpy)
        y = rng.uniform(-4, 4, N).astype(DType[dtype].numpy)
        cells.append(ulps(run(ir, [x, y], f"acc_pow_{dtype}"), _torch(torch.pow, x, y)))
    rows.append(("Pow", "x [0, 4], y [-4, 4]", SEQUENCES["Pow"], *cells))
    print("| op | domain | sequence / API | max ulp f32 | max ulp f16 |")
    print("|---|---|---|---|---|")
    for name, dom, seq, u32, u16 in rows:
        print(f"| {name} | {dom} | {seq} | {u32:.0f} | {u16:.0f} |")


def _binary_ir(op: str, dtype: str) -> str:
    t = tensor(dtype, ["z0"], ["s0"])
    return graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%bd = ascir.data {{index = 1 : i64}} : {t}
%b = ascir.load %bd : {t}
%e = ascir.{op} %l, %b : {t}
%st = ascir.store %e : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )


def numeric() -> None:
    """The float rounding / sign ops and float FloorDiv / Remainder (exact ops: 0 ulp)."""
    rng = np.random.default_rng(1)
    rows = []
    unary = {
        "sign": (NUMERIC_SEQUENCES["Sign"].split(";")[0], torch.sign),
        "floor": ("Truncate<T, CAST_FLOOR>", torch.floor),
        "ceil": ("Truncate<T, CAST_CEIL>", torch.ceil),
        "round": ("Truncate<T, CAST_RINT> (half to even)", torch.round),
        "trunc": ("Truncate<T, CAST_TRUNC>", torch.trunc),
    }
    for op, (seq, fn) in unary.items():
        cells = []
        for dtype in ("float32", "float16"):
            x = rng.uniform(-1000, 1000, N)
            x[: N // 2] = np.round(x[: N // 2] * 2) / 2
            x = x.astype(DType[dtype].numpy)
            out = run(_unary_ir(op, "", dtype), [x], f"acc_{op}_{dtype}")
            cells.append(ulps(out, _torch(fn, x)))
        rows.append((op.capitalize(), "[-1000, 1000]", seq, *cells))
    for op, name, fn in (
        ("floordiv", "FloorDiv (float)", torch.floor_divide),
        ("remainder", "Remainder (float)", torch.remainder),
    ):
        cells = []
        for dtype in ("float32", "float16"):
            a = rng.uniform(-1000, 1000, N).astype(DType[dtype].numpy)
            b = rng.uniform(-50, 50, N)
            b[: N // 4] = np.round(b[: N // 4])
            b = b.astype(DType[dtype].numpy)
            out = run(_binary_ir(op, dtype), [a, b], f"acc_{op}_{dtype}")
            # float16: torch's float32 result rounded once (the device's and the reference's
            # opmath), see test/lowering/test_numeric_ops.py
            want = fn(torch.from_numpy(a.astype(np.float32)), torch.from_numpy(b.astype(np.float32)))
            cells.append(ulps(out, want.numpy().astype(DType[dtype].numpy)))
        rows.append((name, "a [-1000, 1000], b [-50, 50]", NUMERIC_SEQUENCES[name], *cells))
    print()
    print("| op | domain | sequence / API | max ulp f32 | max ulp f16 |")
    print("|---|---|---|---|---|")
    for name, dom, seq, u32, u16 in rows:
        print(f"| {name} | {dom} | {seq} | {u32:.0f} | {u16:.0f} |")


if __name__ == "__main__":
    main()
    numeric()
