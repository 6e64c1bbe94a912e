"""Attributes and types of the ``ascir`` dialect (DESIGN "IR model", seed 000 DS-1).

* ``#ascir.expr<s0 * s1>``  a symbolic size expression (:class:`ExprAttr`)
* ``#ascir.dtype<float32>`` an element type (:class:`DTypeAttr`)
* ``#ascir.axis<3: z0z1 = s0 * s1 merged(z0, z1)>`` a graph loop axis (:class:`AxisAttr`)
* ``!ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>`` a tensor value: dtype and
  logical view ``axis`` / ``repeats`` / ``strides``; after scheduling optionally
  ``, vectorized [z1], [1]`` (the physical UB layout, kept separate from the logical
  view as DS-1 requires)
* ``!ascir.scalar<int64>`` a scalar-like value (Scalar, ScalarData, IndexExpr): dtype only
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import TypeVar

from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr
from xdsl.ir import Data, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ascir_dialect.dtypes import DType
from ascir_dialect.symbolic import NAME_RE, ExprGrammar, SizeExpr, expr

MAX_VECTORIZED_AXES = 4
"""A VF loop nest has at most this many vectorized axes (seed 000 AL-5); vf-partition checks it."""
_A = TypeVar("_A")


# ----------------------------------------------------------------- expression tokens


class XdslTokens:
    """Adapter feeding xDSL's MLIR lexer to the restricted :class:`ExprGrammar`."""

    def __init__(self, parser: AttrParser):
        self.p = parser

    def punct(self, p: str) -> bool:
        if p.isalpha():
            return self.p.parse_optional_keyword(p) is not None
        return self.p.parse_optional_punctuation(p) is not None  # type: ignore[arg-type]

    def integer(self) -> int | None:
        return self.p.parse_optional_integer(allow_boolean=False, allow_negative=False)

    def name(self) -> str | None:
        return self.p.parse_optional_identifier()

    def error(self, message: str) -> None:
        self.p.raise_error(message)


def parse_size_expr(parser: AttrParser) -> SizeExpr:
    """Parse a size expression at the parser's position (restricted grammar only)."""
    return ExprGrammar(XdslTokens(parser)).parse()


def parse_name(parser: AttrParser, what: str) -> str:
    name = parser.parse_optional_identifier()
    if name is None or not NAME_RE.match(name):
        parser.raise_error(f"expected {what} name (letters, digits, '_')")
    return name  # type: ignore[return-value]


def parse_name_list(parser: AttrParser, what: str) -> list[str]:
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parse_name(parser, what))


def parse_expr_list(parser: AttrParser) -> list[SizeExpr]:
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parse_size_expr(parser))


def print_names(printer: Printer, names: Sequence[str]) -> None:
    printer.print_string("[" + ", ".join(names) + "]")


def print_exprs(printer: Printer, exprs: Sequence[SizeExpr]) -> None:
    printer.print_string("[" + ", ".join(str(e) for e in exprs) + "]")


def verified(parser: AttrParser, start: int, build: Callable[[], _A]) -> _A:
    """Build an attribute; report its verifier's error at its source location."""
    try:
        return build()
    except VerifyException as e:
        parser.raise_error(str(e), start, parser.pos)
        raise


# ------------------------------------------------------------------------ attributes


@irdl_attr_definition
class ExprAttr(Data[SizeExpr]):
    """A symbolic size expression: ``#ascir.expr<s0 * s1 + 1>``."""

    name = "ascir.expr"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> SizeExpr:
        with parser.in_angle_brackets():
            return parse_size_expr(parser)

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string(f"<{self.data}>")

    @staticmethod
    def of(value: SizeExpr | int | str) -> ExprAttr:
        return ExprAttr(expr(value))


@irdl_attr_definition
class DTypeAttr(Data[DType]):
    """An element type: ``#ascir.dtype<float16>``."""

    name = "ascir.dtype"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> DType:
        with parser.in_angle_brackets():
            return parse_dtype(parser)

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string(f"<{self.data.value}>")


def parse_dtype(parser: AttrParser) -> DType:
    pos = parser.pos
    name = parser.parse_optional_identifier()
    if name is None:
        parser.raise_error("expected a dtype name such as float32 or int64")
    try:
        return DType.parse(name)  # type: ignore[arg-type]
    except ValueError as e:
        parser.raise_error(str(e), pos, parser.pos)
        raise


class AxisKind(Enum):
    """Where a loop axis comes from (DESIGN "IR model": axes)."""

    original = "original"
    merged = "merged"
    block_outer = "block_outer"
    block_inner = "block_inner"
    tile_outer = "tile_outer"
    tile_inner = "tile_inner"


@irdl_attr_definition
class AxisAttr(ParametrizedAttribute):
    """A loop axis of a graph: id, name, size, kind and the axes it comes from.

    Text: ``#ascir.axis<0: z0 = s0>`` or ``#ascir.axis<2: z0z1 = s0 * s1 merged(z0, z1)>``.
    """

    name = "ascir.axis"

    id: IntAttr
    axis_name: StringAttr
    size: ExprAttr
    kind: StringAttr
    origin: ArrayAttr[StringAttr]

    @staticmethod
    def make(
        id: int,
        name: str,
        size: SizeExpr | int | str,
        kind: AxisKind = AxisKind.original,
        origin: Sequence[str] = (),
    ) -> AxisAttr:
        return AxisAttr(
            IntAttr(id),
            StringAttr(name),
            ExprAttr.of(size),
            StringAttr(kind.value),
            ArrayAttr([StringAttr(o) for o in origin]),
        )

    @property
    def name_str(self) -> str:
        return self.axis_name.data

    @property
    def size_expr(self) -> SizeExpr:
        return self.size.data

    @property
    def origin_names(self) -> list[str]:
        return [o.data for o in self.origin.data]

    @classmethod
    def parse_body(cls, parser: AttrParser) -> AxisAttr:
        start = parser.pos
        ident = parser.parse_integer(allow_boolean=False, allow_negative=False)
        parser.parse_punctuation(":")
        name = parse_name(parser, "axis")
        parser.parse_punctuation("=")
        size = parse_size_expr(parser)
        kind, origin = AxisKind.original, []
        pos = parser.pos
        if (k := parser.parse_optional_identifier()) is not None:
            try:
                kind = AxisKind(k)
            except ValueError:
                parser.raise_error(
                    f"unknown axis kind '{k}' (expected one of {', '.join(x.value for x in AxisKind)})",
                    pos,
                    parser.pos,
                )
            origin = parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, lambda: parse_name(parser, "axis")
            )
        return verified(parser, start, lambda: AxisAttr.make(ident, name, size, kind, origin))

    def print_body(self, printer: Printer) -> None:
        printer.print_string(f"{self.id.data}: {self.name_str} = {self.size_expr}")
        if self.kind.data != AxisKind.original.value:
            printer.print_string(f" {self.kind.data}({', '.join(self.origin_names)})")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[ExprAttr]:
        with parser.in_angle_brackets():
            return cls.parse_body(parser).parameters

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        self.print_body(printer)
        printer.print_string(">")

    def verify(self) -> None:
        if not NAME_RE.match(self.name_str):
            raise VerifyException(f"axis name '{self.name_str}' is not a valid identifier")
        try:
            kind = AxisKind(self.kind.data)
        except ValueError:
            raise VerifyException(f"axis '{self.name_str}' has unknown kind '{self.kind.data}'") from None
        if kind is AxisKind.original and self.origin.data:
            raise VerifyException(
                f"original axis '{self.name_str}' cannot have origin axes; "
                "set a kind such as merged or tile_outer"
            )
        if kind is not AxisKind.original and not self.origin.data:
            raise VerifyException(f"{kind.value} axis '{self.name_str}' must name its origin axes")
        _check_positive_size(self.size_expr, f"axis '{self.name_str}' size")


def _check_positive_size(e: SizeExpr, what: str) -> None:
    if e.is_constant and e.as_int() < 1:
        raise VerifyException(f"{what} must be >= 1, got {e}")


# ----------------------------------------------------------------------------- types

MAX_MEMO_TYPES = 4096
"""Distinct tensor type texts remembered by :meth:`TensorType.parse_parameters`."""
_TENSOR_TYPES: dict[str, Sequence[ParametrizedAttribute]] = {}


def _type_text(parser: AttrParser, start: int) -> str | None:
    """The text ``<...>`` of the type parameters at ``start``, when it can be memoized: on
    one line, without comments or strings (so the first ``>`` closes it). A graph repeats a
    few tensor types on every node; each distinct text is parsed (and verified) once."""
    text = parser.lexer.input.content
    if not text.startswith("<", start):
        return None
    end = text.find(">", start)
    if end < 0:
        return None
    key = text[start : end + 1]
    if "\n" in key or "/" in key or '"' in key or "<" in key[1:]:
        return None
    return key



@irdl_attr_definition
class ScalarType(ParametrizedAttribute, TypeAttribute):
    """A scalar-like value (Scalar, ScalarData, IndexExpr): dtype, no view."""

    name = "ascir.scalar"

    dtype_attr: DTypeAttr

    def __init__(self, dtype: DType):
        super().__init__(DTypeAttr(dtype))

    @property
    def dtype(self) -> DType:
        return self.dtype_attr.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[DTypeAttr]:
        with parser.in_angle_brackets():
            return [DTypeAttr(parse_dtype(parser))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.dtype.value}>")


@irdl_attr_definition
class TensorType(ParametrizedAttribute, TypeAttribute):
    """A tensor value: dtype plus logical view (and, once scheduled, UB layout)."""

    name = "ascir.tensor"

    dtype_attr: DTypeAttr
    axis_attr: ArrayAttr[StringAttr]
    repeats_attr: ArrayAttr[ExprAttr]
    strides_attr: ArrayAttr[ExprAttr]
    vectorized_axis_attr: ArrayAttr[StringAttr]
    vectorized_strides_attr: ArrayAttr[ExprAttr]

    def __init__(
        self,
        dtype: DType,
        axis: Sequence[str],
        repeats: Sequence[SizeExpr | int | str],
        strides: Sequence[SizeExpr | int | str],
        vectorized_axis: Sequence[str] = (),
        vectorized_strides: Sequence[SizeExpr | int | str] = (),
    ):
        super().__init__(
            DTypeAttr(dtype),
            ArrayAttr([StringAttr(a) for a in axis]),
            ArrayAttr([ExprAttr.of(r) for r in repeats]),
            ArrayAttr([ExprAttr.of(s) for s in strides]),
            ArrayAttr([StringAttr(a) for a in vectorized_axis]),
            ArrayAttr([ExprAttr.of(s) for s in vectorized_strides]),
        )

    @property
    def dtype(self) -> DType:
        return self.dtype_attr.data

    @property
    def axis(self) -> list[str]:
        return [a.data for a in self.axis_attr.data]

    @property
    def repeats(self) -> list[SizeExpr]:
        return [r.data for r in self.repeats_attr.data]

    @property
    def strides(self) -> list[SizeExpr]:
        return [s.data for s in self.strides_attr.data]

    @property
    def vectorized_axis(self) -> list[str]:
        return [a.data for a in self.vectorized_axis_attr.data]

    @property
    def vectorized_strides(self) -> list[SizeExpr]:
        return [s.data for s in self.vectorized_strides_attr.data]

    @property
    def rank(self) -> int:
        return len(self.axis_attr.data)

    def with_dtype(self, dtype: DType) -> TensorType:
        return TensorType(
            dtype, self.axis, self.repeats, self.strides, self.vectorized_axis, self.vectorized_strides
        )

    def numel(self, start: int = 0, stop: int | None = None) -> SizeExpr:
        """Elements of the view over axes ``start:stop`` (the product of their repeats)."""
        n = SizeExpr(1)
        for r in self.repeats[start:stop]:
            n = n * r
        return n

    def extent(self, start: int = 0) -> SizeExpr:
        """Elements of the GM span the view's axes ``start:`` address: 1 + sum((r - 1) * s)."""
        e = SizeExpr(1)
        for r, s in zip(self.repeats[start:], self.strides[start:], strict=True):
            e = e + (r - 1) * s
        return e

    def broadcast_axes(self) -> list[int]:
        """Positions of broadcast axes: non-degenerate with stride 0 (AL-6)."""
        return [
            i for i, (r, s) in enumerate(zip(self.repeats, self.strides, strict=True)) if s == 0 and r != 1
        ]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[ParametrizedAttribute]:
        start = parser.pos
        key = _type_text(parser, start)
        if key is not None and (params := _TENSOR_TYPES.get(key)) is not None:
            parser._resume_from(start + len(key))  # the same text parsed before: skip it
            return params
        params = cls._parse_parameters(parser, start)
        if key is not None:
            if len(_TENSOR_TYPES) >= MAX_MEMO_TYPES:
                _TENSOR_TYPES.clear()
            _TENSOR_TYPES[key] = params
        return params

    @classmethod
    def _parse_parameters(cls, parser: AttrParser, start: int) -> Sequence[ParametrizedAttribute]:
        with parser.in_angle_brackets():
            dtype = parse_dtype(parser)
            parser.parse_punctuation(",")
            axis = parse_name_list(parser, "axis")
            parser.parse_punctuation(",")
            repeats = parse_expr_list(parser)
            parser.parse_punctuation(",")
            strides = parse_expr_list(parser)
            vaxis: list[str] = []
            vstrides: list[SizeExpr] = []
            if parser.parse_optional_punctuation(","):
                parser.parse_keyword("vectorized")
                vaxis = parse_name_list(parser, "axis")
                parser.parse_punctuation(",")
                vstrides = parse_expr_list(parser)
        return verified(
            parser, start, lambda: TensorType(dtype, axis, repeats, strides, vaxis, vstrides)
        ).parameters

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.dtype.value}, ")
        print_names(printer, self.axis)
        printer.print_string(", ")
        print_exprs(printer, self.repeats)
        printer.print_string(", ")
        print_exprs(printer, self.strides)
        if self.vectorized_axis_attr.data or self.vectorized_strides_attr.data:
            printer.print_string(", vectorized ")
            print_names(printer, self.vectorized_axis)
            printer.print_string(", ")
            print_exprs(printer, self.vectorized_strides)
        printer.print_string(">")

    def verify(self) -> None:
        n_axis, n_rep, n_str = (len(x.data) for x in (self.axis_attr, self.repeats_attr, self.strides_attr))
        if not n_axis == n_rep == n_str:
            raise VerifyException(
                f"tensor view lists must have equal lengths, got axis={n_axis}, "
                f"repeats={n_rep}, strides={n_str}: give one repeat and one stride per axis"
            )
        if len(set(self.axis)) != n_axis:
            raise VerifyException(f"tensor view repeats an axis: {self.axis}")
        for a, r, s in zip(self.axis, self.repeats, self.strides, strict=True):
            _check_positive_size(r, f"repeat of axis '{a}'")
            if s.is_constant and s.as_int() < 0:
                raise VerifyException(f"stride of axis '{a}' is negative ({s}); strides must be >= 0")
        nv, nvs = len(self.vectorized_axis_attr.data), len(self.vectorized_strides_attr.data)
        if nv != nvs:
            raise VerifyException(
                f"vectorized_axis ({nv}) and vectorized_strides ({nvs}) must have equal lengths"
            )
        for a in self.vectorized_axis:
            if a not in self.axis:
                raise VerifyException(f"vectorized axis '{a}' is not an axis of the tensor view {self.axis}")
