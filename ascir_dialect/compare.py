"""Strict comparison of a kernel's outputs with expected values.

The rules are those of ``torch.testing.assert_close`` (``torch/testing/_comparison.py``:
shape and dtype must match, then ``torch.isclose`` on the values promoted to float64 /
int64), with ``equal_nan=True``:

* shapes and dtypes must be equal;
* NaN positions must be equal (NaN == NaN counts as equal);
* ±inf positions and signs must be equal exactly (an inf is never "close" to a finite
  value, ``+inf`` never to ``-inf``);
* finite pairs must satisfy ``|actual - expected| <= atol + rtol * |expected|``;
* integers and bool compare exactly (torch's default tolerances for them are 0; here
  they stay exact even when ``rtol``/``atol`` are given, as those are float tolerances).

Default tolerances per dtype are torch's defaults (``_DTYPE_PRECISIONS`` in
``torch/testing/_comparison.py``): float16 rtol 1e-3 atol 1e-5; bfloat16 rtol 1.6e-2
atol 1e-5; float32 rtol 1.3e-6 atol 1e-5; float64 rtol 1e-7 atol 1e-7; any other float
dtype (e.g. the ml_dtypes float8 formats) 0 / 0. ``rtol``/``atol`` override them; unlike
torch, either may be given alone (the other keeps its default).

Floats (including ml_dtypes float16/bfloat16) are compared after converting to float64,
as torch does, so nothing overflows; numpy warnings never escape (``np.errstate``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

from ascir_dialect.diagnostics import AscirError

#: torch.testing.assert_close's default (rtol, atol) per dtype name.
DEFAULT_TOLERANCES: dict[str, tuple[float, float]] = {
    "float16": (1e-3, 1e-5),
    "bfloat16": (1.6e-2, 1e-5),
    "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7),
}


class MismatchError(AscirError):
    """Actual values are not close to the expected ones (``assert_close``)."""

    def __init__(self, message: str, result: Comparison | None = None) -> None:
        super().__init__(message)
        self.result = result


@dataclass(frozen=True)
class Comparison:
    """The outcome of :func:`compare`.

    ``max_abs_error`` / ``max_rel_error`` are taken over the pairs where both values are
    finite (the relative error is ``|a - e| / |e|``: 0 for ``0 vs 0``, inf for a nonzero
    error at ``e == 0``). ``first_index`` is the first mismatching position in row-major
    order (``None`` when there is none), with ``first_actual`` / ``first_expected`` the
    values there. ``problem`` is set when shapes or dtypes differ (values not compared).
    """

    ok: bool
    mismatches: int
    total: int
    max_abs_error: float
    max_rel_error: float
    first_index: tuple[int, ...] | None
    first_actual: Any
    first_expected: Any
    nan_mismatches: int
    inf_mismatches: int
    rtol: float
    atol: float
    dtype: str
    exact: bool
    problem: str | None = None

    def describe(self) -> str:
        """One line for a human: the verdict and the numbers behind it."""
        if self.problem is not None:
            return self.problem
        rule = f"exact {self.dtype} comparison" if self.exact else f"rtol {self.rtol:g}, atol {self.atol:g}"
        errors = f"max |error| {self.max_abs_error:.6g}"
        if not self.exact:
            errors += f", max relative error {self.max_rel_error:.6g} (finite values)"
        if self.ok:
            return f"{self.total} {self.dtype} elements match ({rule}); {errors}"
        share = 100.0 * self.mismatches / self.total if self.total else 0.0
        text = (
            f"{self.mismatches} / {self.total} {self.dtype} elements ({share:.3g}%) differ ({rule}); "
            f"first at index {self.first_index}: actual {_fmt(self.first_actual)}, "
            f"expected {_fmt(self.first_expected)}; {errors}"
        )
        if self.nan_mismatches:
            text += f"; NaN positions differ at {self.nan_mismatches}"
        if self.inf_mismatches:
            text += f"; ±inf differs at {self.inf_mismatches}"
        return text


def _fmt(value: Any) -> str:
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, np.generic):  # numpy/ml_dtypes float: shortest repr in its own dtype
        return str(value)
    return repr(float(value))


def _kind(dtype: np.dtype) -> str:
    """'float', 'int' or 'bool' (ml_dtypes floats and ints included)."""
    if dtype == np.bool_:
        return "bool"
    if dtype.kind == "f":
        return "float"
    if dtype.kind in "iu":
        return "int"
    if dtype.kind == "V":
        try:
            ml_dtypes.finfo(dtype)
            return "float"
        except ValueError:
            pass
        try:
            ml_dtypes.iinfo(dtype)
            return "int"
        except ValueError:
            pass
    raise AscirError(f"compare: unsupported dtype {dtype} (expected a float, integer or bool array)")


def _check_tolerance(what: str, value: float | None) -> float | None:
    if value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise AscirError(f"{what} must be a number, got {value!r}") from None
    if not math.isfinite(number) or number < 0:
        raise AscirError(f"{what} must be finite and >= 0, got {value!r}")
    return number


def default_tolerances(dtype: Any) -> tuple[float, float]:
    """torch.testing.assert_close's default (rtol, atol) for ``dtype`` (0, 0 if none)."""
    return DEFAULT_TOLERANCES.get(np.dtype(dtype).name, (0.0, 0.0))


def compare(actual: Any, expected: Any, rtol: float | None = None, atol: float | None = None) -> Comparison:
    """Compare ``actual`` with ``expected`` by the rules of ``torch.testing.assert_close``
    (module docstring); ``rtol``/``atol`` override the dtype's defaults for floats."""
    rtol = _check_tolerance("rtol", rtol)
    atol = _check_tolerance("atol", atol)
    a, e = np.asarray(actual), np.asarray(expected)
    kind = _kind(e.dtype)
    _kind(a.dtype)
    exact = kind != "float"
    d_rtol, d_atol = default_tolerances(e.dtype)
    tol_r = 0.0 if exact else (d_rtol if rtol is None else rtol)
    tol_a = 0.0 if exact else (d_atol if atol is None else atol)

    def failed(problem: str) -> Comparison:
        return Comparison(
            False, int(e.size), int(e.size), math.nan, math.nan, None, None, None, 0, 0,
            tol_r, tol_a, str(e.dtype), exact, problem,
        )  # fmt: skip

    if a.shape != e.shape:
        return failed(f"shape mismatch: actual {a.shape}, expected {e.shape}")
    if a.dtype != e.dtype:
        return failed(f"dtype mismatch: actual {a.dtype}, expected {e.dtype}")

    with np.errstate(all="ignore"):
        if kind == "float":
            a64, e64 = a.astype(np.float64), e.astype(np.float64)
            a_nan, e_nan = np.isnan(a64), np.isnan(e64)
            finite = np.isfinite(a64) & np.isfinite(e64)
            diff = np.abs(a64 - e64)
            allowed = tol_a + tol_r * np.abs(e64)
            # inf == inf (same sign) is equal; an inf against anything else is not
            close = (a64 == e64) | (finite & (diff <= allowed)) | (a_nan & e_nan)
            nan_mismatches = int(np.count_nonzero(a_nan != e_nan))
            inf_mismatches = int(
                np.count_nonzero((np.isinf(a64) | np.isinf(e64)) & ~a_nan & ~e_nan & (a64 != e64))
            )
        else:
            close = a == e
            a64, e64 = a.astype(np.float64), e.astype(np.float64)
            finite = np.ones(a.shape, bool)
            diff = np.abs(a64 - e64)
            nan_mismatches = inf_mismatches = 0
        fin_diff = diff[finite]
        max_abs = float(fin_diff.max()) if fin_diff.size else 0.0
        if fin_diff.size:
            scale = np.abs(e64[finite])
            rel = np.where(fin_diff == 0, 0.0, fin_diff / np.where(scale == 0, 1.0, scale))
            rel = np.where((scale == 0) & (fin_diff != 0), np.inf, rel)
            max_rel = float(rel.max())
        else:
            max_rel = 0.0

    mismatch = ~np.asarray(close)
    count = int(np.count_nonzero(mismatch))
    first: tuple[int, ...] | None = None
    first_a = first_e = None
    if count:
        flat = int(np.flatnonzero(mismatch)[0])
        first = tuple(int(i) for i in np.unravel_index(flat, a.shape))
        first_a, first_e = a[first], e[first]
    return Comparison(
        ok=count == 0,
        mismatches=count,
        total=int(e.size),
        max_abs_error=max_abs,
        max_rel_error=max_rel,
        first_index=first,
        first_actual=first_a,
        first_expected=first_e,
        nan_mismatches=nan_mismatches,
        inf_mismatches=inf_mismatches,
        rtol=tol_r,
        atol=tol_a,
        dtype=str(e.dtype),
        exact=exact,
    )


def assert_close(
    actual: Any,
    expected: Any,
    rtol: float | None = None,
    atol: float | None = None,
    name: str = "output",
) -> Comparison:
    """:func:`compare`, raising :class:`MismatchError` (``"<name>: <describe()>"``) unless
    the values are close; returns the comparison otherwise."""
    result = compare(actual, expected, rtol, atol)
    if not result.ok:
        raise MismatchError(f"{name}: {result.describe()}", result)
    return result
