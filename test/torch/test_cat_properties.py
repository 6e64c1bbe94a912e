"""Property test: the cats and slice_scatters users write, through the backend, equal eager.

Hypothesis draws a rank (1-3), sizes, the joined dim, two or three operands each computed
from the inputs by a short elementwise chain (a unary op, a scalar, another input
broadcast in, a dtype change) and a consumer (none, relu, a sum over a dim, a softmax over
the last dim), or a ``slice_scatter`` of one into a fill or into a computed tensor; static
or dynamic shapes. Every
compiled result must equal eager torch (``assert_close``; where they differ, the kernel
must be at least as close to float64 as the accuracy rule asks), with no internal error.
``ASCIR_FUZZ_EXAMPLES`` raises the example count (default 12 in the suite);
``ASCIR_FUZZ_RANDOM=1`` draws fresh examples instead of the suite's fixed ones.
"""

from __future__ import annotations

import os

import pytest

torch = pytest.importorskip("torch")
hypothesis = pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pyautofuse.torch import ascir_backend, last_report, reset_report  # noqa: E402
from pyautofuse.torch.opinfo_table import within_float64_rule  # noqa: E402

EXAMPLES = int(os.environ.get("ASCIR_FUZZ_EXAMPLES", "12"))
UNARY = {
    "exp": torch.exp,
    "neg": torch.neg,
    "sigmoid": torch.sigmoid,
    "scale": lambda t: t * 0.5 + 1.0,
    "abs": torch.abs,
}
CONSUMERS = {
    "none": lambda t: t,
    "relu": torch.relu,
    "sum0": lambda t: t.sum(0),
    "softmax": lambda t: torch.softmax(t, -1),
}


@st.composite
def cases(draw):  # type: ignore[no-untyped-def]
    rank = draw(st.integers(1, 3))
    shape = [draw(st.integers(1, 9)) for _ in range(rank)]
    dim = draw(st.integers(0, rank - 1))
    pieces = [draw(st.integers(1, 7)) for _ in range(draw(st.integers(2, 3)))]
    chains = [(draw(st.sampled_from(sorted(UNARY))), draw(st.booleans())) for _ in pieces]
    consumer = draw(st.sampled_from(sorted(CONSUMERS)))
    scatter = draw(st.sampled_from(["cat", "scatter_fill", "scatter_base"]))
    half = draw(st.booleans())
    dynamic = draw(st.booleans())
    return rank, shape, dim, pieces, chains, consumer, scatter, half, dynamic


def _run(fn, args, dynamic: bool):
    torch._dynamo.reset()
    reset_report()
    got = torch.compile(fn, backend=ascir_backend, dynamic=dynamic)(*args)
    want = fn(*args)
    report = last_report()
    assert not report.internal_errors and all(r.fused for r in report.regions), report.summary()
    fused = {op for r in report.regions for op in r.ops}
    assert {"aten.cat.default", "aten.slice_scatter.default"} & fused, report.summary()
    assert not {op for (op, _r) in report.fallbacks} & {"aten.cat.default", "aten.slice_scatter.default"}
    try:
        torch.testing.assert_close(got, want)
    except AssertionError:
        truth = fn(*(a.double() for a in args))
        assert within_float64_rule(got, want, truth.to(got.dtype).double() if got.dtype != truth.dtype else truth)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize="ASCIR_FUZZ_RANDOM" not in os.environ,
)
@given(cases())
def test_cats_and_slice_scatters_equal_eager(case) -> None:  # type: ignore[no-untyped-def]
    rank, shape, dim, pieces, chains, consumer, scatter, half, dynamic = case
    gen = torch.Generator().manual_seed(len(shape) * 31 + sum(pieces))
    inputs = []
    for extent in pieces:
        s = list(shape)
        s[dim] = extent
        inputs.append(torch.randn(s, generator=gen))
    other = torch.randn(shape[-1:], generator=gen)  # broadcast into a chain along the last dim

    def fn(*xs):
        outs = []
        for x, (op, bcast) in zip(xs, chains, strict=True):
            y = UNARY[op](x)
            if bcast and (dim != rank - 1):
                y = y + other
            outs.append(y.half().float() if half else y)
        if scatter == "cat":
            joined = torch.cat(outs, dim)
        else:  # the range from the pieces' sizes, as a user slices by shapes
            total = list(xs[0].shape)
            total[dim] = sum(x.shape[dim] for x in xs)
            base = torch.full(total, 2.0) if scatter == "scatter_fill" else torch.cat(outs, dim).neg()
            start = xs[0].shape[dim]
            joined = torch.slice_scatter(base, outs[1], dim, start, start + xs[1].shape[dim])
        return CONSUMERS[consumer](joined)

    _run(fn, inputs, dynamic)
