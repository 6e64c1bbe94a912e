"""Shared command-line plumbing: user errors as one-line diagnostics, never a traceback.

Exit codes: 0 success, 1 a user error -- bad IR, a bad graph script, a bad inputs file, a
bad option, a resource limit reached by the input (nesting deeper than Python's recursion
limit, a number with more digits than ``int()`` converts, not enough memory for the sizes),
a failed kernel check -- and 2 an internal error: any other exception, including a
ValueError/TypeError raised inside the compiler (user errors are :class:`AscirError`, whose
subclasses may also be ValueError/TypeError). 130 on Ctrl-C.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NoReturn

from xdsl.utils.exceptions import DiagnosticException

from ascir_dialect.diagnostics import AscirError, InternalCompilerError

EXIT_OK, EXIT_FAIL, EXIT_INTERNAL = 0, 1, 2

GC_GEN0_THRESHOLD = 100_000
"""Allocations between two young-generation collections while building and transforming IR.

IR building allocates many objects that live until the end of the command and form few
cycles; at Python's default (700) the cyclic GC scans the young generation thousands of
times per graph and every survivor again in the older generations, which costs more than
parsing itself (issue 17). Objects in reference cycles are still freed, later."""

class _GcState:
    """The process's GC tuning, shared by every thread that compiles: the first step to
    enter freezes and raises the threshold, the last to leave restores them (the GC is
    process-wide, so a thread's exit must not thaw another's objects mid-compile)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth = 0
        self.saved: tuple[int, int, int] = gc.get_threshold()
        self.froze = False


_GC = _GcState()


@contextmanager
def managed_gc(threshold0: int = GC_GEN0_THRESHOLD) -> Iterator[None]:
    """Run a compile step with the cyclic GC tuned for IR building.

    On entry ``gc.freeze()`` moves every object alive so far (the imported modules, the
    caller's data) to the permanent generation, so collections no longer rescan them, and
    the young-generation threshold is raised to ``threshold0``; on exit both are undone
    (the frozen objects become collectable again, the caller's thresholds are restored), so
    a library user of ``compile_graph`` / ``Autofuser`` keeps the GC they had. Nested uses,
    and uses by other threads while one is active, are no-ops: only the first to enter
    freezes and only the last to leave restores; a caller who already froze objects keeps
    them frozen (only the threshold is raised). Also a decorator."""
    with _GC.lock:
        _GC.depth += 1
        if _GC.depth == 1:
            _GC.saved = gc.get_threshold()
            # a caller who froze objects themselves keeps them frozen: unfreeze() would thaw theirs too
            _GC.froze = gc.get_freeze_count() == 0
            if _GC.froze:
                gc.freeze()
            gc.set_threshold(max(threshold0, _GC.saved[0]), *_GC.saved[1:])
    try:
        yield
    finally:
        with _GC.lock:
            _GC.depth -= 1
            if _GC.depth == 0:
                gc.set_threshold(*_GC.saved)
                if _GC.froze:
                    gc.unfreeze()


def exit_process(code: int) -> NoReturn:
    """End a command-line process with ``code``. Freezes the heap first: the interpreter's
    final collection at shutdown would otherwise traverse every object still alive (the
    imported modules, the IR) only to free memory the process returns anyway."""
    gc.freeze()
    sys.exit(code)


def run_cli(tool: str, body: Callable[[], int]) -> int:
    """Run a command-line tool's ``body`` (with :func:`managed_gc`), mapping exceptions to
    exit codes and one-line diagnostics."""
    try:
        with managed_gc():
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
    """``<tool>: internal error in pass <p> at <node>: <exception>`` (an
    ``InternalCompilerError`` names the pass and the node) and what to do about it."""
    if os.environ.get("ASCIR_DEBUG"):
        traceback.print_exception(e)
    what = str(e) if isinstance(e, InternalCompilerError) else f"internal error: {type(e).__name__}: {e}"
    print(
        f"{tool}: {what}\n"
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
