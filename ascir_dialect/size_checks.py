"""The size arithmetic of a graph, checked: what must hold for concrete sizes before any
element is computed (DESIGN: "Host arithmetic on sizes is checked").

For every size, stride, offset, element count, GM extent, Arange base/step/values and
IndexExpr value a graph uses, :func:`graph_checks` lists one check. Two evaluators run
the same list with the same steps (``ascir_dialect.symbolic.fold_expr``), so they refuse
exactly the same sizes with the same message:

* :func:`check_graph_sizes` -- Python ints, for the reference interpreter;
* ``lowering.size_checks`` -- checked int64 ops in ``AutofuseTiling`` (host tiling), whose
  failure codes carry the message to the runtime.

A check fails when a step divides by zero or leaves int64, or when a repeat or axis size
is below 1 or a stride below 0 (the verifier's rules, applied to the run-time values).
Messages name the expression, its use and the sizes, e.g. "size expression
's0 mod (s1 - s0)' of the load offset of %l0 divides by zero with s0=4, s1=4".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from ascir_dialect.attributes import TensorType
from ascir_dialect.diagnostics import AscirError
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops.memory import LoadOp, OffsetNode, OutputOp, StoreOp
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp, WorkspaceOp
from ascir_dialect.symbolic import (
    INT64_MAX,
    INT64_MIN,
    ExprArithmeticError,
    SizeExpr,
    bindings_text,
    trap_text,
)


class SizeArithmeticError(AscirError):
    """The graph's size arithmetic fails for these sizes (see the module doc)."""


@dataclass(frozen=True)
class ExprCheck:
    """``expr`` evaluates in int64 and, when ``minimum`` is set, to at least ``minimum``."""

    expr: SizeExpr
    what: str
    minimum: int | None = None


@dataclass(frozen=True)
class SpanCheck:
    """``(start + sum((repeat - 1) * stride) + plus) * nbytes`` in int64 -- or, with
    ``step``, ``start + step * sum((repeat - 1) * stride)`` (an Arange's last value) --
    each step checked in this order (the sum axis by axis). Every offset a kernel
    computes from the view lies between ``start`` and this bound."""

    what: str
    formula: str
    start: SizeExpr
    dims: tuple[tuple[SizeExpr, SizeExpr], ...]
    plus: int = 0
    nbytes: int = 1
    step: SizeExpr | None = None
    bounds: tuple[int, int] | None = None
    """With ``step``: the first and the last value must lie in these bounds (a range-checked
    Arange's dtype), not only in int64."""

    @property
    def exprs(self) -> list[SizeExpr]:
        out = [self.start, *(e for d in self.dims for e in d)]
        return out + ([self.step] if self.step is not None else [])


Check = ExprCheck | SpanCheck


# --------------------------------------------------------------------- messages


def below_message(expr: str, what: str, minimum: int, sizes: str) -> str:
    rule = "every repeat and axis size must be >= 1" if minimum == 1 else "strides must be >= 0"
    return f"size expression '{expr}' of {what} is below {minimum} with {sizes} ({rule})"


def trap_message(expr: str, what: str, kind: str, sizes: str) -> str:
    return f"size expression '{expr}' of {what} {trap_text(kind)} with {sizes}"


def span_message(what: str, formula: str, sizes: str, bounds: tuple[int, int] | None = None) -> str:
    if bounds is not None:
        return f"{what} ({formula}) leave [{bounds[0]}, {bounds[1]}] with {sizes}"
    return f"{what} ({formula}) overflows int64 with {sizes}"


# ----------------------------------------------------------------- the checks


def _node(n: AscirNode) -> str:
    return f"%{n.node_name}"


def node_checks(n: AscirNode) -> Iterator[Check]:
    """The checks of one node, in evaluation order."""
    name = _node(n)
    if isinstance(n, OffsetNode):
        kind = "load" if isinstance(n, LoadOp) else "store" if isinstance(n, StoreOp) else "GM"
        yield ExprCheck(n.offset.data, f"the {kind} offset of {name}")
    if isinstance(n, ArangeOp):
        yield ExprCheck(n.base.data, f"the Arange base of {name}")
        yield ExprCheck(n.step.data, f"the Arange step of {name}")
    if isinstance(n, IndexExprOp):
        yield ExprCheck(n.expr.data, f"the value of IndexExpr {name}")
    t = n.out_type
    if not isinstance(t, TensorType):
        return
    for k, r in enumerate(t.repeats):
        yield ExprCheck(r, f"repeat {k} of {name}", 1)
    for k, s in enumerate(t.strides):
        yield ExprCheck(s, f"stride {k} of {name}", 0)
    for k, s in enumerate(t.vectorized_strides):
        yield ExprCheck(s, f"vectorized stride {k} of {name}", 0)
    yield ExprCheck(t.numel(), f"the element count of {name}")
    dims = tuple(zip(t.repeats, t.strides, strict=True))
    if isinstance(n, (OffsetNode, DataOp, OutputOp, WorkspaceOp)):
        start = n.offset.data if isinstance(n, OffsetNode) else SizeExpr(0)
        offset = "offset + " if isinstance(n, OffsetNode) else ""
        yield SpanCheck(
            f"the GM extent of {name}",
            f"({offset}sum((repeat - 1) * stride) + 1) * {t.dtype.nbytes} bytes",
            start,
            dims,
            plus=1,
            nbytes=t.dtype.nbytes,
        )
    if isinstance(n, ArangeOp):
        bounded = n.range_checked is not None
        narrowed = f", computed in {t.dtype} (narrow-index-compares)," if bounded else ""
        yield SpanCheck(
            f"the values of Arange {name}{narrowed}",
            "base + step * sum((repeat - 1) * stride)",
            n.base.data,
            dims,
            step=n.step.data,
            bounds=t.dtype.int_range if bounded else None,
        )


def graph_checks(graph: GraphOp) -> list[Check]:
    """Every check of the graph: axis sizes, then node by node in program order. An
    expression checked once (with the same minimum) is not listed again."""
    out: list[Check] = []
    seen: set[object] = set()
    for axis in graph.axis_list:
        out.append(ExprCheck(axis.size_expr, f"the size of axis {axis.name_str}", 1))
    for n in graph.nodes():
        out.extend(node_checks(n))
    unique = []
    for c in out:
        key: object = (
            (c.expr, c.minimum) if isinstance(c, ExprCheck) else (c.formula, c.start, c.dims, c.step, c.bounds)
        )
        if isinstance(c, ExprCheck) and c.expr.is_constant and c.minimum is None:
            key = ("constant", c.expr)
        if key not in seen:
            seen.add(key)
            unique.append(c)
    return unique


# ---------------------------------------------------------- Python evaluation


def _fit(v: int) -> bool:
    return INT64_MIN <= v <= INT64_MAX


def span_steps(c: SpanCheck, value: Callable[[SizeExpr], int]) -> Iterator[int]:
    """The intermediate values of ``c`` in order (each must fit int64)."""
    acc = 0
    for r, s in c.dims:
        term = (value(r) - 1) * value(s)
        yield term
        acc += term
        yield acc
    if c.step is not None:
        acc *= value(c.step)
        yield acc
        yield value(c.start) + acc
        return
    acc = value(c.start) + acc
    yield acc
    acc += c.plus
    yield acc
    yield acc * c.nbytes


def check_graph_sizes(graph: GraphOp, sizes: Mapping[str, int]) -> None:
    """Run :func:`graph_checks` on concrete sizes; :class:`SizeArithmeticError` on the first
    failure, with the message host tiling gives for it."""
    for c in graph_checks(graph):
        check_one(c, sizes)


def check_one(c: Check, sizes: Mapping[str, int]) -> None:
    def value(e: SizeExpr) -> int:
        try:
            return e.evaluate(sizes)
        except ExprArithmeticError as err:
            what = c.what if isinstance(c, ExprCheck) else f"{c.what}: {c.formula}"
            raise SizeArithmeticError(
                trap_message(err.expr, what, err.kind, bindings_text(err.bindings))
            ) from None

    if isinstance(c, ExprCheck):
        v = value(c.expr)
        if c.minimum is not None and v < c.minimum:
            used = {k: sizes[k] for k in c.expr.free_names}
            raise SizeArithmeticError(below_message(str(c.expr), c.what, c.minimum, bindings_text(used)))
        return
    names = sorted({k for e in c.exprs for k in e.free_names})
    last = None
    for v in span_steps(c, value):
        if not _fit(v):
            used = {k: sizes[k] for k in names}
            raise SizeArithmeticError(span_message(c.what, c.formula, bindings_text(used)))
        last = v
    if c.bounds is not None:
        lo, hi = c.bounds
        if not (lo <= value(c.start) <= hi and last is not None and lo <= last <= hi):
            used = {k: sizes[k] for k in names}
            raise SizeArithmeticError(span_message(c.what, c.formula, bindings_text(used), c.bounds))


__all__ = [
    "Check",
    "ExprCheck",
    "SizeArithmeticError",
    "SpanCheck",
    "below_message",
    "check_graph_sizes",
    "graph_checks",
    "node_checks",
    "span_message",
    "trap_message",
]
