"""``torch.cat`` and ``slice_scatter`` inside a region (issue 37, items 1 and 5).

A cat is an ASCIR Concat: each operand keeps its own extent along the cat's axis (an alias
of the canonical axis), and ``lower-movement`` re-makes its chain -- elementwise work on
loads, strided reads of views included -- over the result's extent, chosen by position. A
slice's backward, ``slice_scatter(base, src)``, is the Concat of ``src`` between the pieces
of ``base`` it replaces (scalar broadcasts of a ``torch.full``, else Splits of ``base``).
An operand computed by something a Concat cannot move (a reduction, another cat), or read by
another op too, cuts the region at the cat. Every case is compared with eager torch.
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from .conftest import compile_and_compare  # noqa: E402


def run(fn, *args, dynamic: bool = False):  # type: ignore[no-untyped-def]
    report = compile_and_compare(fn, *args, dynamic=dynamic)
    assert not report.internal_errors and all(r.fused for r in report.regions), report.summary()
    return report


def ops_of(report) -> list[list[str]]:
    return [r.ops for r in report.regions]


X, Y, Z = torch.randn(3, 4, 6), torch.randn(3, 2, 6), torch.randn(3, 4, 5)


@pytest.mark.parametrize("dynamic", [False, True])
@pytest.mark.parametrize(
    "fn,args",
    [
        (lambda x, y: torch.cat([x.exp(), y * 2], 1).relu(), (X, Y)),  # a middle axis
        (lambda x, z: torch.cat([x, z.sin(), x], -1) + 1, (X, Z)),  # innermost, three pieces
        (lambda x: torch.cat([x, -x], 0) * 3, (X,)),  # outermost
        (lambda x, z: torch.cat([x.exp(), z], -1).sum(-1), (X, Z)),  # a reduction after it
    ],
    ids=["dim1", "dim2-three", "dim0", "then-sum"],
)
def test_cat_joins_one_region(fn, args, dynamic: bool) -> None:
    report = run(fn, *args, dynamic=dynamic)
    assert len(report.regions) == 1 and report.eager_ops == 0, report.summary()
    assert "aten.cat.default" in report.regions[0].ops


def test_rotate_half_rope_is_one_region() -> None:
    """RoPE's ``cat([-x2, x1])`` of the halves of a transposed view, times sin, plus x * cos."""

    def fn(x, cos, sin):
        q = x.view(2, 5, 2, 8).transpose(1, 2)
        x1, x2 = q[..., :4], q[..., 4:]
        return q * cos + torch.cat([-x2, x1], dim=-1) * sin

    report = run(fn, torch.randn(2, 5, 16), torch.randn(5, 8), torch.randn(5, 8))
    assert len(report.regions) == 1 and report.eager_ops == 0, report.summary()


@pytest.mark.parametrize(
    "fn,args",
    [
        (lambda x, i: torch.cat([x, i], -1) * 2, (X, torch.arange(72).reshape(3, 4, 6))),  # promotes
        (lambda i, j: torch.cat([i, j * 3], -1) + 1, (torch.arange(72).reshape(3, 4, 6), torch.arange(60).reshape(3, 4, 5))),
        (lambda x: torch.cat([x.half(), (x * 2).half()], -1).float() + 1, (X,)),
        (lambda x, w: torch.cat([x, w.expand(3, 4, 2)], -1) + 1, (X, torch.randn(4, 1))),  # broadcast piece
        (lambda x: torch.cat([x, x[:, :, :1]], -1).sigmoid(), (X,)),  # a size-1 piece
    ],
    ids=["int64-promotes", "int64", "float16", "expanded-piece", "size-1-piece"],
)
def test_cat_dtypes_and_pieces(fn, args) -> None:
    report = run(fn, *args)
    assert any("aten.cat.default" in ops for ops in ops_of(report)), report.summary()


def test_an_operand_a_concat_cannot_move_cuts_the_region() -> None:
    """A reduction's result (or another cat's) is stored by its region and loaded by the
    cat's: two regions, both fused."""
    report = run(lambda x: torch.cat([x, x.sum(-1, keepdim=True)], -1) * 2, X)
    assert ops_of(report) == [["aten.sum.dim_IntList"], ["aten.cat.default", "aten.mul.Tensor"]]
    report = run(lambda x, z: torch.cat([torch.cat([x, z], -1).exp(), x], -1), X, Z)
    assert len(report.regions) == 2 and report.eager_ops == 0, report.summary()


def test_an_operand_read_by_another_op_too() -> None:
    """The operand's chain has its own extent along the cat's axis: another reader of it goes
    to a region of its own."""
    report = run(lambda x: (lambda e: (torch.cat([e, x], -1), e * 2))(x.exp()), X)
    assert report.eager_ops == 0 and any(ops == ["aten.cat.default"] for ops in ops_of(report)), report.summary()


def test_cat_of_transposed_pieces_along_the_innermost_axis() -> None:
    """GPT-2's backward: the q/k/v gradients, transposed views, joined along the last axis."""

    def fn(a, b, c):
        return torch.cat([t.transpose(1, 2).reshape(2, 5, 12) for t in (a, b, c)], 2) * 2

    report = run(fn, *(torch.randn(2, 3, 5, 4) for _ in range(3)))
    assert report.eager_ops == 0, report.summary()


@pytest.mark.parametrize("start,end", [(0, 4), (4, 8), (2, 5), (0, 8)])
def test_slice_scatter_of_a_slice_backward(start: int, end: int) -> None:
    """``slice_scatter(zeros, src)``: what a slice's backward makes (RoPE's halves)."""

    def fn(src):
        return torch.slice_scatter(torch.zeros(3, 5, 8), src.exp(), 2, start, end) + 1

    report = run(fn, torch.randn(3, 5, end - start))
    assert len(report.regions) == 1 and report.eager_ops == 0, report.summary()


def test_slice_scatter_into_a_computed_tensor_and_a_transposed_source() -> None:
    def fn(base, src):
        return torch.slice_scatter(base * 2, src.transpose(0, 1), 1, 1, 3).neg()

    report = run(fn, torch.randn(4, 6), torch.randn(2, 4))
    assert len(report.regions) == 1 and report.eager_ops == 0, report.summary()


def test_slice_scatter_with_a_step_stays_in_eager() -> None:
    def fn(base, src):
        return torch.slice_scatter(base, src, 1, 0, 6, 2) + 1

    report = run(fn, torch.randn(4, 6), torch.randn(4, 3))
    assert any("step 2" in reason for (_op, reason) in report.fallbacks), report.summary()


def test_a_cut_leaves_connected_regions_without_trailing_views() -> None:
    """Cutting a region at a cat (its operand a reduction's result, which a Concat cannot
    move) leaves a prefix that held unrelated work: each part becomes one region per
    connected component, and a view only the later part reads stays a torch view it reads
    in place -- not a transposed copy stored by a region that also computes the reduction
    (one kernel looping over the product of both axis sets)."""

    def fn(x, y, z):
        q = x.view(2, 3, 8).transpose(0, 1)
        m = z.amax(-1, keepdim=True).expand(3, 2, 4)
        emb = torch.cat([m, m], -1)
        return q * emb.cos() + y

    report = run(fn, torch.randn(6, 8), torch.randn(3, 2, 8), torch.randn(3, 2, 5))
    assert report.eager_ops == 0, report.summary()
    for r in report.regions:
        assert not all(op in ("aten.view.default", "aten.permute.default") for op in r.ops), report.summary()
        assert not ("aten.amax.default" in r.ops and "aten.permute.default" in r.ops), report.summary()


def test_positions_and_frequencies_join_their_cat() -> None:
    """RoPE's table: ``cat([freqs, freqs])`` of an Arange product -- the Arange re-made over
    the cat's extent with its base shifted -- in the region that applies it."""

    def fn(x, y):
        q = x.view(2, 3, 8).transpose(0, 1)
        pos = torch.arange(3, dtype=torch.float32)
        inv = 1.0 / (10000 ** (torch.arange(0, 8, 2, dtype=torch.float32) / 8))
        emb = torch.cat([pos[:, None] * inv[None, :]] * 2, -1)
        return q * emb[:, None, :].cos() + y

    report = run(fn, torch.randn(6, 8), torch.randn(3, 2, 8))
    assert len(report.regions) == 1 and report.eager_ops == 0, report.summary()


def test_slice_scatter_with_a_symbolic_range() -> None:
    """Dynamic shapes: the range is SymInts (FX nodes in the graph), sizes of the pieces."""

    def fn(a, b):
        base = torch.zeros(a.shape[0], a.shape[1] + b.shape[1])
        return torch.slice_scatter(base, b.exp(), 1, a.shape[1], a.shape[1] + b.shape[1]) + a.sum()

    report = run(fn, torch.randn(3, 5), torch.randn(3, 4), dynamic=True)
    assert not {op for (op, _r) in report.fallbacks} & {"aten.slice_scatter.default"}, report.summary()
