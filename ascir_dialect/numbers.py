"""Integers written as text by users -- on the command line, in IR text, in ``SizeExpr``
strings, in scalar values -- are ASCII digits only.

Python's ``int()``, ``str.isdigit()`` and the regex ``\\d`` accept every Unicode decimal
digit (``int("\\u0661\\u0662") == 12``, ``int("\\uff14") == 4``), and ``int()`` refuses more than
``sys.get_int_max_str_digits()`` digits with a ValueError that names no input. Every place
that turns user text into a number goes through :func:`parse_int` (or checks with
:func:`describe_non_ascii_digit` / :data:`MAX_INT_DIGITS` before calling ``int()``).
"""

from __future__ import annotations

import re
import unicodedata

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
    stripped = text.strip()
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


__all__ = ["INT64_MAX", "MAX_INT_DIGITS", "UINT32_MAX", "describe_non_ascii_digit", "parse_int"]
