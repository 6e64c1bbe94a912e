"""The reference interpreter against torch eager itself (when torch is installed: the
``bench`` extra): every elementwise op and reduction on inputs holding NaN, ±inf, ±0,
denormals and integer extremes, compared with ``torch.testing.assert_close``.

Deliberate differences (docs/ir.md "Reductions over any axes"): a float -> integer Cast of
NaN / out-of-range values is undefined in torch (here: 0 / saturation), so it is not
compared.
"""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.interpreter import reference

from ..conftest import parse_ir

torch = pytest.importorskip("torch")

FLOATS = ["float32", "float16", "bfloat16"]
TORCH_DTYPE = {
    "float32": "float32",
    "float16": "float16",
    "bfloat16": "bfloat16",
    "int32": "int32",
    "int64": "int64",
    "int8": "int8",
    "uint8": "uint8",
}


def _t(dtype: str, reps: list[str], strides: list[str]) -> str:
    return f"!ascir.tensor<{dtype}, [z0, z1], [{', '.join(reps)}], [{', '.join(strides)}]>"


def _values(dtype: str, rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    import ml_dtypes

    n = shape[0] * shape[1]
    if dtype in FLOATS:
        np_dtype = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.dtype(dtype)
        special = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40, 1.0, -1.0, 65504.0, -3.5]
        x = rng.standard_normal(n) * 3
        x[: len(special)] = special
        rng.shuffle(x)
        return x.astype(np_dtype).reshape(shape)
    info = np.iinfo(dtype)
    x = rng.integers(max(info.min, -1000), min(info.max, 1000), n)
    x[:4] = [info.min, info.max, 0, 1 if dtype.startswith("u") else -1]
    rng.shuffle(x)
    return x.astype(dtype).reshape(shape)


def _to_torch(a: np.ndarray) -> torch.Tensor:
    if str(a.dtype) == "bfloat16":
        return torch.from_numpy(a.astype(np.float32)).to(torch.bfloat16)
    return torch.from_numpy(np.ascontiguousarray(a))


def _run(
    op: str, dtype: str, out_dtype: str, inputs: list[np.ndarray], result_view: str | None = None
) -> np.ndarray:
    full = _t(dtype, ["s0", "s1"], ["s1", "1"])
    out = result_view or _t(out_dtype, ["s0", "s1"], ["s1", "1"])
    lines = [f"%x{i} = ascir.data {{index = {i} : i64}} : {full}" for i in range(len(inputs))]
    lines += [f"%l{i} = ascir.load %x{i} : {full}" for i in range(len(inputs))]
    lines.append(f"%y = ascir.{op} {', '.join(f'%l{i}' for i in range(len(inputs)))} : {out}")
    lines += ["%st = ascir.store %y : " + out, "%o = ascir.output %st {index = 0 : i64} : " + out]
    ir = (
        "builtin.module {\n ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {\n  "
        + "\n  ".join(lines)
        + "\n }\n}"
    )
    shape = inputs[0].shape
    (y,) = reference(parse_ir(ir), *inputs, sizes={"s0": shape[0], "s1": shape[1]})
    return y


def _compare(ours: np.ndarray, want: torch.Tensor) -> None:
    got = _to_torch(ours)
    if got.dtype == torch.uint8 and want.dtype == torch.bool:
        got = got.to(torch.bool)
    if ours.dtype == np.bool_:
        got = torch.from_numpy(ours)
    torch.testing.assert_close(got, want, equal_nan=True, check_dtype=True)


UNARY = {
    "abs": (torch.abs, [*FLOATS, "int32", "int64", "int8"]),
    "neg": (torch.neg, [*FLOATS, "int32", "int64"]),
    "exp": (torch.exp, FLOATS),
    "sqrt": (torch.sqrt, FLOATS),
    "relu": (torch.relu, ["float32", "float16", "int32", "int64", "int8"]),
}
BINARY = {
    "add": (torch.add, [*FLOATS, "int32", "int64", "uint8"]),
    "sub": (torch.sub, [*FLOATS, "int32", "int64"]),
    "mul": (torch.mul, [*FLOATS, "int32", "int64"]),
    "div": (torch.div, FLOATS),
    "maximum": (torch.maximum, [*FLOATS, "int32", "int64"]),
    "minimum": (torch.minimum, [*FLOATS, "int32", "int64"]),
}
COMPARE = {
    "lt": torch.lt,
    "le": torch.le,
    "gt": torch.gt,
    "ge": torch.ge,
    "eq": torch.eq,
    "ne": torch.ne,
}


@pytest.mark.parametrize(("op", "dtype"), [(op, d) for op, (_, ds) in UNARY.items() for d in ds])
def test_unary_ops_match_torch(op: str, dtype: str) -> None:
    x = _values(dtype, np.random.default_rng(1), (4, 16))
    if op == "abs" and dtype in ("int32", "int64", "int8"):
        x[x == np.iinfo(dtype).min] = 0  # torch.abs(INT_MIN) wraps; the verifier rejects nothing here
    _compare(_run(op, dtype, dtype, [x]), UNARY[op][0](_to_torch(x)))


@pytest.mark.parametrize(("op", "dtype"), [(op, d) for op, (_, ds) in BINARY.items() for d in ds])
def test_binary_ops_match_torch(op: str, dtype: str) -> None:
    rng = np.random.default_rng(2)
    a, b = _values(dtype, rng, (4, 16)), _values(dtype, rng, (4, 16))
    _compare(_run(op, dtype, dtype, [a, b]), BINARY[op][0](_to_torch(a), _to_torch(b)))


@pytest.mark.parametrize("op", sorted(COMPARE))
@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
def test_compares_match_torch(op: str, dtype: str) -> None:
    rng = np.random.default_rng(3)
    a, b = _values(dtype, rng, (4, 16)), _values(dtype, rng, (4, 16))
    b[0] = a[0]  # some equal pairs
    _compare(_run(op, dtype, "bool", [a, b]), COMPARE[op](_to_torch(a), _to_torch(b)))


@pytest.mark.parametrize("op", ["reduce_sum", "reduce_max", "reduce_min"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
@pytest.mark.parametrize("axis", [0, 1])
def test_reductions_match_torch(op: str, dtype: str, axis: int) -> None:
    x = _values(dtype, np.random.default_rng(4), (6, 16))
    if dtype == "float16" and op == "reduce_sum":
        x[np.isinf(x.astype(np.float32))] = 1  # inf + -inf = NaN in both; keep some rows finite
    reps = ["1", "s1"] if axis == 0 else ["s0", "1"]
    strides = ["0", "1"] if axis == 0 else ["1", "0"]
    ours = _run(op, dtype, dtype, [x], _t(dtype, reps, strides))
    t = _to_torch(x)
    want = {
        "reduce_sum": lambda: torch.sum(t, dim=axis, keepdim=True, dtype=t.dtype),
        "reduce_max": lambda: torch.amax(t, dim=axis, keepdim=True),
        "reduce_min": lambda: torch.amin(t, dim=axis, keepdim=True),
    }[op]()
    _compare(ours, want)


@pytest.mark.parametrize(
    ("src", "dst"),
    [("float32", "float16"), ("float16", "float32"), ("int32", "float32"), ("float32", "bfloat16")],
)
def test_float_casts_match_torch(src: str, dst: str) -> None:
    x = _values(src, np.random.default_rng(5), (4, 16))
    ours = _run("cast", src, dst, [x], _t(dst, ["s0", "s1"], ["s1", "1"]))
    _compare(ours, _to_torch(x).to(getattr(torch, TORCH_DTYPE[dst])))
