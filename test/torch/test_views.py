"""Views are indexing, not region boundaries (issue 37, item 1).

A view that moves data if copied -- a reshape that splits or merges dimensions, a
transpose, a partial slice, a select -- of a tensor outside the region is read in place:
the region's Load reads the source's storage through the view's strides and offset (its
FakeTensor's). A non-contiguous graph input is read the same way, not copied. A view of a
value computed in the region cuts it: the next region reads the stored value through the
view. Views no region reads (a matmul's operands) stay torch views in eager, no data moved.
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from pyautofuse.torch import ascir_backend  # noqa: E402

from .conftest import compile_and_compare as run  # noqa: E402


def test_split_heads_transpose_and_rotate_half_of_an_input() -> None:
    """LLaMA's ``view(b, s, h, d).transpose(1, 2)`` and RoPE's halves, on a graph input: one
    region, no op in eager, every view a strided read of the input."""

    def fn(x):
        q = x.view(2, 7, 4, 16).transpose(1, 2)
        x1, x2 = q[..., :8], q[..., 8:]
        return x1 * 2 - x2 * 3

    report = run(fn, torch.randn(2, 7, 64))
    assert len(report.fused) == 1 and report.eager_ops == 0, report.summary()
    assert {"aten.view.default", "aten.permute.default", "aten.slice.Tensor"} <= set(report.fused[0].ops)


@pytest.mark.parametrize("dynamic", [False, True])
def test_merge_heads_and_select(dynamic: bool) -> None:
    def fn(a, b):
        merged = a.transpose(1, 2).reshape(a.shape[0], a.shape[2], -1)  # [b, s, h*d]
        return merged + b[:, :, 1:2].squeeze(-1).unsqueeze(-1) + b.select(2, 0).unsqueeze(-1)

    a, b = torch.randn(3, 4, 5, 6), torch.randn(3, 5, 2)
    report = run(fn, a, b, dynamic=dynamic)
    assert report.fused and report.eager_ops == 0, report.summary()


def test_non_contiguous_inputs_are_read_in_place_not_copied(monkeypatch) -> None:
    """A transposed, a sliced-with-step and an expanded input: the kernel gets each
    input's storage (a flat view of it), never a contiguous copy."""
    import pyautofuse.torch.backend as backend

    copies = []
    real = backend.to_numpy

    def spy(t):
        copies.append(t.is_contiguous())
        return real(t)

    monkeypatch.setattr(backend, "to_numpy", spy)

    def fn(x, y, z):
        return x * 2 + y + z

    base = torch.randn(40, 12)
    x = torch.randn(12, 6).t()  # [6, 12], strides (1, 6)
    y = base[: 6 * 6 : 6, :]  # [6, 12], strides (72, 1)
    z = torch.randn(12).expand(6, 12)  # stride 0
    report = run(fn, x, y, z)
    assert report.fused and report.eager_ops == 0, report.summary()
    assert copies and all(copies)  # each input reached the kernel as a contiguous (flat) view


def test_view_of_a_value_computed_in_the_region_cuts_it() -> None:
    def fn(x):
        y = torch.exp(x) + 1
        return y.view(3, 4, 5).permute(2, 0, 1) * 2

    report = run(fn, torch.randn(12, 5))
    assert len(report.fused) == 2 and report.eager_ops == 0, report.summary()


def test_views_only_a_matmul_reads_stay_torch_views() -> None:
    def fn(x, w):
        h = torch.relu(x) * 2
        return (h.view(2, 3, 8).transpose(1, 2).reshape(-1, 3) @ w).sigmoid()

    report = run(fn, torch.randn(6, 8), torch.randn(3, 4))
    assert sum(report.views.values()) >= 1
    assert {op for (op, _r) in report.fallbacks} == {"aten.mm.default"}, report.summary()


def test_an_input_whose_strides_change_between_calls_runs_correctly() -> None:
    """The region was traced with one layout; a call with other strides (Dynamo guards
    recompile; otherwise the eager ops) still gives eager's result."""

    def fn(x):
        return x[:, 1:] * 2

    c = torch.compile(fn, backend=ascir_backend, dynamic=True)
    torch._dynamo.reset()
    for x in (torch.randn(5, 9), torch.randn(9, 5).t(), torch.randn(4, 20)[:, ::2]):
        torch.testing.assert_close(c(x), fn(x))


VIEW_STEPS = ("transpose", "slice", "step_slice", "select", "merge", "split", "unsqueeze", "expand")


def _apply(t, step: str, k: int):
    """One random view of ``t`` (``k`` picks a dimension); None where it does not apply."""
    if t.dim() == 0:
        return None
    d = k % t.dim()
    if step == "transpose" and t.dim() >= 2:
        return t.transpose(d, (d + 1) % t.dim())
    if step == "slice" and t.shape[d] >= 2:
        return t.narrow(d, 1, t.shape[d] - 1)
    if step == "step_slice" and t.shape[d] >= 3:
        return t[(slice(None),) * d + (slice(0, None, 2),)]
    if step == "select" and t.dim() >= 2:
        return t.select(d, t.shape[d] // 2)
    if step == "merge" and t.dim() >= 2 and d + 1 < t.dim() and t.is_contiguous():
        return t.flatten(d, d + 1)
    if step == "split" and t.shape[d] % 2 == 0 and t.shape[d] >= 4:
        return t.unflatten(d, (2, t.shape[d] // 2))
    if step == "unsqueeze":
        return t.unsqueeze(d)
    if step == "expand" and 1 in t.shape:
        return t.expand(*[3 if s == 1 else s for s in t.shape])
    return None


def test_random_view_chains_match_eager() -> None:
    """Property: any chain of views of an input (possibly non-contiguous itself), then
    elementwise math and a reduction, equals eager and runs no op in eager torch."""
    hypothesis = pytest.importorskip("hypothesis")
    st = hypothesis.strategies

    @hypothesis.settings(max_examples=25, deadline=None, derandomize=True)
    @hypothesis.given(
        st.lists(st.tuples(st.sampled_from(VIEW_STEPS), st.integers(0, 3)), min_size=1, max_size=4),
        st.booleans(),
        st.booleans(),
        st.booleans(),
    )
    def check(steps, transposed_input, reduce, dynamic):
        base = torch.randn(4, 6, 8)
        x = base.transpose(0, 2) if transposed_input else base
        plan = []
        t = x
        for step, k in steps:
            nxt = _apply(t, step, k)
            if nxt is not None:
                plan.append((step, k))
                t = nxt
        hypothesis.assume(plan and t.numel() > 0)

        def fn(inp):
            v = inp
            for step, k in plan:
                v = _apply(v, step, k)
            y = torch.exp(v * 0.5) - 1
            return y.sum(-1) if reduce and y.dim() else y

        report = run(fn, x, dynamic=dynamic)
        assert report.eager_ops == 0, report.summary()

    check()


def test_a_region_output_keeps_the_traced_layout_for_eager_views() -> None:
    """``x.transpose(1, 2) * 2`` keeps the transposed layout in eager, so the traced graph
    ``view``s its transpose back: the region's output is given the traced strides."""

    def fn(x):
        y = x.transpose(1, 2) * 2
        return y.transpose(1, 2).view(x.shape[0], -1) + 1

    report = run(fn, torch.randn(3, 4, 5))
    assert report.eager_ops == 0, report.summary()


def test_as_strided_outside_its_source_is_left_to_eager() -> None:
    """``as_strided`` may address the storage before or after its source's elements (a view
    passed as the input): those reads are refused with the reason, never read from a span
    the kernel was not given; one inside its source is read in place."""
    base = torch.arange(12.0)
    x = base[2:8]  # storage offset 2

    def outside(t):
        return torch.as_strided(t, (3, 2), (2, 1), 0) * 2  # storage from element 0: before t

    def inside(t):
        return torch.as_strided(t, (2, 2), (2, 1), 3) * 2  # elements 3..6 of the storage

    report = run(outside, x)
    assert any("as_strided" in r for (_op, r) in report.fallbacks), report.summary()
    report = run(inside, x)
    assert report.fused and report.eager_ops == 0, report.summary()
