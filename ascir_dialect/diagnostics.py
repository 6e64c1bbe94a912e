"""User-facing diagnostics: ``file:line:col: error: message``, never a traceback.

Ops parsed from text carry a ``FileLineColLoc`` (set by their parsers); verification
walks ops in textual order and reports the first failure at that op's location.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from xdsl.context import Context
from xdsl.dialects.builtin import (
    FileLineColLoc,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.parser.generic_parser import ParserState
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.lexer import Input, Position, Span
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRToken, MLIRTokenKind


class AscirError(Exception):
    """An error for the user: the message says what is wrong and how to fix it."""


class AscirVerifyError(AscirError, ValueError):
    """IR (or a graph built in Python) violates an ASCIR invariant."""


class AscirArgumentError(AscirError, ValueError):
    """An argument value the caller passed is out of range or not allowed (a core count
    above the platform's, a number written with non-ASCII digits, an unknown option value)."""


class AscirTypeError(AscirError, TypeError):
    """An argument of the wrong type (a graph name that is not a string, a bool where an
    int is needed)."""


class InternalCompilerError(Exception):
    """A bug in the compiler, never a fault of the input: an exception that is not an
    :class:`AscirError` escaped a pass (or a driver step). It names where (the pass), the
    node being compiled when it happened (when known) and the original exception, which is
    also its ``__cause__``. Drivers report it as a bug and never as a refusal: ``ascir-opt``
    and ``ascir-run`` exit 2, the torch backend counts it apart from ordinary fallbacks."""

    def __init__(self, where: str, node: str | None, cause: BaseException):
        self.where, self.node, self.cause = where, node, cause
        at = f" at {node}" if node else ""
        super().__init__(f"internal error in {where}{at}: {type(cause).__name__}: {cause}")


RESOURCE_LIMITS = (MemoryError, RecursionError)
"""Exceptions that are a limit reached by the input, not a bug (drivers report them)."""


@contextmanager
def at_node(op: Operation) -> Iterator[None]:
    """Compile ``op`` (an ASCIR node, a VF region...): an unexpected exception raised inside
    remembers the innermost such op, which :func:`internal_errors` names. Free when nothing
    is raised."""
    try:
        yield
    except Exception as e:
        if not isinstance(e, (AscirError, InternalCompilerError)) and not hasattr(e, "_ascir_node"):
            try:
                e._ascir_node = describe_op(op)  # type: ignore[attr-defined]
            except AttributeError:  # an exception type without a __dict__
                pass
        raise


def describe_op(op: Operation) -> str:
    """``file:line:col: ascir.add %name`` (what is known of it)."""
    describe = getattr(op, "describe", None)
    what = describe() if callable(describe) else op.name
    where = format_location(op)
    return what if where.startswith("<") else f"{where}: {what}"


@contextmanager
def internal_errors(where: str) -> Iterator[None]:
    """Run a compiler step: every exception but a user error (:class:`AscirError`, an xDSL
    parse error), a resource limit or an :class:`InternalCompilerError` already raised
    inside becomes an :class:`InternalCompilerError` naming ``where`` and the node of
    :func:`at_node`."""
    try:
        yield
    except (AscirError, InternalCompilerError, ParseError, *RESOURCE_LIMITS):
        raise
    except Exception as e:
        raise InternalCompilerError(where, getattr(e, "_ascir_node", None), e) from e


class _LineIndex(threading.local):
    """Line numbers of positions in the text being parsed, counted incrementally: the
    parser moves forward, so each node costs the newlines since the previous one (xDSL's
    ``Span.get_location`` counts from the start of the file: quadratic for big graphs).
    One per thread: threads may parse at once."""

    def __init__(self) -> None:
        self.input: object = None
        self.pos = 0
        self.line = 1
        self.line_start = 0

    def locate(self, source: object, text: str, pos: int) -> tuple[int, int]:
        if source is not self.input or pos < self.pos:
            self.input, self.pos, self.line, self.line_start = source, 0, 1, 0
        newlines = text.count("\n", self.pos, pos)
        if newlines:
            self.line += newlines
            self.line_start = text.rfind("\n", 0, pos) + 1
        self.pos = pos
        return self.line, pos - self.line_start + 1


_LINES = _LineIndex()


def location_here(parser: Parser) -> FileLineColLoc:
    """The parser's current position as an MLIR file:line:col location."""
    source = parser.lexer.input
    line, col = _LINES.locate(source, source.content, parser.pos)
    return FileLineColLoc(StringAttr(source.name), IntAttr(line), IntAttr(col))


MAX_LITERAL_DIGITS = 100
"""Longest decimal integer literal in IR text (same bound as ``ascir_dialect.numbers``:
far beyond 64 bits, far below Python's int-conversion limit of 4300 digits)."""


class AsciiNumberLexer(MLIRLexer):
    """xDSL's MLIR lexer, except that numbers are ASCII digits only. xDSL starts a number
    on any character for which ``str.isnumeric()`` holds ('\\uff11', '\\u0663', even '\\u00bd')
    and converts it with ``int()``, which reads Unicode digits as numbers; and an integer
    literal of thousands of digits fails inside ``int()`` without a location."""

    def _lex_number(self, start_pos: Position) -> MLIRToken:
        first = self.input.at(self.pos - 1)
        if first is not None and first not in "0123456789":
            name = unicodedata.name(first, "unnamed character")
            raise ParseError(
                Span(start_pos, self.pos, self.input),
                f"{first!r} (U+{ord(first):04X} {name}) is not an ASCII digit; numbers in IR text are "
                "written with the digits 0-9",
            )
        token = super()._lex_number(start_pos)
        digits = len(token.text)
        if (
            token.kind == MLIRTokenKind.INTEGER_LIT
            and not token.text.startswith("0x")
            and digits > MAX_LITERAL_DIGITS
        ):
            raise ParseError(
                token.span,
                f"an integer literal of {digits} digits is out of range (IR integers are at most 64-bit)",
            )
        return token


class AscirParser(Parser):
    """xDSL's parser, giving every parsed op a location: ops in generic form and ops of
    other dialects too, so that their verifier errors are located like ours. Numbers are
    ASCII digits only (:class:`AsciiNumberLexer`); input nested deeper than Python's
    recursion limit is a located error, not a crash."""

    def __init__(self, ctx: Context, input: str | bytes, name: str = "<unknown>") -> None:
        super().__init__(ctx, input, name)
        text = input.decode("utf-8") if isinstance(input, bytes) else input
        self._parser_state = ParserState(AsciiNumberLexer(Input(text, name)))

    def parse_optional_builtin_int_or_float_attr(self) -> IntegerAttr | FloatAttr | None:
        """xDSL stores a signless integer attribute by its bits: ``18446744073709551615 : i64``
        becomes -1 and ``9223372036854775808 : i64`` becomes -2**63. A value is never
        re-interpreted: one outside the signed range of its type is an error."""
        start = self._current_token.span.start
        attr = super().parse_optional_builtin_int_or_float_attr()
        if isinstance(attr, IntegerAttr) and isinstance(attr.type, IntegerType):
            width = attr.type.width.data
            text = self.lexer.input.content[start : self._current_token.span.start]
            written = text.split(":", 1)[0].strip()
            if width > 1 and re.fullmatch(r"-?[0-9]+", written, re.ASCII):
                value = int(written)
                if value != attr.value.data:
                    low, high = -(2 ** (width - 1)), 2 ** (width - 1) - 1
                    self.raise_error(
                        f"integer {value} does not fit {attr.type} [{low}, {high}] (it would be read as "
                        f"{attr.value.data})",
                        start,
                        start + len(written),
                    )
        return attr

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        try:
            return super().parse_module(allow_implicit_module)
        except RecursionError:
            pos = self.pos
            raise ParseError(
                Span(pos, pos + 1, self.lexer.input),
                "the input is nested too deeply to parse (Python's recursion limit was reached "
                "here); flatten the nesting",
            ) from None

    def parse_operation(self) -> Operation:
        source = self.lexer.input
        line, col = _LINES.locate(source, source.content, self._current_token.span.start)
        op = super().parse_operation()
        if not isinstance(op.location, FileLineColLoc):
            op.location = FileLineColLoc(StringAttr(source.name), IntAttr(line), IntAttr(col))
        return op


def format_location(op: Operation, line_offset: int = 0) -> str:
    """``file:line:col`` of ``op``; of its closest located ancestor, else of its first
    located descendant (the module itself has no text position)."""
    candidates = [op]
    parent = op.parent_op()
    while parent is not None:
        candidates.append(parent)
        parent = parent.parent_op()
    candidates += [o for o in op.walk() if o is not op]
    for o in candidates:
        loc = o.location
        if isinstance(loc, FileLineColLoc):
            return f"{loc.filename.data}:{loc.line.data + line_offset}:{loc.column.data}"
    return f"<{op.name}>"


def verification_message(err: VerifyException) -> str:
    msg = str(err.args[0]) if err.args else str(err)
    for prefix in ("Operation does not verify: ",):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    return msg


def first_verification_error(
    module: Operation, line_offset: int = 0, only: Iterable[Operation] | None = None
) -> str | None:
    """Verify ``module`` op by op; the first failure as a located diagnostic. ``only``: just
    these ops (each without its nested ops), for a pass that checks what it built."""
    for op in module.walk(region_first=True) if only is None else only:
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            message = verification_message(e)
            # an op's verifier may name a nested op as the one at fault (e.culprit)
            culprit = getattr(e, "culprit", None) or _culprit(op, message)
            return f"{format_location(culprit, line_offset)}: error: {message}"
    return None


_REDEFINED = re.compile(r'Redefinition of symbol "([^"]+)"')


def _culprit(op: Operation, message: str) -> Operation:
    """The op a symbol-table error is about: the second definition of the symbol."""
    if (m := _REDEFINED.search(message)) is not None:
        named = [o for o in op.walk() if getattr(o.properties.get("sym_name"), "data", None) == m.group(1)]
        if len(named) > 1:
            return named[1]
    return op


def verify_module(module: ModuleOp, line_offset: int = 0) -> None:
    """Raise :class:`AscirVerifyError` with a located message if ``module`` is invalid."""
    if (message := first_verification_error(module, line_offset)) is not None:
        raise AscirVerifyError(message)


def format_parse_error(span: Span, message: str, line_offset: int = 0) -> str:
    """MLIR-style ``file:line:col: error: message`` plus the source line and a caret."""
    content = span.input.content
    if isinstance(content, bytes):
        content = content.decode("utf-8", errors="replace")
    loc = span.get_location()
    line_start = content.rfind("\n", 0, span.start) + 1
    line_end = content.find("\n", span.start)
    source = content[line_start : line_end if line_end >= 0 else len(content)]
    width = max(1, min(span.end, line_end if line_end >= 0 else span.end) - span.start)
    caret = " " * (span.start - line_start) + "^" * width
    return f"{loc.file}:{loc.line + line_offset}:{loc.col}: error: {message}\n{source}\n{caret}"


def decode_ir_text(data: bytes, filename: str) -> str:
    """IR text from a file's bytes; invalid UTF-8 is a located error at the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        good = data[: e.start].decode("utf-8")
        line = good.count("\n") + 1
        col = e.start - (good.rfind("\n") + 1) + 1
        raise AscirError(
            f"{filename}:{line}:{col}: error: byte 0x{data[e.start]:02x} is not valid "
            "UTF-8; IR text must be UTF-8 encoded"
        ) from None


def check_string_literals(text: str, filename: str) -> None:
    """Reject an unterminated string literal before the MLIR lexer sees it.

    MLIR string literals end on the line they start. xDSL's string-literal regex
    backtracks exponentially on a long line with an unmatched quote (it would hang), so
    we diagnose the case first, with its location.
    """
    for number, line in enumerate(text.splitlines(), start=1):
        quotes, escaped, start = 0, False, 0
        for col, ch in enumerate(line):
            if escaped:
                escaped = False
            elif ch == "\\" and quotes % 2:
                escaped = True
            elif ch == '"':
                quotes += 1
                if quotes % 2:
                    start = col
            elif quotes % 2 == 0 and line.startswith("//", col):
                break
        if quotes % 2:
            raise AscirError(
                f"{filename}:{number}:{start + 1}: error: unterminated string literal (a string ends "
                f"on the line where it starts)\n{line}\n{' ' * start}^"
            )
