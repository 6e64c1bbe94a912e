"""Math ops of issue 19 end to end: compiled on both paths (VF and root graph), run on the
simulator and compared with the reference interpreter AND with torch (``assert_close``
rules), float32 / float16 / bfloat16, on random and edge inputs (NaN, +-inf, +-0,
denormals, large and small magnitudes).

Documented exceptions: Gelu(approximate="none") of +-inf is left out of the torch
comparison (torch's CPU kernel returns NaN there, the reference and the device the limit
x); Exp2 and Pow are compared with a looser relative tolerance (``Exp(y ln x)``: the
rounding of ``y ln x`` grows with the result's exponent, docs/ir.md "Math ops: accuracy vs
torch").
"""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from .test_e2e import graph

torch = pytest.importorskip("torch")
F = torch.nn.functional

EDGE = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1e-40, -1e-40, 1e-30, 3e4, -3e4, 1.0, -1.0, 0.5]
"""Edge inputs appended to the random ones (denormals flush in float16/bfloat16)."""

# op -> (ir op, attrs, torch function, random domain, rtol of the torch comparison or None)
UNARY = {
    "sigmoid": ("sigmoid", "", torch.sigmoid, (-20, 20), None),
    "tanh": ("tanh", "", torch.tanh, (-10, 10), None),
    "gelu": ("gelu", "", F.gelu, (-6, 6), None),
    "gelu_tanh": ("gelu", ' {approximate = "tanh"}', lambda t: F.gelu(t, approximate="tanh"), (-6, 6), None),
    "erf": ("erf", "", torch.erf, (-5, 5), None),
    "rsqrt": ("rsqrt", "", torch.rsqrt, (0, 100), None),
    "reciprocal": ("reciprocal", "", torch.reciprocal, (-100, 100), None),
    "ln": ("ln", "", torch.log, (0, 100), None),
    "log1p": ("log1p", "", torch.log1p, (-0.99, 10), None),
    "log2": ("log2", "", torch.log2, (0, 100), None),
    "exp2": ("exp2", "", torch.exp2, (-20, 20), 1e-5),
    "sin": ("sin", "", torch.sin, (-100, 100), None),
    "cos": ("cos", "", torch.cos, (-100, 100), None),
    "square": ("square", "", torch.square, (-100, 100), None),
    "leaky_relu": (
        "leaky_relu",
        " {negative_slope = 0.2 : f64}",
        lambda t: F.leaky_relu(t, 0.2),
        (-10, 10),
        None,
    ),
}
DTYPES = ["float32", "float16", "bfloat16"]


def _inputs(dtype: str, lo: float, hi: float, n: int = 1500, seed: int = 0) -> np.ndarray:
    from ascir_dialect.dtypes import DType

    rng = np.random.default_rng(seed)
    x = np.concatenate([rng.uniform(lo, hi, n), np.array(EDGE)])
    return x.astype(DType[dtype].numpy)


def _torch(fn, *arrays: np.ndarray) -> np.ndarray:  # type: ignore[no-untyped-def]
    from ascir_dialect.dtypes import DType

    ts = [torch.from_numpy(a.astype(np.float32)) for a in arrays]
    dtype = arrays[0].dtype
    cast = {DType.float16.numpy: torch.float16, DType.bfloat16.numpy: torch.bfloat16}.get(
        dtype, torch.float32
    )
    out = fn(*(t.to(cast) for t in ts))
    return out.to(torch.float32).numpy().astype(dtype)


def _run(ir: str, inputs: list[np.ndarray], name: str, vf: bool) -> tuple[np.ndarray, np.ndarray]:
    module = parse_ir(ir)
    n = inputs[0].shape[0]
    k = compile_graph(module, name=name, vf=vf)
    out = k(*inputs, sizes={"s0": n}, core_num=2)[0]
    ref = reference(module, *inputs, sizes={"s0": n})[0]
    return out, ref


def _unary_ir(op: str, attrs: str, dtype: str) -> str:
    t = tensor(dtype, ["z0"], ["s0"])
    return graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%e = ascir.{op} %l{attrs} : {t}
%st = ascir.store %e : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )


@pytest.mark.parametrize("vf", [True, False], ids=["vf", "root"])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("key", list(UNARY))
def test_unary_math(key: str, dtype: str, vf: bool) -> None:
    op, attrs, fn, (lo, hi), rtol = UNARY[key]
    x = _inputs(dtype, lo, hi)
    out, ref = _run(_unary_ir(op, attrs, dtype), [x], f"math_{key}_{dtype}", vf)
    assert_close(out, ref, name=f"{key} {dtype} vf={vf} vs reference")
    expected = _torch(fn, x)
    keep = np.ones(x.shape, bool)
    if key == "gelu":
        keep = np.isfinite(x)  # module doc: torch returns NaN for gelu(+-inf)
    tol = {} if rtol is None or dtype != "float32" else {"rtol": rtol, "atol": 1e-5}
    assert_close(out[keep], expected[keep], name=f"{key} {dtype} vf={vf} vs torch", **tol)


def _binary_ir(op: str, dtype: str, scalar: bool) -> str:
    t = tensor(dtype, ["z0"], ["s0"])
    rhs = (
        f'%b = ascir.scalar {{value = "2.5"}} : !ascir.scalar<{dtype}>'
        if scalar
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


@pytest.mark.parametrize("vf", [True, False], ids=["vf", "root"])
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_pow_tensor_exponent(dtype: str, vf: bool) -> None:
    x = _inputs(dtype, -4, 4, seed=1)
    y = _inputs(dtype, -4, 4, seed=2)
    y[:300] = np.round(y[:300])  # negative bases with integer exponents: signs
    out, ref = _run(_binary_ir("pow", dtype, False), [x, y], f"math_pow_{dtype}", vf)
    assert_close(out, ref, name="pow vs reference", rtol=1e-5 if dtype == "float32" else None)
    assert_close(out, _torch(torch.pow, x, y), name="pow vs torch", rtol=1e-5 if dtype == "float32" else None)


@pytest.mark.parametrize("vf", [True, False], ids=["vf", "root"])
def test_pow_scalar_exponent(vf: bool) -> None:
    x = _inputs("float32", -4, 4, seed=3)
    out, ref = _run(_binary_ir("pow", "float32", True), [x], "math_pow_scalar", vf)
    assert_close(out, ref, name="pow(x, 2.5) vs reference", rtol=1e-5)
    assert_close(out, _torch(lambda t: torch.pow(t, 2.5), x), name="pow(x, 2.5) vs torch", rtol=1e-5)


@pytest.mark.parametrize("vf", [True, False], ids=["vf", "root"])
@pytest.mark.parametrize("scalars", [False, True], ids=["tensor_bounds", "scalar_bounds"])
def test_clip_by_value(scalars: bool, vf: bool) -> None:
    t = tensor("float32", ["z0"], ["s0"])
    if scalars:
        bounds = (
            '%lo = ascir.scalar {value = "-1.5"} : !ascir.scalar<float32>\n'
            '%hi = ascir.scalar {value = "2.0"} : !ascir.scalar<float32>'
        )
    else:
        bounds = (
            f"%lod = ascir.data {{index = 1 : i64}} : {t}\n%lo = ascir.load %lod : {t}\n"
            f"%hid = ascir.data {{index = 2 : i64}} : {t}\n%hi = ascir.load %hid : {t}"
        )
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
{bounds}
%e = ascir.clip_by_value %l, %lo, %hi : {t}
%st = ascir.store %e : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    x = _inputs("float32", -5, 5, seed=4)
    ins = [x]
    if scalars:
        lo, hi = np.float32(-1.5), np.float32(2.0)
    else:
        lo, hi = _inputs("float32", -3, 0, seed=5), _inputs("float32", -1, 3, seed=6)
        lo[-3], hi[-2] = np.nan, np.nan  # NaN bounds propagate like torch.clamp
        ins += [lo, hi]
    out, ref = _run(ir, ins, f"math_clip_{int(scalars)}", vf)
    assert_close(out, ref, name="clip vs reference")
    expected = torch.clamp(torch.from_numpy(x), torch.as_tensor(lo), torch.as_tensor(hi)).numpy()
    assert_close(out, expected, name="clip vs torch")


def test_vf_admission_keeps_half_math_at_memory_level() -> None:
    from passes.vf_admission import admission

    module = parse_ir(_unary_ir("sigmoid", "", "float16"))
    g = next(op for op in module.walk() if op.name == "ascir.graph")
    node = next(op for op in module.walk() if op.name == "ascir.sigmoid")
    assert "computes in float32" in admission(node, g)  # type: ignore[arg-type, operator]
    node32 = next(op for op in parse_ir(_unary_ir("sin", "", "float32")).walk() if op.name == "ascir.sin")
    assert "alone needs" in admission(node32, g)  # type: ignore[arg-type, operator]
