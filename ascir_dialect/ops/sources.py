"""Nodes without tensor inputs: GM inputs, workspaces, scalars, IndexExpr and Arange."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import IntegerAttr, StringAttr, UnitAttr
from xdsl.irdl import irdl_op_definition, opt_operand_def, opt_prop_def, prop_def, result_def

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import ExprAttr, ScalarType, TensorType
from ascir_dialect.numbers import (
    MAX_INT_DIGITS,
    describe_non_ascii_digit,
    is_float_literal,
    parse_float_literal,
    strip_literal,
)
from ascir_dialect.ops.node import AscirNode
from ascir_dialect.symbolic import SizeExpr


class IndexedNode(AscirNode):
    """A node with an ``index`` attribute (position among inputs/outputs)."""

    index = prop_def(IntegerAttr)

    @property
    def index_value(self) -> int:
        return self.index.value.data

    def check_index(self) -> None:
        if self.index_value < 0:
            raise self.fail(f"index must be >= 0, got {self.index_value}")


@irdl_op_definition
class DataOp(IndexedNode):
    """A GM input tensor (seed ``Data``). Its view describes the input buffer."""

    name = "ascir.data"
    PY_NAME: ClassVar[str] = "Data"
    y = result_def(TensorType)

    def verify_node(self) -> None:
        self.check_index()
        t = self.result_tensor()
        if t.broadcast_axes():
            raise self.fail("a GM input view cannot have stride 0 on an axis of size != 1")
        for use in self.y.uses:
            if not (isinstance(use.operation, AscirNode) and use.operation.name == "ascir.load"):
                raise self.fail(
                    f"GM data is read only through ascir.load, but it is used by {use.operation.name}"
                )

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        return rt.input_buffer(self)


@irdl_op_definition
class ScalarDataOp(IndexedNode):
    """A scalar input passed at run time (seed ``ScalarData``)."""

    name = "ascir.scalar_data"
    PY_NAME: ClassVar[str] = "ScalarData"
    y = result_def(ScalarType)

    def verify_node(self) -> None:
        self.check_index()
        self.check_dtype(self.out_type.dtype, dt.NUMERIC, "ScalarData")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        return rt.input_scalar(self)


# re.ASCII: ``\d`` would match every Unicode digit, and ``int()`` reads them
_INT_RE = re.compile(r"[+-]?\d+\Z", re.ASCII)


def _check_ascii_number(op: AscirNode, text: str) -> None:
    if (bad := describe_non_ascii_digit(text)) is not None:
        raise op.fail(f"value '{text}' holds the non-ASCII digit {bad}; write numbers with the digits 0-9")


def check_literal(op: AscirNode, dtype: dt.DType, value: str) -> None:
    """``value`` is a decimal literal of ``dtype`` (Scalar values, Pad values).

    Integers must fit their dtype (an integer is never wrapped: which value was meant is
    unknown). A float literal has a value whatever its magnitude, torch's: it rounds to the
    dtype, to +-inf beyond its range (``"70000"`` in float16, ``"1e999"`` anywhere), so it
    is accepted here; :func:`literal_value` gives that rounded value to every consumer."""
    text = strip_literal(value)
    _check_ascii_number(op, text)
    if dtype.is_float:
        if not is_float_literal(text):
            raise op.fail(
                f"value '{text}' is not a decimal floating-point literal (digits with an optional "
                "point and exponent, or inf, -inf, nan)"
            )
    elif dtype is dt.DType.bool:
        if text not in ("0", "1", "true", "false"):
            raise op.fail(f"bool value must be 0, 1, true or false, got '{text}'")
    else:
        if not _INT_RE.match(text):
            raise op.fail(f"value '{text}' is not an integer literal for dtype {dtype}")
        lo, hi = dtype.int_range
        if len(text.lstrip("+-")) > MAX_INT_DIGITS:  # int() would refuse it (max_str_digits)
            raise op.fail(f"value of {len(text.lstrip('+-'))} digits does not fit {dtype} [{lo}, {hi}]")
        if not lo <= int(text) <= hi:
            raise op.fail(f"value {text} does not fit {dtype} [{lo}, {hi}]")


def literal_value(dtype: dt.DType, value: str) -> int | float | bool:
    """The Python value of a literal :func:`check_literal` accepted; a float is already
    rounded to ``dtype`` (exactly representable in it, inf when out of its range), so the
    reference, the kernel's constants and the IR all hold the same number."""
    text = strip_literal(value)
    if dtype.is_float:
        return parse_float_literal(text, dtype.value)
    if dtype is dt.DType.bool:
        return text in ("1", "true")
    return int(text)


@irdl_op_definition
class ScalarOp(AscirNode):
    """A compile-time constant (seed ``Scalar``); ``value`` is its decimal text."""

    name = "ascir.scalar"
    PY_NAME: ClassVar[str] = "Scalar"
    value = prop_def(StringAttr)
    y = result_def(ScalarType)

    def verify_node(self) -> None:
        check_literal(self, self.out_type.dtype, self.value.data)

    def python_value(self) -> int | float | bool:
        return literal_value(self.out_type.dtype, self.value.data)

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        return self.out_type.dtype.numpy.type(self.python_value())


@irdl_op_definition
class IndexExprOp(AscirNode):
    """A symbolic integer scalar ``expr`` (seed 000 FR1): int32/int64 only."""

    name = "ascir.index_expr"
    PY_NAME: ClassVar[str] = "IndexExpr"
    expr = prop_def(ExprAttr)
    y = result_def(ScalarType)

    def verify_node(self) -> None:
        self.check_dtype(self.out_type.dtype, dt.INDEX, "IndexExpr output")

    def expressions(self) -> list[SizeExpr]:
        return [self.expr.data]

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        return rt.wrap_int(rt.eval(self.expr.data), self.out_type.dtype)


@irdl_op_definition
class ArangeOp(AscirNode):
    """Arithmetic sequence ``base + k*step`` along the logical strides (FR5, v2).

    Value at coordinate ``(i0, .., in)`` is ``base + step * sum(ik * stride_k)``.
    In a HintGraph any non-degenerate axis with stride 0 is rejected, wherever it is
    (position-independent rule, AL-6).
    """

    name = "ascir.arange"
    PY_NAME: ClassVar[str] = "Arange"
    base = prop_def(ExprAttr)
    step = prop_def(ExprAttr)
    range_checked = opt_prop_def(UnitAttr)
    """Every value must fit the dtype: checked on the host before the kernel runs
    (``size_checks``), set where a pass narrowed an int64 Arange (``narrow-index-compares``).
    Without it the values wrap to the dtype, as the reference computes them."""
    y = result_def(TensorType)

    HINT: ClassVar[str] = "use 1D Arange followed by explicit Broadcast"

    def verify_node(self) -> None:
        t = self.result_tensor()
        self.check_dtype(t.dtype, dt.INDEX, "Arange output")
        graph = self.graph
        if graph is not None and graph.is_hint and (bad := t.broadcast_axes()):
            axis = t.axis[bad[0]]
            raise self.fail(
                f"axis '{axis}' has stride 0 but size {t.repeats[bad[0]]} (a broadcast-baked "
                f"Arange view); {self.HINT}"
            )

    def expressions(self) -> list[SizeExpr]:
        return [*super().expressions(), self.base.data, self.step.data]

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        t = self.result_tensor()
        linear = rt.linear_index(t.repeats, t.strides)
        values = rt.eval(self.base.data) + rt.eval(self.step.data) * linear
        return rt.wrap_int(values, t.dtype)


@irdl_op_definition
class WorkspaceOp(IndexedNode):
    DTYPE_OPERAND: ClassVar[int | None] = 0

    """A GM scratch tensor: optionally written by a Store, read back by Loads."""

    name = "ascir.workspace"
    PY_NAME: ClassVar[str] = "Workspace"
    x = opt_operand_def(TensorType)
    y = result_def(TensorType)

    def verify_node(self) -> None:
        self.check_index()
        if self.x is not None and getattr(self.x.owner, "name", "") != "ascir.store":
            raise self.fail("a workspace is written only by an ascir.store")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        buf = rt.new_buffer(self)
        for write in args:
            rt.apply_write(self, buf, write)
        return buf
