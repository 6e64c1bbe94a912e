"""``index_put`` / ``index_add`` and the embeddings' backward as an ASCIR IndexPut (issue 37).

The scatter kernel adds in index order, as torch's serial CPU kernel does, so every result
here is compared with eager bit for bit (``rtol=0, atol=0``). The region around an
``index_put`` holds its operands' chains (the backward's masks of invalid ids, a cast, a
scale) and ends at it: a reader of its result or another output is cut into a region of
its own; an index out of range raises ``IndexError`` as eager does.
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from .conftest import compile_and_compare  # noqa: E402

V, D = 11, 16
IDS = torch.randint(-V, V, (2, 7), generator=torch.Generator().manual_seed(37))
G = torch.randn(2, 7, D, generator=torch.Generator().manual_seed(38))


def run(fn, *args, dynamic: bool = False, regions: int = 1):  # type: ignore[no-untyped-def]
    report = compile_and_compare(fn, *args, dynamic=dynamic, rtol=0, atol=0)
    assert not report.internal_errors and all(r.fused for r in report.regions), report.summary()
    assert report.eager_ops == 0 and len(report.regions) == regions, report.summary()
    return report


@pytest.mark.parametrize("dynamic", [False, True])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16, torch.int32, torch.int64])
def test_accumulate_equals_eager_bit_for_bit(dtype: torch.dtype, dynamic: bool) -> None:
    g = (G * 8).to(dtype)
    run(lambda z, i, g: torch.index_put(z, (i,), g, accumulate=True), torch.zeros(V, D, dtype=dtype), IDS, g, dynamic=dynamic)


@pytest.mark.parametrize(
    "fn,args",
    [
        # a computed base and values: full + mul fuse with the scatter
        (lambda i, g: torch.zeros(V, D).index_put((i,), g * 2, accumulate=True), (IDS, G)),
        # the index on dim 1 (a None before it), values broadcast along the rows
        (lambda z, i, g: torch.ops.aten.index_put(z, [None, i], g, True), (torch.randn(3, V), IDS[0], torch.randn(7))),
        # without accumulate, distinct positions
        (lambda z, i, g: torch.index_put(z, (i,), g), (torch.randn(V, D), torch.randperm(V)[:5], torch.randn(5, D))),
        # int32 indices
        (lambda z, i, g: torch.index_put(z, (i,), g, accumulate=True), (torch.randn(V, D), IDS.int(), G)),
        # index_add with alpha (decomposed by torch into a scale and an index_put)
        (lambda z, i, g: z.index_add(0, i, g, alpha=2), (torch.randn(V, D), IDS[0] % V, torch.randn(7, D))),
    ],
    ids=["computed", "dim1-broadcast", "assign", "int32", "index_add"],
)
def test_forms(fn, args) -> None:  # type: ignore[no-untyped-def]
    run(fn, *args)


def test_reader_of_the_result_is_cut_into_its_own_region() -> None:
    """The result is complete only when the scatter ends: its reader is another region."""
    report = run(lambda z, i, g: torch.index_put(z, (i,), g, accumulate=True) * 2, torch.randn(V, D), IDS, G, regions=2)
    assert report.regions[0].ops[-1] == "aten.index_put.default" and report.regions[1].ops == ["aten.mul.Tensor"]


def test_embedding_backward_is_one_fused_region_per_use() -> None:
    """AOTAutograd's embedding_dense_backward, decomposed: masks of invalid ids, a zero
    base and the scatter-add -- one region per use of the table, the sum of the two
    gradients one more; the gradient equals eager's bit for bit."""
    from pyautofuse.torch import ascir_backend, last_report, reset_report

    emb = torch.nn.Embedding(V, D)
    ids = IDS % V

    def step(i):  # type: ignore[no-untyped-def]
        return (emb(i) * emb(i)).sum()

    torch._dynamo.reset()
    reset_report()
    torch.compile(step, backend=ascir_backend)(ids).backward()
    got = emb.weight.grad.clone()
    emb.weight.grad = None
    step(ids).backward()
    torch.testing.assert_close(got, emb.weight.grad, rtol=0, atol=0)
    report = last_report()
    assert not report.internal_errors and not report.fallbacks and all(r.fused for r in report.regions), report.summary()
    scatter = [r for r in report.regions if "aten.index_put.default" in r.ops]
    assert len(scatter) == 2 and all("aten.where.self" in r.ops for r in scatter), report.summary()
    assert report.regions[-1].ops == ["aten.add.Tensor"], report.summary()


def test_out_of_range_index_raises_index_error_as_eager() -> None:
    fn = lambda z, i, g: torch.index_put(z, (i,), g, accumulate=True)  # noqa: E731
    ids = torch.tensor([1, V + 3])
    with pytest.raises(IndexError):
        fn(torch.zeros(V, D), ids, torch.randn(2, D))
    torch._dynamo.reset()
    with pytest.raises(IndexError, match="out of range"):
        torch.compile(fn, backend="ascir")(torch.zeros(V, D), ids, torch.randn(2, D))


@pytest.mark.parametrize(
    "fn,args,reason",
    [
        (lambda z, i, j, g: torch.index_put(z, (i, j), g, accumulate=True), (torch.zeros(4, 5), IDS[0] % 4, IDS[0] % 5, torch.randn(7)), "2 index tensors"),
        (lambda z, m, g: torch.index_put(z, (m,), g), (torch.zeros(4, 5), torch.tensor([True, False, True, False]), torch.randn(2, 5)), "mask index"),
    ],
    ids=["two-indices", "mask"],
)
def test_left_to_eager_with_reason(fn, args, reason: str) -> None:  # type: ignore[no-untyped-def]
    report = compile_and_compare(fn, *args)
    assert not report.internal_errors
    assert any(reason in r for (_op, r) in report.fallbacks), report.summary()
