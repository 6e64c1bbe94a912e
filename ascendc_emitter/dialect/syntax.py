"""Custom directives of the ``ascendc`` dialect's assembly formats.

The ops declare ``assembly_format`` strings (xDSL's declarative format, as MLIR's ODS);
these directives print the pieces that read closer to the C++ than the builtin syntax:

* ``custom<Name>($p)``         a name property as a bare identifier (a string literal when
  it is not one): ``ascendc.tiling_get %t[n]``
* ``custom<NameList>($p)``     a list of names: ``ascendc.kernel @k(x, y, workspace)``
* ``custom<Int>($p)``          an integer property as a plain number
* ``custom<Routes>($a, $o)``   the launch routes of a stage kernel: ``(x, workspace + off)``
* ``custom<SameTypes2/3>(type($a), ...)`` one type when the operands share it (the common
  case, ``: !ascendc.local<f32>``), else all of them in parentheses.
"""

from __future__ import annotations

from abc import abstractmethod

from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer


def _done(state: PrintingState) -> None:
    state.should_emit_space = True
    state.last_was_punctuation = False


def parse_names(parser: Parser) -> list[str]:
    return parser.parse_comma_separated_list(
        Parser.Delimiter.PAREN, lambda: parser.parse_identifier_or_str_literal(" (a name)")
    )


def print_names(printer: Printer, names: list[str]) -> None:
    with printer.in_parens():
        printer.print_list(names, printer.print_identifier_or_string_literal)


class _Optional(CustomDirective):
    """A directive over one optional property: it may anchor an optional group."""

    @abstractmethod
    def _variable(self) -> AttributeVariable:
        """The optional property this directive prints and parses."""

    def is_present(self, op: IRDLOperation) -> bool:
        return self._variable().get(op) is not None

    def is_anchorable(self) -> bool:
        return True

    def set_empty(self, state: ParsingState) -> None:
        pass


@irdl_custom_directive
class Name(_Optional):
    value: AttributeVariable

    def _variable(self) -> AttributeVariable:
        return self.value

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.value.set(state, StringAttr(parser.parse_identifier_or_str_literal(" (a name)")))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        attr = self.value.get(op)
        assert isinstance(attr, StringAttr)
        printer.print_identifier_or_string_literal(attr.data)
        _done(state)


@irdl_custom_directive
class NameList(_Optional):
    value: AttributeVariable

    def _variable(self) -> AttributeVariable:
        return self.value

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.value.set(state, ArrayAttr([StringAttr(n) for n in parse_names(parser)]))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        # tight, as a call: `@f(x, y)`, `ascendc.host_tiling(s0)`
        attr = self.value.get(op)
        assert isinstance(attr, ArrayAttr)
        print_names(printer, [n.data for n in attr.data])  # type: ignore[attr-defined]
        _done(state)


@irdl_custom_directive
class Int(_Optional):
    value: AttributeVariable

    def _variable(self) -> AttributeVariable:
        return self.value

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.value.set(state, IntAttr(parser.parse_integer(allow_boolean=False)))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        attr = self.value.get(op)
        assert isinstance(attr, IntAttr)
        printer.print_string(str(attr.data))
        _done(state)


@irdl_custom_directive
class Routes(_Optional):
    """``(param (+ offset_field)?, ...)``: per GM argument of a stage kernel, the
    ``AutofuseLaunch`` parameter it receives and the tiling field added to it."""

    args: AttributeVariable
    offsets: AttributeVariable

    def _variable(self) -> AttributeVariable:
        return self.args

    def parse(self, parser: Parser, state: ParsingState) -> None:
        def route() -> tuple[str, str]:
            arg = parser.parse_identifier_or_str_literal(" (a launch parameter)")
            offset = ""
            if parser.parse_optional_punctuation("+") is not None:
                offset = parser.parse_identifier_or_str_literal(" (a tiling field)")
            return arg, offset

        routes = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, route)
        self.args.set(state, ArrayAttr([StringAttr(a) for a, _ in routes]))
        self.offsets.set(state, ArrayAttr([StringAttr(o) for _, o in routes]))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        # tight, as a call: `routes(x, workspace + off)`
        args, offsets = self.args.get(op), self.offsets.get(op)
        assert isinstance(args, ArrayAttr) and isinstance(offsets, ArrayAttr)

        def route(pair: tuple[Attribute, Attribute]) -> None:
            arg, offset = pair
            assert isinstance(arg, StringAttr) and isinstance(offset, StringAttr)
            printer.print_identifier_or_string_literal(arg.data)
            if offset.data:
                printer.print_string(" + ")
                printer.print_identifier_or_string_literal(offset.data)

        with printer.in_parens():
            printer.print_list(list(zip(args.data, offsets.data, strict=False)), route)
        _done(state)


class _SameTypes(CustomDirective):
    @abstractmethod
    def _directives(self) -> list[TypeDirective]:
        """The type directives that must all be the same type."""

    def parse(self, parser: Parser, state: ParsingState) -> None:
        directives = self._directives()
        if parser.parse_optional_punctuation("(") is not None:
            pos = parser.pos
            types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
            parser.parse_punctuation(")")
            if len(types) != len(directives):
                parser.raise_error(f"expected {len(directives)} types, got {len(types)}", pos, parser.pos)
        else:
            types = [parser.parse_type()] * len(directives)
        for directive, t in zip(directives, types, strict=True):
            directive.set(state, [t])

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        types = [t for d in self._directives() for t in d.get(op)]
        if all(t == types[0] for t in types):
            printer.print_attribute(types[0])
        else:
            with printer.in_parens():
                printer.print_list(types, printer.print_attribute)
        _done(state)


@irdl_custom_directive
class SameTypes2(_SameTypes):
    first: TypeDirective
    second: TypeDirective

    def _directives(self) -> list[TypeDirective]:
        return [self.first, self.second]


@irdl_custom_directive
class SameTypes3(_SameTypes):
    first: TypeDirective
    second: TypeDirective
    third: TypeDirective

    def _directives(self) -> list[TypeDirective]:
        return [self.first, self.second, self.third]


DIRECTIVES = (Name, NameList, Int, Routes, SameTypes2, SameTypes3)
