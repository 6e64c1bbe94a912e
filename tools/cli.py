"""Shared command-line plumbing: user errors as one-line diagnostics, never a traceback.

Exit codes: 0 success, 1 a user error -- bad IR, a bad graph script, a bad inputs file, a
bad option, a resource limit reached by the input (nesting deeper than Python's recursion
limit, a number with more digits than ``int()`` converts, not enough memory for the sizes),
a failed kernel check -- and 2 an internal error: any other exception, including a
ValueError/TypeError raised inside the compiler (user errors are :class:`AscirError`, whose
subclasses may also be ValueError/TypeError). 130 on Ctrl-C.
"""

from __future__ import annotations

import errno
import gc
import io
import os
import re
import select
import sys
import threading
import traceback
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
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
    exit codes and one-line diagnostics; what the body wrote to standard output is flushed
    here, so a write error is reported like any other (not lost at interpreter exit)."""
    with standard_streams():
        status = _run_body(tool, body)
        return _flush_output(tool, status)


def _run_body(tool: str, body: Callable[[], int]) -> int:
    try:
        with managed_gc():
            return body()
    except SystemExit as e:
        return int(e.code) if isinstance(e.code, int) else EXIT_FAIL
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _broken_pipe()
    except OSError as e:
        return user_error(tool, describe_os_error(e))
    except (AscirError, DiagnosticException) as e:
        return user_error(tool, str(e.args[0]) if e.args else str(e))
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
    print_diagnostic(f"{tool}: {text if located else 'error: ' + text}")
    return EXIT_FAIL


def internal_error(tool: str, e: BaseException) -> int:
    """``<tool>: internal error in pass <p> at <node>: <exception>`` (an
    ``InternalCompilerError`` names the pass and the node) and what to do about it."""
    if os.environ.get("ASCIR_DEBUG"):
        print_diagnostic("".join(traceback.format_exception(e)).rstrip("\n"))
    what = str(e) if isinstance(e, InternalCompilerError) else f"internal error: {type(e).__name__}: {e}"
    print_diagnostic(
        f"{tool}: {what}\n"
        f"This is a bug in {tool}, not in your input; please report it (rerun with ASCIR_DEBUG=1 "
        "for the traceback)."
    )
    return EXIT_INTERNAL


# ------------------------------------------------------------------ diagnostics text

UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
"""Unicode categories a diagnostic never shows raw: the controls (C0 -- ESC starts a
terminal control sequence, CR and BS overwrite what is shown --, DEL, C1 -- U+009B is a
one-character CSI), the format characters (the bidirectional embeddings, overrides and
isolates U+202A..U+202E and U+2066..U+2069, the marks U+200E/U+200F, zero-width characters,
the BOM: text that reads differently from what it is), the line and paragraph separators,
and lone surrogates (undecodable bytes of a file name). The newline is kept: diagnostics
are multi-line. Letters, digits, symbols and spaces of every script are shown as they are."""

_NOT_PLAIN = re.compile(r"[^\n\x20-\x7e]")
"""Characters worth a look: everything but printable ASCII and the newline."""
_CARET_LINE = re.compile(r" *\^+ *")
_SHORT_ESCAPES = {"\t": "\\t", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    if unicodedata.category(ch) not in UNSAFE_CATEGORIES:
        return ch
    if ch in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _escaped(text: str) -> str:
    return _NOT_PLAIN.sub(_escape, text)


def safe_text(text: str) -> str:
    """``text`` with every character of the :data:`UNSAFE_CATEGORIES` written as a visible
    escape (``\\x1b``, ``\\u202e``, ``\\t``), so that no input -- a source line quoted by a
    parse error, a graph, node, size or file name, an exception message -- can move the
    cursor, recolour or retitle the terminal, or reorder what the reader sees. A caret line
    under a quoted source line is moved with the escapes before it, so it still points at
    the same character."""
    if _NOT_PLAIN.search(text) is None:
        return text
    lines = text.split("\n")
    shown = [_escaped(line) for line in lines]
    for i in range(1, len(lines)):
        if shown[i - 1] != lines[i - 1] and _CARET_LINE.fullmatch(lines[i]):
            shown[i] = _realign_caret(lines[i], lines[i - 1])
    return "\n".join(shown)


def _realign_caret(caret: str, source: str) -> str:
    """The caret line ``caret`` under ``source`` once ``source``'s characters are escaped."""
    start = len(caret) - len(caret.lstrip(" "))
    width = len(caret.strip())
    before = len(_escaped(source[:start])) + max(0, start - len(source))
    under = len(_escaped(source[start : start + width])) + max(0, start + width - len(source))
    return " " * before + "^" * max(under, 1)


def print_diagnostic(text: str) -> None:
    """Write one diagnostic (made safe by :func:`safe_text`) and a newline to standard
    error. A closed standard error, or one whose reader has gone, leaves nowhere to report:
    the diagnostic is dropped, the exit status still tells."""
    stream = sys.stderr
    if stream is None:
        return
    line = safe_text(text) + "\n"
    try:
        try:
            stream.write(line)
        except UnicodeEncodeError:  # an ASCII-only stderr with strict errors
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.write(line.encode(encoding, "backslashreplace").decode(encoding))
        stream.flush()
    except (OSError, ValueError):  # closed, or a broken pipe
        pass


# ------------------------------------------------------------------ standard streams

EXIT_BROKEN_PIPE = 141
"""Exit status when standard output is a pipe whose reader has gone (``ascir-opt ... | head``):
128 + SIGPIPE, the status a shell reports for a Unix tool killed by SIGPIPE, without a
message (the reader stopped reading on purpose)."""


class ClosedStreamError(OSError):
    """A standard stream that was closed when the tool started (``>&-``, ``<&-``): its
    use is a user error naming it, not an AttributeError on None."""

    def __str__(self) -> str:
        return str(self.strerror)


class _ClosedStream(io.TextIOBase):
    """Stands for a standard stream that is closed (``sys.stdout`` etc. are None then, and
    ``print()`` to None silently does nothing): reading or writing raises ClosedStreamError."""

    def __init__(self, name: str, fd: int) -> None:
        super().__init__()
        self._name = name
        self._fd = fd

    @property
    def buffer(self) -> _ClosedStream:  # xDSL reads ``sys.stdin.buffer``
        return self

    @property
    def name(self) -> str:
        return f"<{self._name}>"

    def _fail(self, what: str) -> ClosedStreamError:
        return ClosedStreamError(errno.EBADF, f"{what}: {self._name} is closed (file descriptor {self._fd})")

    def fileno(self) -> int:
        raise self._fail(f"cannot use {self._name}")

    def read(self, size: int | None = -1) -> str:
        raise self._fail("cannot read the input")

    def readline(self, size: int | None = -1) -> str:
        raise self._fail("cannot read the input")

    def write(self, text: str) -> int:
        raise self._fail("cannot write the output")

    def flush(self) -> None:
        """Nothing was written, nothing to flush."""

    def readable(self) -> bool:
        return self._fd == 0

    def writable(self) -> bool:
        return self._fd != 0


@contextmanager
def standard_streams() -> Iterator[None]:
    """The standard streams as the tools need them, for the duration of one command:

    * a stream closed at start-up (None in ``sys``) is replaced: standard input and output
      by a :class:`_ClosedStream` (using them is a user error), standard error by a sink
      (there is nowhere to report; the exit status still tells); its file descriptor is
      held open on /dev/null (:func:`_reserve_closed_descriptors`);
    * an unbuffered standard output (``python -u``, ``PYTHONUNBUFFERED``) is written through
      a buffer: CPython's unbuffered text stream drops the rest of a write the pipe takes
      only in part, so output cut short by a reader that went away would end in exit 0.

    Everything is put back on exit (the buffer is flushed and detached, never closing the
    process's file descriptor 1)."""
    saved = sys.stdin, sys.stdout, sys.stderr
    wrapper: io.TextIOWrapper | None = None
    _reserve_closed_descriptors()
    if sys.stdin is None:
        sys.stdin = _ClosedStream("standard input", 0)
    if sys.stdout is None:
        sys.stdout = _ClosedStream("standard output", 1)
    elif isinstance(getattr(sys.stdout, "buffer", None), io.RawIOBase):
        unbuffered = sys.stdout
        wrapper = io.TextIOWrapper(
            io.BufferedWriter(unbuffered.buffer),
            encoding=unbuffered.encoding,
            errors=unbuffered.errors,
            line_buffering=True,
        )
        sys.stdout = wrapper
    if sys.stderr is None:
        sys.stderr = io.StringIO()
    try:
        yield
    finally:
        if wrapper is not None:
            with suppress(OSError, ValueError):
                wrapper.flush()
            with suppress(OSError, ValueError):
                wrapper.detach().detach()  # type: ignore[attr-defined]  # keep fd 1 open
        sys.stdin, sys.stdout, sys.stderr = saved


def _reserve_closed_descriptors() -> None:
    """Open /dev/null on each of the file descriptors 0, 1, 2 that is closed, as Unix tools
    do: otherwise the next file the tool opens -- an output, a trace, a cache entry -- takes
    that number, and whatever writes to "standard error" at the C level (the simulator's
    fault messages, a compiler the tool runs) writes into that file. The descriptors are
    inheritable, so child processes find them open too."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        null = os.open(os.devnull, os.O_RDWR)
        if null != fd:  # a lower descriptor was free too: it is reserved by its own turn
            os.dup2(null, fd)
            os.close(null)
        os.set_inheritable(fd, True)


_WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EIO})


def describe_os_error(e: OSError) -> str:
    """An OSError as a diagnostic: the text of an error of ours as it is, a failed write
    without a file name (standard output, full or broken) saying so."""
    if isinstance(e, ClosedStreamError) or e.errno not in _WRITE_ERRNOS:
        return str(e)
    if e.filename is not None:
        return f"cannot write {e.filename}: {e.strerror}"
    return f"cannot write the output: {e.strerror}"


def _flush_output(tool: str, status: int) -> int:
    """Flush standard output. A failure is the command's: a broken pipe quietly, another one
    reported -- unless the command already failed (it then reported its error, often this
    very write's: one diagnostic is enough, the status says the rest)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        return _broken_pipe()
    except (OSError, ValueError) as e:
        _drop_stdout()
        if status != EXIT_OK:
            return status
        what = describe_os_error(e) if isinstance(e, OSError) else f"cannot write the output: {e}"
        return user_error(tool, what)
    return status


def _broken_pipe() -> int:
    """A reader has gone -- standard output's, or a FIFO's given as the output file: exit
    quietly with :data:`EXIT_BROKEN_PIPE`, as a tool killed by SIGPIPE does."""
    if _stdout_is_broken():
        _drop_stdout()
    return EXIT_BROKEN_PIPE


def _stdout_is_broken() -> bool:
    """Standard output is a pipe (or socket) without a reader: poll() reports an error on
    its descriptor."""
    try:
        fd = sys.stdout.fileno()
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):  # no descriptor behind it (captured)
        return False


def _drop_stdout() -> None:
    """Drop what is still buffered for a standard output that failed: its descriptor is
    pointed at /dev/null, so the interpreter's own flush at exit does not fail again
    ("Exception ignored ... BrokenPipeError"). A stream without a descriptor (one a caller
    substituted for sys.stdout) is left alone."""
    try:
        fd = sys.stdout.fileno()
        os.fstat(fd)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # no file descriptor behind it
        pass


def is_allocation_limit_error(e: BaseException) -> bool:
    """numpy refusing an array larger than the address space (a resource limit, like MemoryError)."""
    text = str(e)
    return isinstance(e, ValueError) and (
        "array is too big" in text or "Maximum allowed size exceeded" in text
    )


def is_digit_limit_error(e: BaseException) -> bool:
    """Python's ``int()`` refusing a decimal string longer than ``sys.get_int_max_str_digits()``."""
    return isinstance(e, ValueError) and "for integer string conversion" in str(e)
