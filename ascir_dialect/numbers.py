"""Integers written as text by users -- on the command line, in IR text, in ``SizeExpr``
strings, in scalar values -- are ASCII digits only.

Python's ``int()``, ``str.isdigit()`` and the regex ``\\d`` accept every Unicode decimal
digit (``int("\\u0661\\u0662") == 12``, ``int("\\uff14") == 4``), and ``int()`` refuses more than
``sys.get_int_max_str_digits()`` digits with a ValueError that names no input. Every place
that turns user text into a number goes through :func:`parse_int` (or checks with
:func:`describe_non_ascii_digit` / :data:`MAX_INT_DIGITS` before calling ``int()``).

Float literals (``ascir.scalar`` values, pad values) follow torch's rule for a Python number
made into a tensor of a dtype: the text is read as a float64 (``float(text)``), then rounded
to the dtype as torch does (nearest, ties to even; float16/bfloat16 through float32), and a
value beyond the dtype's range rounds to +-inf (:func:`parse_float_literal`,
:func:`round_to_dtype`). The verifier, the
reference interpreter, the lowering and the C++ printer all use that one rounded value.
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import NamedTuple

from ascir_dialect.diagnostics import AscirArgumentError

MAX_INT_DIGITS = 100
"""Longest run of digits read as one integer: far beyond any 64-bit value (20 digits), far
below Python's int-conversion limit (4300), so an overlong literal is reported as out of
range rather than failing inside ``int()``."""

INT64_MAX = 2**63 - 1
UINT32_MAX = 2**32 - 1

_ASCII_INT = re.compile(r"[+-]?[0-9]+\Z", re.ASCII)


def describe_non_ascii_digit(text: str) -> str | None:
    """``'\\u0661' (U+0661 ARABIC-INDIC DIGIT ONE)`` for the first character of ``text`` that is a
    digit or number to Python but not one of ASCII ``0-9``; None when there is none."""
    for ch in text:
        if ch not in "0123456789" and (ch.isdigit() or ch.isnumeric() or ch.isdecimal()):
            return f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')})"
    return None


def parse_int(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """``text`` (optional sign, ASCII digits) as an int in ``[low, high]``; otherwise an
    :class:`AscirArgumentError` naming ``what``, the text and the allowed range."""
    if not isinstance(text, str):
        raise AscirArgumentError(f"{what} must be written as a string of digits, got {type(text).__name__}")
    stripped = strip_literal(text)
    if (bad := describe_non_ascii_digit(stripped)) is not None:
        raise AscirArgumentError(
            f"{what}: {_short(stripped)!r} holds the non-ASCII digit {bad}; write numbers with the "
            "ASCII digits 0-9"
        )
    if not _ASCII_INT.match(stripped):
        raise AscirArgumentError(f"{what} expects an integer (ASCII digits 0-9), got {_short(stripped)!r}")
    digits = len(stripped.lstrip("+-"))
    if digits > MAX_INT_DIGITS:
        raise AscirArgumentError(f"{what}: an integer of {digits} digits is out of range{_range(low, high)}")
    value = int(stripped)
    if (low is not None and value < low) or (high is not None and value > high):
        raise AscirArgumentError(f"{what}: {value} is out of range{_range(low, high)}")
    return value


class FloatFormat(NamedTuple):
    """A binary floating-point format: ``precision`` significand bits (the implicit one
    counted), normal exponents ``emin..emax``."""

    precision: int
    emin: int
    emax: int

    @property
    def max_finite(self) -> float:
        return math.ldexp(2.0 - math.ldexp(1.0, 1 - self.precision), self.emax)


FLOAT_FORMATS: dict[str, FloatFormat] = {
    "float16": FloatFormat(11, -14, 15),
    "bfloat16": FloatFormat(8, -126, 127),
    "float32": FloatFormat(24, -126, 127),
}
"""The float dtypes by name (IR spelling): IEEE binary16, bfloat16, IEEE binary32."""

_FLOAT_LITERAL = re.compile(
    r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf|infinity|nan)\Z",
    re.ASCII | re.IGNORECASE,
)
"""A decimal float literal: optional sign, digits with an optional point and exponent, or
``inf``/``infinity``/``nan`` in any case (Python's and C's spellings). No hexadecimal floats
(``float()`` does not read them either), no ``_`` digit separators, ASCII digits only."""


def round_to_float_format(value: float, fmt: FloatFormat) -> float:
    """``value`` rounded to the nearest number of ``fmt`` (ties to even), as IEEE 754 does
    when it converts: beyond the largest finite value by half a unit in the last place or
    more it is +-inf, below half the smallest subnormal it is +-0.0; NaN, inf and the sign
    of zero are kept. Pure Python, so verifying and printing IR needs no numpy."""
    if value == 0.0 or not math.isfinite(value):
        return value
    _, exp = math.frexp(value)  # |value| = m * 2**exp, 0.5 <= m < 1
    if exp - 1 > fmt.emax:  # |value| >= 2**(emax + 1): beyond the range whatever the rounding
        return math.copysign(math.inf, value)
    quantum = max(exp - fmt.precision, fmt.emin - fmt.precision + 1)  # exponent of one ulp
    units = round(math.ldexp(value, -quantum))  # exact scaling; round() ties to even
    rounded = math.ldexp(units, quantum)
    if abs(rounded) > fmt.max_finite:
        return math.copysign(math.inf, value)
    return rounded if rounded else math.copysign(0.0, value)


def round_to_dtype(value: float, dtype: str) -> float:
    """``value`` (a float64) as torch stores it in a tensor of the float dtype named ``dtype``
    (``torch.tensor(value, dtype=...)``): float32 directly; float16 and bfloat16 through
    float32, as torch's ``c10::Half``/``c10::BFloat16`` are built from a float. Rounding
    twice differs from rounding once on rare ties (float64 -59984.0007 is float32 -59984.0,
    a float16 tie that goes to even, -59968.0, where one rounding gives -60000.0): the
    reference, the lowering and the C++ constants all take this value, so they agree with
    torch and with each other."""
    if dtype != "float32":
        value = round_to_float_format(value, FLOAT_FORMATS["float32"])
    return round_to_float_format(value, FLOAT_FORMATS[dtype])


ASCII_SPACE = " \t\n\r\f\v"
"""What a literal may be padded with. ``str.strip()`` also removes Unicode spaces and the
separator controls U+001C..U+001F, U+0085, U+2028: a literal holding those is refused, not
silently trimmed."""


def strip_literal(text: str) -> str:
    """``text`` without leading and trailing ASCII whitespace."""
    return text.strip(ASCII_SPACE)


def is_float_literal(text: str) -> bool:
    """``text`` (already stripped) is a decimal float literal :func:`parse_float_literal` reads."""
    return _FLOAT_LITERAL.match(text) is not None


def parse_float_literal(text: str, dtype: str) -> float:
    """The value of the float literal ``text`` in the float dtype named ``dtype``: read as
    float64 (a huge exponent such as ``1e999`` is inf, a tiny one 0.0), then rounded to the
    dtype (``"70000"`` is inf in float16, ``"65519"`` its largest finite 65504.0). ValueError
    for a text that is not a literal (callers check with :func:`is_float_literal`)."""
    stripped = strip_literal(text)
    if not is_float_literal(stripped):
        raise ValueError(f"{_short(stripped)!r} is not a decimal floating-point literal")
    return round_to_dtype(float(stripped), dtype)


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" (allowed: {low}..{high})"
    if low is not None:
        return f" (allowed: >= {low})"
    if high is not None:
        return f" (allowed: <= {high})"
    return ""


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else f"{text[:20]}...{text[-10:]} ({len(text)} characters)"


__all__ = [
    "ASCII_SPACE",
    "FLOAT_FORMATS",
    "INT64_MAX",
    "MAX_INT_DIGITS",
    "UINT32_MAX",
    "FloatFormat",
    "describe_non_ascii_digit",
    "is_float_literal",
    "parse_float_literal",
    "parse_int",
    "round_to_dtype",
    "round_to_float_format",
    "strip_literal",
]
