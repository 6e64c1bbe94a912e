"""Shared command-line plumbing: user errors as one-line diagnostics, never a traceback.

Exit codes: 0 success, 1 a user error -- bad IR, a bad graph script, a bad inputs file, a
bad option, a resource limit reached by the input (nesting deeper than Python's recursion
limit, a number with more digits than ``int()`` converts, not enough memory for the sizes),
a failed kernel check -- and 2 an internal error: any other exception, including a
ValueError/TypeError raised inside the compiler (user errors are :class:`AscirError`, whose
subclasses may also be ValueError/TypeError). 130 on Ctrl-C.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable

from xdsl.utils.exceptions import DiagnosticException

from ascir_dialect.diagnostics import AscirError

EXIT_OK, EXIT_FAIL, EXIT_INTERNAL = 0, 1, 2


def run_cli(tool: str, body: Callable[[], int]) -> int:
    try:
        return body()
    except SystemExit as e:
        return int(e.code) if isinstance(e.code, int) else EXIT_FAIL
    except KeyboardInterrupt:
        return 130
    except (AscirError, DiagnosticException, OSError) as e:
        text = str(e) if isinstance(e, OSError) or not e.args else str(e.args[0])
        return user_error(tool, text)
    except RecursionError:
        return user_error(
            tool,
            "the input is nested too deeply (Python's recursion limit was reached while processing "
            "it); reduce the nesting",
        )
    except MemoryError:
        return user_error(tool, "out of memory: the input or its sizes need more memory than is available")
    except ValueError as e:
        if is_allocation_limit_error(e):
            return user_error(tool, f"out of memory: {e} (the sizes are too large for one array)")
        if is_digit_limit_error(e):
            return user_error(
                tool,
                f"a number in the input has too many digits to convert ({e}); numbers are at most 64-bit",
            )
        return internal_error(tool, e)
    except Exception as e:
        return internal_error(tool, e)


def user_error(tool: str, text: str) -> int:
    """``<tool>: error: <text>``; a located message (``where:line:col: error: ...``) keeps
    its own ``error:``."""
    first = text.split("\n", 1)[0]
    located = text.startswith("error:") or ": error: " in first
    print(f"{tool}: {text if located else 'error: ' + text}", file=sys.stderr)
    return EXIT_FAIL


def internal_error(tool: str, e: BaseException) -> int:
    if os.environ.get("ASCIR_DEBUG"):
        traceback.print_exception(e)
    print(
        f"{tool}: internal error: {type(e).__name__}: {e}\n"
        f"This is a bug in {tool}, not in your input; please report it (rerun with ASCIR_DEBUG=1 "
        "for the traceback).",
        file=sys.stderr,
    )
    return EXIT_INTERNAL


def is_allocation_limit_error(e: BaseException) -> bool:
    """numpy refusing an array larger than the address space (a resource limit, like MemoryError)."""
    text = str(e)
    return isinstance(e, ValueError) and (
        "array is too big" in text or "Maximum allowed size exceeded" in text
    )


def is_digit_limit_error(e: BaseException) -> bool:
    """Python's ``int()`` refusing a decimal string longer than ``sys.get_int_max_str_digits()``."""
    return isinstance(e, ValueError) and "for integer string conversion" in str(e)
