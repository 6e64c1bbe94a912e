"""ATen ops a new user's scripts reached (issue 37, item 3): each fused into an ASCIR kernel
-- no op left to eager -- and equal to eager torch on the values that tell the semantics
apart (NaN, infinities, signed zeros, ties, negative operands, out-of-range casts).

``_log_softmax`` (torch's decomposition), ``argmax``/``argmin`` (ASCIR ArgMax/ArgMin),
``max.dim``/``min.dim`` (amax + argmax), ``prod``, ``any``/``all`` over dims, ``fmax``/``fmin``,
``fmod``, integer ``div(rounding_mode='trunc')``, casts to uint8 (torch wraps through int64),
and ops on 0-length tensors (torch's result, no kernel, not a fallback).
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from pyautofuse.torch import ascir_backend, last_report, reset_report  # noqa: E402
from pyautofuse.torch.opinfo_table import within_float64_rule  # noqa: E402

NAN, INF = float("nan"), float("inf")


def fused(fn, *args, dynamic: bool = False):
    """``fn`` through the backend: every op fused (none in eager), the result returned with
    eager's."""
    torch._dynamo.reset()
    reset_report()
    got = torch.compile(fn, backend=ascir_backend, dynamic=dynamic)(*args)
    report = last_report()
    assert report.fused and report.eager_ops == 0, report.summary()
    return got, fn(*args)


def same(got, want) -> None:
    torch.testing.assert_close(got, want, equal_nan=True, rtol=0, atol=0)


def _hostile_floats(dtype=torch.float32) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(3)
    a = torch.randn(6, 40, generator=g) * 50
    b = torch.randn(6, 40, generator=g) * 3
    a[0, :8] = torch.tensor([NAN, INF, -INF, 0.0, -0.0, 7.0, -7.0, 1e-30])
    b[0, :8] = torch.tensor([2.0, 2.0, 2.0, -3.0, 3.0, 0.0, INF, -1.0])
    b[1, :4] = torch.tensor([NAN, -INF, -0.0, 1e-3])
    return a.to(dtype), b.to(dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_fmod_floats_c_semantics(dtype) -> None:
    a, b = _hostile_floats(dtype)
    got, want = fused(torch.fmod, a, b)
    same(got, want)
    got, want = fused(lambda x: torch.fmod(x, -2.5), a)
    same(got, want)


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64])
def test_fmod_and_trunc_division_of_integers(dtype) -> None:
    a = torch.arange(-60, 60, dtype=dtype).reshape(6, 20)
    b = torch.tensor([-7, -3, -1, 1, 2, 5, 9, -11, 4, -2], dtype=dtype).repeat(12).reshape(6, 20)
    for fn in (torch.fmod, lambda x, y: torch.div(x, y, rounding_mode="trunc")):
        got, want = fused(fn, a, b)
        same(got, want)
    got, want = fused(lambda x: torch.div(x, -4, rounding_mode="trunc") + torch.fmod(x, 3), a)
    same(got, want)


NARROW = [torch.uint8, torch.int8, torch.int16]
SOURCES = [torch.float32, torch.float16, torch.bfloat16, torch.int32, torch.int64, torch.int16, torch.uint8, torch.int8]


@pytest.mark.parametrize("dst", NARROW)
@pytest.mark.parametrize("src", SOURCES)
def test_narrowing_casts_keep_the_low_bits_as_torch(src, dst) -> None:
    """torch wraps converting to a narrower integer (a float truncates through int32, or
    int64 for uint8); ASCIR's float -> int Casts saturate, so the front end composes."""
    if src == dst:
        pytest.skip("no conversion")
    values = torch.tensor(
        [0, 1, 127, 128, 255, 256, 300, 1000, -1, -2, -128, -129, -300, 77.9, -0.5, 254.99, 40000, -70000.0]
    )
    if not src.is_floating_point:
        values = values.trunc().to(torch.int64).to(src)  # in range of src as torch wraps it
    x = values.to(src).repeat(3, 1)
    got, want = fused(lambda t, d=dst: (t + 0).to(d), x)
    same(got, want)


@pytest.mark.parametrize("op", [torch.argmax, torch.argmin])
def test_argmax_argmin_ties_nan_dims_keepdim(op) -> None:
    x = torch.randint(-3, 3, (5, 7, 9)).float()  # many ties: the first one wins
    x[1, 2, 4] = NAN
    x[3, :, 0] = NAN
    for kw in ({"dim": 0}, {"dim": 1}, {"dim": -1, "keepdim": True}, {}):
        got, want = fused(lambda t, kw=kw: op(t * 2, **kw), x)
        same(got, want)


def test_argmax_over_all_of_an_int_tensor() -> None:
    x = torch.randint(-100, 100, (13, 17), dtype=torch.int32)
    got, want = fused(lambda t: torch.argmax(t + 1), x)
    same(got, want)


def test_argmax_of_a_permuted_view_over_all_dims_is_the_flat_index() -> None:
    """dim=None on a transposed input: torch's flat index is over the permuted shape; a
    region whose axes are not in that order refuses the node instead of computing another
    index (it runs in eager), any fused answer must equal eager."""
    x = torch.randn(6, 11)
    torch._dynamo.reset()
    reset_report()
    fn = lambda t: torch.argmax((t * 2).t().contiguous() + 1)  # noqa: E731
    got = torch.compile(fn, backend=ascir_backend)(x)
    same(got, fn(x))


@pytest.mark.parametrize("which", ["max", "min"])
def test_max_min_dim_values_and_indices(which) -> None:
    op = getattr(torch, which)
    x = torch.randint(-4, 4, (6, 30)).float()
    x[2, 5] = NAN
    for dim, keep in ((1, False), (0, True)):
        (gv, gi), (wv, wi) = fused(lambda t, d=dim, k=keep: op(t + 0, d, keepdim=k), x)
        same(gv, wv)
        same(gi, wi)


def test_prod_promotes_integers_and_bools_to_int64() -> None:
    xi = torch.randint(-3, 4, (5, 8), dtype=torch.int32)
    got, want = fused(lambda t: torch.prod(t, 1), xi)
    assert got.dtype == torch.int64
    same(got, want)
    xb = torch.rand(5, 8) > 0.2
    got, want = fused(lambda t: torch.prod(t, 0, keepdim=True), xb)
    same(got, want)
    # float16: eager multiplies in float16, the kernel in float32 (one rounding): judged
    # against float64 (issue 31), at most 2x eager's error + 4 ulp
    xf = torch.rand(5, 8, dtype=torch.float16, generator=torch.Generator().manual_seed(5)) + 0.5
    got, want = fused(lambda t: torch.prod(t, -1), xf)
    assert within_float64_rule(got, want, torch.prod(xf.double(), -1))


def test_any_all_over_dims_nan_is_true() -> None:
    x = torch.randn(4, 6, 10)
    x[0, :, :] = 0.0
    x[1, 2, 3] = NAN
    x[2] = 1.0
    for fn in (
        lambda t: torch.any(t, 2),
        lambda t: torch.all(t, 1, keepdim=True),
        lambda t: torch.any(t > 1.0, dim=(0, 2)),
        lambda t: torch.all(t * 0 == 0),
    ):
        got, want = fused(fn, x)
        same(got, want)
    u = (torch.rand(4, 9) * 3).to(torch.uint8)
    got, want = fused(lambda t: torch.any(t + 0, 1), u)
    assert got.dtype == want.dtype == torch.uint8
    same(got, want)


@pytest.mark.parametrize("op", [torch.fmax, torch.fmin])
def test_fmax_fmin_ignore_one_nan(op) -> None:
    a, b = _hostile_floats()
    a[2, :3] = NAN
    b[2, :3] = torch.tensor([NAN, 1.0, -INF])
    got, want = fused(op, a, b)
    same(got, want)
    got, want = fused(op, torch.rand(3, 5) > 0.5, torch.rand(3, 5) > 0.5)
    same(got, want)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_log_softmax_against_float64(dtype) -> None:
    """Judged against float64 (issue 31): the kernel's error at most 2x eager's + 4 ulp."""
    x = (torch.randn(8, 300) * 6).to(dtype)
    x[0, 0] = -INF
    got, want = fused(lambda t: torch.log_softmax(t, -1), x)
    assert within_float64_rule(got, want, torch.log_softmax(x.double(), -1))


def test_empty_tensors_need_no_kernel_and_are_not_fallbacks() -> None:
    def fn(x, y):
        return (x + 1).sum(0), (x * 2).amax(1), y.mean(-1)

    x, y = torch.randn(0, 5), torch.randn(3, 0)
    torch._dynamo.reset()
    reset_report()
    got = torch.compile(fn, backend=ascir_backend)(x, y)
    for g, w in zip(got, fn(x, y), strict=True):
        same(g, w)
    report = last_report()
    assert report.eager_ops == 0 and not report.fallbacks, report.summary()
    assert sum(report.empty.values()) == 5
    assert "answered by torch without a kernel" in report.summary()


def test_an_unspecialized_python_float_is_narrowed_as_torch_does() -> None:
    """With ``dynamic=True`` Dynamo passes a module's float attribute as a 0-d float64
    input, cast to float32 (after a float64 -> float64 no-op) where it is used: the cast
    joins the region (the value rounded as torch rounds it), nothing runs in eager."""

    class Norm(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.eps = 0.1  # not a float32 value: the rounding shows

        def forward(self, x):
            return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) + self.eps

    m, x = Norm(), torch.randn(4, 33) * 1e-2
    torch._dynamo.reset()
    reset_report()
    got = torch.compile(m, backend=ascir_backend, dynamic=True)(x)
    report = last_report()
    assert report.fused and report.eager_ops == 0, report.summary()
    torch.testing.assert_close(got, m(x))


@pytest.mark.parametrize("base", [10000, 2.5, 0.3, 1.0001, 1e-3])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_scalar_base_pow_is_as_accurate_as_torch(base, dtype) -> None:
    """``base ** x`` (RoPE's ``10000 ** (2i / d)``): the base rounded to the dtype as torch
    does, ``exp(y ln base)`` with the product kept exact -- within an ulp or so of eager,
    whose own error it matches against float64; infinities, NaN and overflow as eager."""
    g = torch.Generator().manual_seed(1)
    y = torch.rand(16, 40, generator=g) * 4 - 1
    y[0, :7] = torch.tensor([float("inf"), float("-inf"), float("nan"), 0.0, -0.0, 1e30, -1e30])
    y = y.to(dtype)
    got, want = fused(lambda t: base**t, y)
    torch.testing.assert_close(got, want, equal_nan=True)
    rounded = float(torch.tensor(base, dtype=dtype))  # torch rounds the base to the dtype
    truth = rounded ** y.double()  # against float64
    normal = torch.isfinite(y) & torch.isfinite(want) & (want.abs() >= torch.finfo(dtype).tiny)
    k_err = ((got.double() - truth).abs() / truth.abs())[normal].max()
    t_err = ((want.double() - truth).abs() / truth.abs())[normal].max()
    assert k_err <= 2 * t_err + 4 * torch.finfo(dtype).eps
