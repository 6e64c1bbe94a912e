"""Rounding, sign, classification, bitwise and shift ops of issue 19 and float FloorDiv /
Remainder end to end: compiled on both paths (VF and root graph), run on the simulator and
compared with the reference interpreter AND with torch, on random and edge inputs (NaN,
+-inf, +-0, denormals, half-way values, integer extremes, shift counts outside
``[0, bits)``).

torch 2.13 has no CPU kernel of ``sign``, ``bitwise_not`` and the shifts for uint16/uint32/
uint64: there the torch result is computed in int64 (the values fit) and reduced to the
width; uint64 is compared with the reference only (its values do not fit int64).

Every op but float FloorDiv/Remainder is exact: compared bit for bit (NaN equal to NaN,
the sign of zero included for the float results). float FloorDiv/Remainder compute fmod
exactly while ``|a / b| < 2**24`` (``target.math._fmod``): their random inputs stay in that
domain and are compared exactly too. float16/bfloat16 are computed in float32 and rounded
once (as the reference does, torch's opmath); torch's CPU floor_divide of float16/bfloat16
rounds each step of div_floor_floating to the reduced dtype instead (measured: 11 of 1472
bfloat16 quotients one off, e.g. -252 for -251), so those dtypes are compared with
torch's float32 result on the same values, rounded once.
"""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.dtypes import DType
from ascir_dialect.interpreter import reference
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from .test_e2e import graph

torch = pytest.importorskip("torch")

FLOATS = ["float32", "float16", "bfloat16"]
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOAT_EDGE = [
    0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1e-40, -1e-40, 1e-45, -3e-39,
    0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.49999997, 1.0, -1.0, 3.5, -3.5,
    8388607.5, -8388607.5, 8388609.0, 1e30, -1e30, 3e38, -3e38, 65504.0, -65504.0,
]  # fmt: skip
"""Edge inputs appended to the random ones (half-way values for Round; denormals; values
beyond float16's range become inf there)."""


def _torch_dtype(name: str):  # type: ignore[no-untyped-def]
    return getattr(torch, name)


def _to_torch(a: np.ndarray, name: str):  # type: ignore[no-untyped-def]
    if name == "bfloat16":
        return torch.from_numpy(a.astype(np.float32)).to(torch.bfloat16)
    return torch.from_numpy(np.ascontiguousarray(a))


def _from_torch(t, like: str) -> np.ndarray:  # type: ignore[no-untyped-def]
    if t.dtype == torch.bfloat16:
        return t.to(torch.float32).numpy().astype(DType.bfloat16.numpy)
    out = t.numpy()
    return out if t.dtype == torch.bool else out.astype(DType[like].numpy)


def _torch_result(fn, arrays: list[np.ndarray], dtype: str) -> np.ndarray | None:  # type: ignore[no-untyped-def]
    """``fn`` on ``arrays`` in torch; where torch has no kernel for the unsigned ``dtype``, in
    int64 and reduced to its width (module doc); None for uint64 there."""
    try:
        return _from_torch(fn(*(_to_torch(a, dtype) for a in arrays)), dtype)
    except NotImplementedError:
        if dtype not in ("uint16", "uint32"):
            return None
    out = fn(*(torch.from_numpy(a.astype(np.int64)) for a in arrays))
    if out.dtype == torch.bool:
        return out.numpy()
    return (out & ((1 << (8 * DType[dtype].nbytes)) - 1)).numpy().astype(DType[dtype].numpy)


def _float_inputs(dtype: str, lo: float, hi: float, n: int = 1500, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.uniform(lo, hi, n)
    x[: n // 3] = np.round(x[: n // 3] * 2) / 2  # many integers and half-way values
    with np.errstate(over="ignore"):  # beyond float16's range: inf
        return np.concatenate([x, np.array(FLOAT_EDGE)]).astype(DType[dtype].numpy)


def _int_inputs(dtype: str, n: int = 1200, seed: int = 0) -> np.ndarray:
    info = np.iinfo(DType[dtype].numpy)
    rng = np.random.default_rng(seed)
    x = rng.integers(int(info.min), int(info.max), n, dtype=DType[dtype].numpy, endpoint=True)
    edge = [0, 1, 2, int(info.max), int(info.max) - 1, int(info.min), int(info.min) + 1]
    if info.min < 0:
        edge += [-1, -2]
    return np.concatenate([x, np.array(edge, dtype=DType[dtype].numpy)])


def _bool_inputs(n: int = 600, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 2, n).astype(bool)


def _exact(actual: np.ndarray, expected: np.ndarray, name: str) -> None:
    """Bit-for-bit equality (NaN equal to NaN, the sign of a float zero compared)."""
    assert actual.dtype == expected.dtype, f"{name}: {actual.dtype} != {expected.dtype}"
    if actual.dtype.kind == "f" or actual.dtype == DType.bfloat16.numpy:
        a, e = actual.astype(np.float32), expected.astype(np.float32)
        same = (a == e) & (np.signbit(a) == np.signbit(e)) | (np.isnan(a) & np.isnan(e))
    else:
        same = actual == expected
    if not same.all():
        bad = np.flatnonzero(~same)[:8]
        raise AssertionError(
            f"{name}: {int((~same).sum())} of {same.size} differ, e.g. at {bad.tolist()}: "
            f"got {actual[bad].tolist()}, expected {expected[bad].tolist()}"
        )


def _run(ir: str, inputs: list[np.ndarray], name: str, vf: bool) -> tuple[np.ndarray, np.ndarray]:
    module = parse_ir(ir)
    n = inputs[0].shape[0]
    k = compile_graph(module, name=name, vf=vf)
    out = k(*inputs, sizes={"s0": n}, core_num=2)[0]
    ref = reference(module, *inputs, sizes={"s0": n})[0]
    return out, ref


def _unary_ir(op: str, dtype: str, out: str | None = None) -> str:
    t, to = tensor(dtype, ["z0"], ["s0"]), tensor(out or dtype, ["z0"], ["s0"])
    return graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%e = ascir.{op} %l : {to}
%st = ascir.store %e : {to}
%y = ascir.output %st {{index = 0 : i64}} : {to}""",
    )


def _binary_ir(op: str, dtype: str, scalar: str | None = None) -> str:
    t = tensor(dtype, ["z0"], ["s0"])
    rhs = (
        f'%b = ascir.scalar {{value = "{scalar}"}} : !ascir.scalar<{dtype}>'
        if scalar is not None
        else f"%bd = ascir.data {{index = 1 : i64}} : {t}\n%b = ascir.load %bd : {t}"
    )
    return graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
{rhs}
%e = ascir.{op} %l, %b : {t}
%st = ascir.store %e : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )


MASK_OPS = {"isnan": torch.isnan, "isinf": torch.isinf, "isfinite": torch.isfinite}
VALUE_OPS = {
    "sign": torch.sign,
    "floor": torch.floor,
    "ceil": torch.ceil,
    "round": torch.round,
    "trunc": torch.trunc,
}
VF = pytest.mark.parametrize("vf", [True, False], ids=["vf", "root"])


def _check_unary(op: str, dtype: str, x: np.ndarray, vf: bool) -> None:
    out_dtype = "bool" if op in MASK_OPS else None
    out, ref = _run(_unary_ir(op, dtype, out_dtype), [x], f"num_{op}_{dtype}", vf)
    _exact(out, ref, f"{op} {dtype} vf={vf} vs reference")
    fn = MASK_OPS.get(op) or VALUE_OPS.get(op) or torch.bitwise_not
    expected = _torch_result(fn, [x], dtype)
    if expected is not None:
        _exact(out, expected, f"{op} {dtype} vf={vf} vs torch")


@VF
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", [*VALUE_OPS, *MASK_OPS])
def test_float_unary(op: str, dtype: str, vf: bool) -> None:
    _check_unary(op, dtype, _float_inputs(dtype, -300, 300), vf)


@VF
@pytest.mark.parametrize("dtype", INTS)
@pytest.mark.parametrize("op", ["sign", "floor", "round", "isnan", "isinf", "isfinite", "bitwise_not"])
def test_integer_unary(op: str, dtype: str, vf: bool) -> None:
    _check_unary(op, dtype, _int_inputs(dtype), vf)


@VF
@pytest.mark.parametrize("op", ["sign", "isnan", "isfinite", "bitwise_not"])
def test_bool_unary(op: str, vf: bool) -> None:
    _check_unary(op, "bool", _bool_inputs(), vf)


BITWISE = {"bitwise_and": torch.bitwise_and, "bitwise_or": torch.bitwise_or, "bitwise_xor": torch.bitwise_xor}


@VF
@pytest.mark.parametrize("dtype", [*INTS, "bool"])
@pytest.mark.parametrize("op", list(BITWISE))
def test_bitwise_binary(op: str, dtype: str, vf: bool) -> None:
    if dtype == "bool":
        a, b = _bool_inputs(seed=1), _bool_inputs(seed=2)
    else:
        a, b = _int_inputs(dtype, seed=1), _int_inputs(dtype, seed=2)
    out, ref = _run(_binary_ir(op, dtype), [a, b], f"num_{op}_{dtype}", vf)
    _exact(out, ref, f"{op} {dtype} vf={vf} vs reference")
    expected = _torch_result(BITWISE[op], [a, b], dtype)
    assert expected is not None
    _exact(out, expected, f"{op} {dtype} vf={vf} vs torch")


SHIFTS = {"lshift": torch.bitwise_left_shift, "rshift": torch.bitwise_right_shift}


def _counts(dtype: str, n: int) -> np.ndarray:
    """Shift counts: mostly in [0, bits), plus bits, bits + 1, large, and for signed types
    negative counts (torch: 0, or the sign for a right shift)."""
    d = DType[dtype].numpy
    bits = 8 * np.dtype(d).itemsize
    info = np.iinfo(d)
    rng = np.random.default_rng(3)
    c = rng.integers(0, bits, n).astype(d)
    edge = [0, 1, bits - 1, bits, bits + 1, min(int(info.max), 200), int(info.max)]
    if info.min < 0:
        edge += [-1, -bits, int(info.min)]
    c[: len(edge)] = np.array(edge, dtype=np.int64 if info.min < 0 else np.uint64).astype(d)
    return c


@VF
@pytest.mark.parametrize("dtype", INTS)
@pytest.mark.parametrize("op", list(SHIFTS))
def test_shift(op: str, dtype: str, vf: bool) -> None:
    a = _int_inputs(dtype, seed=4)
    c = _counts(dtype, a.shape[0])
    out, ref = _run(_binary_ir(op, dtype), [a, c], f"num_{op}_{dtype}", vf)
    _exact(out, ref, f"{op} {dtype} vf={vf} vs reference")
    expected = _torch_result(SHIFTS[op], [a, c], dtype)
    if expected is not None:
        _exact(out, expected, f"{op} {dtype} vf={vf} vs torch")


@VF
@pytest.mark.parametrize("count", [3, 31, 32, -1])
@pytest.mark.parametrize("op", list(SHIFTS))
def test_shift_scalar_count(op: str, count: int, vf: bool) -> None:
    a = _int_inputs("int32", seed=5)
    out, ref = _run(_binary_ir(op, "int32", str(count)), [a], f"num_{op}_s{count}", vf)
    _exact(out, ref, f"{op} by {count} vf={vf} vs reference")
    c = torch.full(a.shape, count, dtype=torch.int32)
    _exact(out, _from_torch(SHIFTS[op](_to_torch(a, "int32"), c), "int32"), f"{op} by {count} vs torch")


DIVISION = {"floordiv": torch.floor_divide, "remainder": torch.remainder}
DIV_EDGE = [
    (7.0, 0.1), (-7.0, 0.1), (7.0, -0.1), (1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (-0.0, 3.0),
    (0.0, -3.0), (-3.0, 3.0), (3.0, -3.0), (6.0, 3.0), (-6.0, -3.0), (1.0, float("inf")),
    (-1.0, float("inf")), (1.0, float("-inf")), (-1.0, float("-inf")), (float("inf"), 2.0),
    (float("-inf"), -2.0), (float("nan"), 1.0), (1.0, float("nan")), (5.5, 2.0), (-5.5, 2.0),
    (1e-40, 3e-41), (-1e-40, 3e-41), (0.3, 0.1), (1e6, 1e-3), (-1e6, 7.0), (5.0, 1e-40),
]  # fmt: skip
"""(a, b) pairs: quotients just below/above an integer (0.1 is not exact), division by +-0,
infinite and NaN operands, signed zeros, denormals."""


def _division_inputs(dtype: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    n = 1500
    a = rng.uniform(-1000, 1000, n)
    b = rng.uniform(-50, 50, n)
    b[: n // 4] = np.round(b[: n // 4]) + 0.0  # integer divisors (some zero), exact quotients
    a[n // 4 : n // 2] = np.round(a[n // 4 : n // 2])
    ea, eb = zip(*DIV_EDGE, strict=True)
    d = DType[dtype].numpy
    with np.errstate(over="ignore"):  # beyond float16's range: inf
        return np.concatenate([a, ea]).astype(d), np.concatenate([b, eb]).astype(d)


@VF
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", list(DIVISION))
def test_float_division(op: str, dtype: str, vf: bool) -> None:
    a, b = _division_inputs(dtype, seed=6)
    if op == "remainder":  # fmod is exact only while |a / b| < 2**24 (module doc)
        with np.errstate(all="ignore"):
            q = np.abs(a.astype(np.float64) / b.astype(np.float64))
        keep = ~(np.isfinite(a) & np.isfinite(b) & (b != 0) & (q >= 2**24))
        a, b = a[keep], b[keep]
    out, ref = _run(_binary_ir(op, dtype), [a, b], f"num_{op}_{dtype}", vf)
    _exact(out, ref, f"{op} {dtype} vf={vf} vs reference")
    # float16/bfloat16: torch's float32 result on the same values, rounded once (module doc)
    wide = [torch.from_numpy(v.astype(np.float32)) for v in (a, b)]
    expected = _from_torch(DIVISION[op](*wide).to(_torch_dtype(dtype)), dtype)
    _exact(out, expected, f"{op} {dtype} vf={vf} vs torch")


@VF
@pytest.mark.parametrize("op", list(DIVISION))
def test_float_division_scalar_divisor(op: str, vf: bool) -> None:
    a, _ = _division_inputs("float32", seed=7)
    out, ref = _run(_binary_ir(op, "float32", "-0.75"), [a], f"num_{op}_scalar", vf)
    _exact(out, ref, f"{op} by -0.75 vf={vf} vs reference")
    expected = DIVISION[op](torch.from_numpy(a), torch.tensor(-0.75)).numpy()
    _exact(out, expected, f"{op} by -0.75 vf={vf} vs torch")


def test_vf_admission_of_numeric_ops() -> None:
    """Native-dtype recipes run in a VF; a float16 FloorDiv computes in float32 (memory
    level); float32 FloorDiv's exact fmod exceeds a VF's instruction budget."""
    from passes.vf_admission import admission

    def decision(ir: str, op: str) -> str:
        module = parse_ir(ir)
        g = next(o for o in module.walk() if o.name == "ascir.graph")
        node = next(o for o in module.walk() if o.name == f"ascir.{op}")
        return admission(node, g)  # type: ignore[arg-type, return-value]

    assert decision(_unary_ir("floor", "float16"), "floor") == "ok"
    assert decision(_binary_ir("lshift", "int16"), "lshift") == "ok"
    assert decision(_unary_ir("isnan", "bfloat16", "bool"), "isnan") == "ok"
    assert "computes in float32" in decision(_unary_ir("isinf", "bfloat16", "bool"), "isinf")
    assert "computes in float32" in decision(_binary_ir("floordiv", "float16"), "floordiv")
    assert "alone needs" in decision(_binary_ir("remainder", "float32"), "remainder")
