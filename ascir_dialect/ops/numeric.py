"""Rounding, sign, classification, bitwise and shift nodes (issue 19): Sign, Floor, Ceil,
Round, Trunc, IsNan, IsInf, IsFinite, BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseNot,
LShift, RShift.

Each is defined once here, like ``elementwise.py`` and ``math.py``: operands, dtype
whitelist, result dtype and the reference ``compute`` with PyTorch's CPU semantics
(checked against torch 2.13):

* ``Floor``/``Ceil``/``Round``/``Trunc`` keep NaN, +-inf and the sign of zero; ``Round`` is
  half to even (``torch.round``); on integers they are the identity (as torch).
* ``Sign`` is ``(x > 0) - (x < 0)``: NaN and -0 give +0 (``torch.sign``); bool is the identity.
* ``IsNan``/``IsInf``/``IsFinite`` return a mask (bool or uint8, like the compares); integers
  are never NaN or infinite.
* the bitwise ops take integers and bool; ``BitwiseNot`` of bool is the logical not.
* ``LShift(a, b)`` is ``a << b`` in two's complement (the bits shifted out are lost, the sign
  bit included); ``RShift`` is arithmetic for signed and logical for unsigned integers. A
  shift count outside ``[0, bits)`` gives 0, and -1 for ``RShift`` of a negative ``a``
  (torch's ``lshift``/``rshift`` kernels: ``b < 0 || b >= bits``).

How each op reaches the device (one AscendC API or a documented sequence) is in
``ascendc_emitter.target.math``.
"""

from __future__ import annotations

from typing import Any

from ascir_dialect import dtypes as dt
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops.elementwise import _binary, _unary

np = LazyModule("numpy")

BITWISE_DTYPES = dt.INTEGERS | {dt.DType.bool}
"""Integers and bool (torch's bitwise ops refuse floats)."""


def _keep_ints(fn: Any) -> Any:
    """A float rounding function that is the identity on integers (as torch)."""

    def compute(a: Any) -> Any:
        a = np.asarray(a)
        return fn(a) if a.dtype.kind == "f" else a

    return compute


def _sign(a: Any) -> Any:
    a = np.asarray(a)
    if a.dtype == np.bool_:
        return a
    one = a.dtype.type(1)
    pos = (a > 0).astype(a.dtype)
    if a.dtype.kind == "u":
        return pos * one
    return pos - (a < 0).astype(a.dtype)


def _isinf(a: Any) -> Any:
    a = np.asarray(a)
    return np.isinf(a) if a.dtype.kind == "f" else np.zeros(a.shape, bool)


def _isnan(a: Any) -> Any:
    a = np.asarray(a)
    return np.isnan(a) if a.dtype.kind == "f" else np.zeros(a.shape, bool)


def _isfinite(a: Any) -> Any:
    a = np.asarray(a)
    return np.isfinite(a) if a.dtype.kind == "f" else np.ones(a.shape, bool)


def _bits(a: Any) -> int:
    return 8 * np.asarray(a).dtype.itemsize


def _lshift(a: Any, b: Any) -> Any:
    a, b = np.asarray(a), np.asarray(b)
    w = _bits(a)
    unsigned = np.dtype(f"u{a.dtype.itemsize}")
    ok = (b >= 0) & (b < w) if a.dtype.kind == "i" else b < w
    count = np.where(ok, b, 0).astype(unsigned)
    shifted = np.left_shift(a.astype(unsigned), count).astype(a.dtype)
    return np.where(ok, shifted, a.dtype.type(0))


def _rshift(a: Any, b: Any) -> Any:
    a, b = np.asarray(a), np.asarray(b)
    w = _bits(a)
    if a.dtype.kind == "i":
        count = np.where((b >= 0) & (b < w), b, w - 1).astype(a.dtype)
        return np.right_shift(a, count)
    ok = b < w
    return np.where(ok, np.right_shift(a, np.where(ok, b, 0).astype(a.dtype)), a.dtype.type(0))


SignOp = _unary("ascir.sign", "Sign", _sign, OPERAND_DTYPES=dt.ALL)
FloorOp = _unary("ascir.floor", "Floor", _keep_ints(lambda a: np.floor(a)), OPERAND_DTYPES=dt.NUMERIC)
CeilOp = _unary("ascir.ceil", "Ceil", _keep_ints(lambda a: np.ceil(a)), OPERAND_DTYPES=dt.NUMERIC)
RoundOp = _unary("ascir.round", "Round", _keep_ints(lambda a: np.rint(a)), OPERAND_DTYPES=dt.NUMERIC)
"""Half to even (``torch.round`` with ``decimals = 0``)."""
TruncOp = _unary("ascir.trunc", "Trunc", _keep_ints(lambda a: np.trunc(a)), OPERAND_DTYPES=dt.NUMERIC)
IsNanOp = _unary("ascir.isnan", "IsNan", _isnan, OPERAND_DTYPES=dt.ALL, RESULT_DTYPES=dt.MASKS)
IsInfOp = _unary("ascir.isinf", "IsInf", _isinf, OPERAND_DTYPES=dt.ALL, RESULT_DTYPES=dt.MASKS)
IsFiniteOp = _unary("ascir.isfinite", "IsFinite", _isfinite, OPERAND_DTYPES=dt.ALL, RESULT_DTYPES=dt.MASKS)
BitwiseAndOp = _binary(
    "ascir.bitwise_and", "BitwiseAnd", lambda a, b: np.bitwise_and(a, b), OPERAND_DTYPES=BITWISE_DTYPES
)
BitwiseOrOp = _binary(
    "ascir.bitwise_or", "BitwiseOr", lambda a, b: np.bitwise_or(a, b), OPERAND_DTYPES=BITWISE_DTYPES
)
BitwiseXorOp = _binary(
    "ascir.bitwise_xor", "BitwiseXor", lambda a, b: np.bitwise_xor(a, b), OPERAND_DTYPES=BITWISE_DTYPES
)
BitwiseNotOp = _unary(
    "ascir.bitwise_not", "BitwiseNot", lambda a: np.invert(a), OPERAND_DTYPES=BITWISE_DTYPES
)
"""``~x``; the logical not of a bool."""
LShiftOp = _binary("ascir.lshift", "LShift", _lshift, OPERAND_DTYPES=dt.INTEGERS, SCALAR_POSITIONS=(1,))
"""``x1 << x2``; the shift count ``x2`` may be a scalar-like value."""
RShiftOp = _binary("ascir.rshift", "RShift", _rshift, OPERAND_DTYPES=dt.INTEGERS, SCALAR_POSITIONS=(1,))
"""``x1 >> x2`` (arithmetic for signed ``x1``); the shift count may be a scalar-like value."""

NUMERIC_OPS: tuple[type, ...] = (
    SignOp,
    FloorOp,
    CeilOp,
    RoundOp,
    TruncOp,
    IsNanOp,
    IsInfOp,
    IsFiniteOp,
    BitwiseAndOp,
    BitwiseOrOp,
    BitwiseXorOp,
    BitwiseNotOp,
    LShiftOp,
    RShiftOp,
)
"""The ops of this module, in a fixed order (registration, the Python API)."""

ROUNDING_MODES: dict[type, str] = {
    FloorOp: "CAST_FLOOR",
    CeilOp: "CAST_CEIL",
    RoundOp: "CAST_RINT",
    TruncOp: "CAST_TRUNC",
}
"""The AscendC ``RoundMode`` of each rounding op (``Truncate<T, mode>``)."""

__all__ = [op.__name__ for op in NUMERIC_OPS] + ["NUMERIC_OPS", "ROUNDING_MODES", "BITWISE_DTYPES"]
