"""Math and activation elementwise nodes (issue 19): Sigmoid, Tanh, Gelu, Erf, Rsqrt,
Reciprocal, Ln, Log1p, Log2, Exp2, Pow, Sin, Cos, Square, LeakyRelu, ClipByValue.

Each is defined once here, like ``elementwise.py``: operands, dtype whitelist (the float
types of the AscendC API tables: half/float on the device APIs, bfloat16 computed in
float32), scalar-operand positions (seed 000 AL-9) and the reference ``compute`` with
PyTorch's semantics. float16/bfloat16 operands are computed in float32 and rounded once
(``_compute_view``), as torch computes reduced-precision floats. How each op reaches the
device (one AscendC API or a documented sequence) is in ``ascendc_emitter.target.math``.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from xdsl.dialects.builtin import Float64Type, FloatAttr, StringAttr
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import TensorType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops.elementwise import ElementwiseNode, UnaryNode, Value, _binary, _unary

np = LazyModule("numpy")

GELU_APPROXIMATIONS = ("none", "tanh")


def _erf(a: Any) -> Any:
    """erf in float64 (numpy has none), rounded by the caller to the result dtype."""
    arr = np.asarray(a, np.float64)
    return np.vectorize(math.erf, otypes=[np.float64])(arr) if arr.size else arr


def _sigmoid(a: Any) -> Any:
    a = np.asarray(a)
    one = a.dtype.type(1)
    return one / (one + np.exp(-a))


def _pow(a: Any, b: Any) -> Any:
    """torch.pow on floats: C pow (0**0 = 1, (-8)**(1/3) = NaN, 1**nan = 1)."""
    return np.power(a, b)


SigmoidOp = _unary("ascir.sigmoid", "Sigmoid", _sigmoid, OPERAND_DTYPES=dt.FLOATS)
TanhOp = _unary("ascir.tanh", "Tanh", lambda a: np.tanh(a), OPERAND_DTYPES=dt.FLOATS)
ErfOp = _unary("ascir.erf", "Erf", _erf, OPERAND_DTYPES=dt.FLOATS)
RsqrtOp = _unary("ascir.rsqrt", "Rsqrt", lambda a: a.dtype.type(1) / np.sqrt(a), OPERAND_DTYPES=dt.FLOATS)
ReciprocalOp = _unary(
    "ascir.reciprocal", "Reciprocal", lambda a: a.dtype.type(1) / a, OPERAND_DTYPES=dt.FLOATS
)
LnOp = _unary("ascir.ln", "Ln", lambda a: np.log(a), OPERAND_DTYPES=dt.FLOATS)
Log1pOp = _unary("ascir.log1p", "Log1p", lambda a: np.log1p(a), OPERAND_DTYPES=dt.FLOATS)
Log2Op = _unary("ascir.log2", "Log2", lambda a: np.log2(a), OPERAND_DTYPES=dt.FLOATS)
Exp2Op = _unary("ascir.exp2", "Exp2", lambda a: np.exp2(a), OPERAND_DTYPES=dt.FLOATS)
SinOp = _unary("ascir.sin", "Sin", lambda a: np.sin(a), OPERAND_DTYPES=dt.FLOATS)
CosOp = _unary("ascir.cos", "Cos", lambda a: np.cos(a), OPERAND_DTYPES=dt.FLOATS)
SquareOp = _unary("ascir.square", "Square", lambda a: a * a, OPERAND_DTYPES=dt.FLOATS)
PowOp = _binary("ascir.pow", "Pow", _pow, OPERAND_DTYPES=dt.FLOATS, SCALAR_POSITIONS=(1,))
"""``x1 ** x2``; the exponent ``x2`` may be a scalar-like value."""


@irdl_op_definition
class GeluOp(UnaryNode):
    """torch.nn.functional.gelu: ``approximate = "none"`` is ``x/2 * (1 + erf(x/sqrt(2)))``,
    ``"tanh"`` is ``x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))``."""

    name = "ascir.gelu"
    PY_NAME: ClassVar[str] = "Gelu"
    OPERAND_DTYPES: ClassVar[Any] = dt.FLOATS
    approximate = prop_def(StringAttr, default_value=StringAttr("none"))

    @property
    def approximation(self) -> str:
        return self.approximate.data

    def verify_node(self) -> None:
        if self.approximation not in GELU_APPROXIMATIONS:
            raise self.fail(
                f'approximate is "{self.approximation}"; expected one of '
                + ", ".join(f'"{a}"' for a in GELU_APPROXIMATIONS)
                + " (torch.nn.functional.gelu)"
            )
        super().verify_node()

    def compute(self, a: Any) -> Any:  # type: ignore[override]
        a = np.asarray(a)
        if self.approximation == "tanh":
            t = a.dtype.type
            inner = t(math.sqrt(2.0 / math.pi)) * (a + t(0.044715) * a * a * a)
            return t(0.5) * a * (t(1) + np.tanh(inner))
        e = _erf(a * a.dtype.type(math.sqrt(0.5))).astype(a.dtype)
        return a.dtype.type(0.5) * a * (a.dtype.type(1) + e)


@irdl_op_definition
class LeakyReluOp(UnaryNode):
    """``x if x >= 0 else negative_slope * x`` (torch.nn.functional.leaky_relu)."""

    name = "ascir.leaky_relu"
    PY_NAME: ClassVar[str] = "LeakyRelu"
    OPERAND_DTYPES: ClassVar[Any] = dt.FLOATS
    negative_slope = prop_def(FloatAttr[Float64Type], default_value=FloatAttr(0.01, Float64Type()))

    @property
    def slope(self) -> float:
        return float(self.negative_slope.value.data)

    def verify_node(self) -> None:
        if not math.isfinite(self.slope):
            raise self.fail(f"negative_slope must be a finite float, got {self.slope}")
        super().verify_node()

    def compute(self, a: Any) -> Any:  # type: ignore[override]
        a = np.asarray(a)
        return np.where(a > 0, a, a * a.dtype.type(self.slope))


@irdl_op_definition
class ClipByValueOp(ElementwiseNode):
    """torch.clamp(x, min, max) = ``min(max(x, min), max)``: NaN in any operand gives NaN,
    ``min > max`` gives ``max``. ``min`` and ``max`` may be scalar-like values."""

    name = "ascir.clip_by_value"
    PY_NAME: ClassVar[str] = "ClipByValue"
    x = operand_def(Value)
    min = operand_def(Value)
    max = operand_def(Value)
    y = result_def(TensorType)
    OPERAND_DTYPES: ClassVar[Any] = dt.FLOATS
    SCALAR_POSITIONS: ClassVar[Any] = (1, 2)
    MAX_SCALARS: ClassVar[int] = 2

    @staticmethod
    def compute(a: Any, lo: Any, hi: Any) -> Any:
        return np.minimum(np.maximum(a, lo), hi)


MATH_OPS = (
    SigmoidOp,
    TanhOp,
    GeluOp,
    ErfOp,
    RsqrtOp,
    ReciprocalOp,
    LnOp,
    Log1pOp,
    Log2Op,
    Exp2Op,
    PowOp,
    SinOp,
    CosOp,
    SquareOp,
    LeakyReluOp,
    ClipByValueOp,
)
"""The math ops of issue 19, in a fixed order (registration, the Python API)."""

PY_ALIASES = {"Log": LnOp}
"""Extra Python API names (torch spells the natural logarithm ``log``)."""

__all__ = [op.__name__ for op in MATH_OPS] + ["MATH_OPS", "PY_ALIASES"]
