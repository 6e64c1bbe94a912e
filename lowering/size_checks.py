"""Host tiling's half of ``ascir_dialect.size_checks``: the graph's checks as checked int64
ops and ``fail_if``s in ``AutofuseTiling``, with the messages the reference gives."""

from __future__ import annotations

from ascendc_emitter.builder import HostBuilder, message_text
from ascir_dialect.ops import GraphOp
from ascir_dialect.size_checks import (
    Check,
    ExprCheck,
    SpanCheck,
    below_message,
    graph_checks,
    span_message,
)
from lowering.exprs import ExprLowering


def lower_checks(h: HostBuilder, sym: ExprLowering, checks: list[Check]) -> None:
    """Evaluate every check on the host, in order (after the size variables' own checks)."""
    for c in checks:
        if isinstance(c, ExprCheck):
            v = sym(c.expr, what=c.what)
            if c.minimum is None or c.expr.is_constant:
                continue  # constants: the verifier checked their sign
            if c.minimum <= 1 and c.expr.provably_at_least(max(c.minimum, 0)):
                continue  # true for any sizes >= 1 (e.g. a size variable, s0 * s1, s0 + 1)
            reason = below_message(
                message_text(str(c.expr)), message_text(c.what), c.minimum, h.sizes_text(c.expr.free_names)
            )
            h.fail_with(h.cmp("slt", v, c.minimum), reason)
        else:
            _span(h, sym, c)


def _span(h: HostBuilder, sym: ExprLowering, c: SpanCheck) -> None:
    dims = [(sym(r), sym(s)) for r, s in c.dims]  # checked already (ExprChecks come first)
    start = sym(c.start)
    step = sym(c.step) if c.step is not None else None
    names = sorted({n for e in c.exprs for n in e.free_names})
    reason = span_message(message_text(c.what), message_text(c.formula), h.sizes_text(names))
    with h.checking(lambda _kind: reason):
        acc = h.v(0)
        for r, s in dims:
            acc = h.add(acc, h.mul(h.sub(r, 1), s))
        if step is not None:
            last = h.add(start, h.mul(acc, step))
            if c.bounds is not None:
                lo, hi = c.bounds
                outside = h.cmp("slt", start, lo)
                for cond in (h.cmp("sgt", start, hi), h.cmp("slt", last, lo), h.cmp("sgt", last, hi)):
                    outside = h.select(outside, outside, cond)  # or
                bounded = span_message(message_text(c.what), message_text(c.formula), h.sizes_text(names), c.bounds)
                h.fail_with(outside, bounded)
            return
        h.mul(h.add(h.add(start, acc), c.plus), c.nbytes)


def lower_graph_checks(h: HostBuilder, sym: ExprLowering, graph: GraphOp) -> None:
    lower_checks(h, sym, graph_checks(graph))


__all__ = ["lower_checks", "lower_graph_checks"]
