"""The torch front end under hostile-but-ordinary user code.

Constants created inside the compiled function (lifted to ``get_attr`` nodes of the AOT
graph), in-place writes (to inputs, intermediates, views, module buffers), and inputs no
kernel can read (meta and other devices, sparse, quantized, complex, non-contiguous,
zero-size, 0-d). Every case compares with eager torch -- results, and the inputs after the
call (a mutation must be visible to the caller) -- and checks the report: fused, or left to
eager with a reason naming the device/dtype/layout, never a compiler bug (the torch tests
run with ``ASCIR_STRICT=1``, so a bug raises) and never ``BackendCompilerFailed``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

torch = pytest.importorskip("torch")

from pyautofuse.torch import ascir_backend, backend, last_report, reset_report  # noqa: E402


def compiled(fn: Callable[..., Any], **kw: Any) -> Callable[..., Any]:
    torch._dynamo.reset()
    reset_report()
    return torch.compile(fn, backend=ascir_backend, **kw)


def same_as_eager(fn: Callable[..., Any], make: Callable[[], tuple[Any, ...]], **kw: Any) -> Any:
    """Run ``fn`` eagerly and compiled on fresh inputs from ``make`` (seeded alike); the
    results and the inputs afterwards (mutations) must match. Returns the report."""
    torch.manual_seed(0)
    eager_args = make()
    torch.manual_seed(0)
    args = make()
    expected = fn(*eager_args)
    got = compiled(fn, **kw)(*args)
    torch.testing.assert_close(got, expected)
    for a, e in zip(args, eager_args, strict=True):
        if isinstance(a, torch.Tensor):
            torch.testing.assert_close(a, e, msg=lambda m: f"an input after the call differs: {m}")
    report = last_report()
    assert not report.internal_errors, report.summary()
    return report


def reasons(report: Any) -> str:
    """Every refusal reason of a report (ops and whole regions), one text to search."""
    return "\n".join([r for (_op, r) in report.fallbacks] + [r.reason for r in report.regions])


# ------------------------------------------------------------------- constants
def test_constant_tensor_in_the_function_is_fused() -> None:
    """The tester's case: a lifted constant (``get_attr``) is read by the kernel as an
    input, from the constant's own storage."""

    def fn(x):
        return torch.relu(x * torch.tensor([1.0, 2, 3, 4, 5, 6]))

    report = same_as_eager(fn, lambda: (torch.randn(6),))
    assert report.fused and report.eager_ops == 0, report.summary()
    assert "aten.lift_fresh_copy.default" in report.fused[0].ops


@pytest.mark.parametrize(
    "name",
    ["ones", "zeros_like", "full", "scalar0d", "int0d", "column", "arange", "transposed", "bool_mask"],
)
def test_constant_kinds_are_fused(name: str) -> None:
    fns = {
        "ones": lambda x: x + torch.ones(6),
        "zeros_like": lambda x: torch.zeros_like(x) - x,
        "full": lambda x: x * torch.full((2, 1), 3.0),
        "scalar0d": lambda x: x * torch.tensor(2.5),
        "int0d": lambda x: x + torch.tensor(3),
        "column": lambda x: x + torch.tensor([[1.0], [2.0]]),
        "arange": lambda x: x * torch.arange(6),
        "transposed": lambda x: x.reshape(2, 3) * torch.tensor([[1.0, 2], [3, 4], [5, 6]]).t(),
        "bool_mask": lambda x: x.masked_fill(torch.tensor([True, False, True, False, True, False]), 0.0),
    }
    report = same_as_eager(fns[name], lambda: (torch.randn(6),))
    assert report.fused, report.summary()


def test_float64_constant_is_left_to_eager_with_its_dtype() -> None:
    """A constant of a dtype ASCIR lacks makes its op run in eager, the dtype named."""

    def fn(x):
        return (x * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).exp() + 1

    report = same_as_eager(fn, lambda: (torch.randn(3),))
    assert "float64" in reasons(report), report.summary()


def test_constant_under_dynamic_shapes() -> None:
    def fn(x):
        return torch.sigmoid(x) * torch.tensor([0.5, 2.0, -1.0])

    c = compiled(fn, dynamic=True)
    for rows in (2, 5, 9):
        x = torch.randn(rows, 3)
        torch.testing.assert_close(c(x), fn(x))
    assert last_report().fused and not last_report().internal_errors


class Scaled(torch.nn.Module):
    """Buffers, parameters and a plain tensor attribute used as constants."""

    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("scale", torch.linspace(0.5, 2.0, 6))
        self.bias = torch.nn.Parameter(torch.randn(6))
        self.offset = torch.tensor([1.0, -1.0, 0.5, 0.0, 2.0, 3.0])

    def forward(self, x):
        return torch.relu(x * self.scale + self.bias) - self.offset


def test_module_buffers_parameters_and_tensor_attributes() -> None:
    model = Scaled()
    with torch.no_grad():
        report = same_as_eager(model, lambda: (torch.randn(4, 6),))
    assert report.fused, report.summary()


def test_parameters_with_grad_fuse_the_forward_and_the_backward() -> None:
    model = Scaled()
    x = torch.randn(4, 6)
    expected = model(x)
    expected.sum().backward()
    want = model.bias.grad.clone()
    model.bias.grad = None
    got = compiled(model)(x)
    got.sum().backward()
    torch.testing.assert_close(got, expected)
    torch.testing.assert_close(model.bias.grad, want)
    assert last_report().fused


# ------------------------------------------------------------- in-place writes
def _setitem(x):
    x[0] = 5.0
    return x * 2


def _add_(x):
    x.add_(1)
    return x * 2


def _mul_(x, y):
    x.mul_(y)
    return torch.relu(x)


def _intermediate(x, y):
    h = x + 1
    h.mul_(y)
    return h.relu()


def _return_mutated(x):
    x.add_(1)
    return x


def _index_put(x, i, v):
    x.index_put_((i,), v)
    return x + 1


def _index_put_accumulate(x, i, v):
    x.index_put_((i,), v, accumulate=True)
    return x.exp()


def _copy(x, y):
    x.copy_(y)
    return x.exp()


def _copy_broadcast_cast(x, y):
    x.copy_(y[0].to(torch.int32))
    return x * 2


def _view_write(x):
    x[:, 0].mul_(2)
    x.t()[1].add_(1)
    return x.sum(-1)


def _mask_write(x):
    x[x > 0] = 0.0
    return x - 1


def _fill_zero_clamp(x, y, z):
    x.fill_(2.0)
    y.zero_()
    z.clamp_(min=0)
    return x + y + z


def _slice_assign(x, y):
    x[:, 1:3] = y
    return torch.tanh(x)


def _out_variant(x, y, z):
    torch.add(x, y, out=z)
    return z * 2


def _metadata_mutation(x, y):
    x.unsqueeze_(0)
    y.t_()
    return x + 1, y * 2


def _created_then_written(x):
    t = torch.zeros(3)
    t[1] = x.sum()
    t += 1
    return t * x[:3]


def _zero_dim_mutated(x):
    x.add_(1)
    return x * torch.tensor(2.0)


INPLACE = {
    "setitem": (_setitem, lambda: (torch.randn(6),)),
    "add_": (_add_, lambda: (torch.randn(6),)),
    "mul_": (_mul_, lambda: (torch.randn(3, 4), torch.randn(4))),
    "intermediate": (_intermediate, lambda: (torch.randn(6), torch.randn(6))),
    "return_mutated": (_return_mutated, lambda: (torch.randn(5),)),
    "index_put_": (_index_put, lambda: (torch.randn(6), torch.tensor([1, 3]), torch.tensor([9.0, 8.0]))),
    "index_put_accumulate": (
        _index_put_accumulate,
        lambda: (torch.randn(6), torch.tensor([1, 1, 4]), torch.tensor([1.0, 2.0, 3.0])),
    ),
    "copy_": (_copy, lambda: (torch.randn(6), torch.randn(6))),
    "copy_broadcast_cast": (
        _copy_broadcast_cast,
        lambda: (torch.zeros(3, 4, dtype=torch.int32), torch.randn(2, 4) * 10),
    ),
    "view_write": (_view_write, lambda: (torch.randn(4, 3),)),
    "mask_write": (_mask_write, lambda: (torch.randn(3, 5),)),
    "fill_zero_clamp": (_fill_zero_clamp, lambda: (torch.randn(4), torch.randn(4), torch.randn(4))),
    "slice_assign": (_slice_assign, lambda: (torch.randn(2, 5), torch.randn(2, 2))),
    "out_variant": (_out_variant, lambda: (torch.randn(4), torch.randn(4), torch.empty(4))),
    "metadata_mutation": (_metadata_mutation, lambda: (torch.randn(4), torch.randn(2, 3))),
    "created_then_written": (_created_then_written, lambda: (torch.randn(5),)),
    "zero_dim_mutated": (_zero_dim_mutated, lambda: (torch.tensor(1.5),)),
}


@pytest.mark.parametrize("name", list(INPLACE))
def test_in_place_writes_match_eager_and_reach_the_caller(name: str) -> None:
    fn, make = INPLACE[name]
    same_as_eager(fn, make)


def test_copy_is_fused() -> None:
    report = same_as_eager(_copy, lambda: (torch.randn(6), torch.randn(6)))
    assert any("aten.copy.default" in r.ops for r in report.fused), report.summary()


def test_one_tensor_passed_twice_and_mutated() -> None:
    """Aliased inputs: the write through one is seen through the other, as in eager."""

    def fn(a, b):
        a.add_(1)
        return a * b

    x = torch.randn(5)
    y = x.clone()
    expected = fn(y, y)
    got = compiled(fn)(x, x)
    torch.testing.assert_close(got, expected)
    torch.testing.assert_close(x, y)
    assert not last_report().internal_errors


def test_write_through_a_view_input_reaches_its_base() -> None:
    """Inputs that alias (a tensor and a view of it): AOTAutograd's synthetic base."""

    def fn(x, v):
        v.add_(1)
        return x * 2

    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = x.clone()
    expected = fn(y, y[0])
    got = compiled(fn)(x, x[0])
    torch.testing.assert_close(got, expected)
    torch.testing.assert_close(x, y)
    assert not last_report().internal_errors


def test_gradient_through_a_mutated_non_leaf_input() -> None:
    def fn(x):
        x.mul_(2)
        return (x * torch.tensor([1.0, 2, 3, 4])).exp()

    w = torch.randn(4, requires_grad=True)
    w2 = w.detach().clone().requires_grad_()
    expected = fn(w * 1)
    expected.sum().backward()
    got = compiled(fn)(w2 * 1)
    got.sum().backward()
    torch.testing.assert_close(got, expected)
    torch.testing.assert_close(w2.grad, w.grad)
    assert last_report().fused and not last_report().internal_errors


def test_inference_mode_with_constants_and_mutation() -> None:
    def fn(x):
        x.add_(torch.tensor([1.0, 2, 3]))
        return torch.relu(x * torch.tensor([1.0, -2, 3]))

    with torch.inference_mode():
        report = same_as_eager(fn, lambda: (torch.randn(3),))
    assert report.fused, report.summary()


def test_constants_in_the_branches_of_cond() -> None:
    def fn(x):
        return torch.cond(
            x.sum() > 0,
            lambda t: t.exp() + torch.tensor([1.0, 2, 3, 4]),
            lambda t: t.relu() * torch.tensor(2.0),
            (x,),
        )

    for sign in (1, -1):
        same_as_eager(fn, lambda sign=sign: (sign * torch.rand(4),))


def test_optimizer_step_on_parameters_under_no_grad() -> None:
    def step(p, g):
        with torch.no_grad():
            p.add_(g, alpha=-0.1)
            p.mul_(torch.tensor(0.99))
        return p

    p = torch.nn.Parameter(torch.randn(4))
    q = torch.nn.Parameter(p.detach().clone())
    g = torch.randn(4)
    torch.testing.assert_close(compiled(step)(q, g), step(p, g))
    torch.testing.assert_close(q, p)
    assert last_report().fused and not last_report().internal_errors


def test_write_to_a_leaf_that_requires_grad_raises_as_eager() -> None:
    def fn(x):
        x.add_(1)
        return x * 2

    with pytest.raises(RuntimeError):
        fn(torch.randn(3, requires_grad=True))
    with pytest.raises(RuntimeError):
        compiled(fn)(torch.randn(3, requires_grad=True))


class Counter(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("calls", torch.zeros(()))
        self.register_buffer("total", torch.zeros(4))

    def forward(self, x):
        self.calls.add_(1)
        self.total += x.sum(0)
        return x * self.calls


def test_buffer_mutation_matches_eager_over_calls() -> None:
    eager, model = Counter(), Counter()
    c = compiled(model)
    for _ in range(3):
        x = torch.randn(3, 4)
        torch.testing.assert_close(c(x), eager(x))
    torch.testing.assert_close(model.calls, eager.calls)
    torch.testing.assert_close(model.total, eager.total)
    assert not last_report().internal_errors


def test_batch_norm_training_updates_running_stats() -> None:
    torch.manual_seed(0)
    eager = torch.nn.BatchNorm1d(5)
    model = torch.nn.BatchNorm1d(5)
    model.load_state_dict(eager.state_dict())
    x = torch.randn(8, 5)
    torch.testing.assert_close(compiled(model)(x), eager(x))
    torch.testing.assert_close(model.running_mean, eager.running_mean)
    torch.testing.assert_close(model.running_var, eager.running_var)
    torch.testing.assert_close(model.num_batches_tracked, eager.num_batches_tracked)
    assert not last_report().internal_errors


def test_write_to_an_expanded_input_raises_as_eager() -> None:
    """A write through stride 0: the caller gets eager torch's own error."""

    def fn(x):
        x.add_(1)
        return x * 2

    with pytest.raises(RuntimeError, match="more than one element of the written-to tensor") as want:
        fn(torch.randn(1).expand(4))
    with pytest.raises(type(want.value), match="more than one element of the written-to tensor"):
        compiled(fn)(torch.randn(1).expand(4))
    assert not last_report().internal_errors


def test_a_graph_aotautograd_cannot_trace_runs_as_dynamo_gave_it(monkeypatch) -> None:
    """torch's tracer failing is a refusal (not an ASCIR bug, so no raise under strict):
    the Dynamo graph runs in eager torch, the reason reported; the report of a forward
    compiled before the failure is dropped (its kernels never run)."""
    import torch._dynamo.backends.common as common

    real = common.aot_module_simplified

    def fails_late(*a: Any, **k: Any) -> Any:
        real(*a, **k)  # compiles the forward, then torch fails
        raise RuntimeError("cannot trace this\nsecond line")

    monkeypatch.setattr(common, "aot_module_simplified", fails_late)

    def fn(x):
        x.add_(1)
        return torch.relu(x) * torch.tensor([1.0, 2.0, 3.0])

    report = same_as_eager(fn, lambda: (torch.randn(3),))
    assert not report.fused and not report.fallbacks
    assert [r.name for r in report.regions] == ["<graph>"] and not report.regions[0].internal
    assert "AOTAutograd could not trace the graph (RuntimeError: cannot trace this)" in report.summary()


def test_out_of_bounds_index_put_raises_as_eager() -> None:
    def fn(x, i):
        x[i] = 1.0
        return x + 1

    with pytest.raises(IndexError):
        fn(torch.randn(6), torch.tensor([10]))
    with pytest.raises(IndexError):
        compiled(fn)(torch.randn(6), torch.tensor([10]))


# ---------------------------------------------------------------------- inputs
def test_meta_input_runs_eagerly_with_the_device_named() -> None:
    """The tester's case: meta tensors compute shapes in eager torch; no kernel is called."""

    def fn(x):
        return torch.relu(x.exp() + 1) * 2

    x = torch.randn(4, 7, device="meta")
    got = compiled(fn)(x)
    assert got.device.type == "meta"
    torch.testing.assert_close(got, fn(x))
    report = last_report()
    assert not report.fused and not report.internal_errors
    assert "on device meta" in reasons(report)
    assert "left to eager: input" in report.summary() and "meta" in report.summary()


def test_meta_input_with_mutation_and_constant() -> None:
    def fn(x):
        x.mul_(2)
        return x + torch.ones(3, device="meta")

    x = torch.randn(2, 3, device="meta")
    torch.testing.assert_close(compiled(fn)(x), fn(torch.randn(2, 3, device="meta")))
    assert "on device meta" in reasons(last_report())


def test_meta_input_where_eager_raises() -> None:
    def fn(x):
        return x.sum().item() + 1

    x = torch.randn(3, device="meta")
    with pytest.raises(RuntimeError, match="meta"):
        fn(x)
    with pytest.raises(RuntimeError, match="meta"):
        compiled(fn)(x)


def test_meta_tensor_made_inside_a_cpu_graph_is_refused_per_op() -> None:
    """CPU inputs, a meta tensor created in the function: its ops stay in eager (device
    named), the CPU part still fuses."""

    def fn(x):
        s = (x * 2).relu().sum()
        return s, (x + 1).to("meta") * torch.ones(4, device="meta")

    x = torch.randn(4)
    got, expected = compiled(fn)(x), fn(x)
    torch.testing.assert_close(got[0], expected[0])
    assert got[1].device.type == "meta" and got[1].shape == expected[1].shape
    report = last_report()
    assert report.fused and not report.internal_errors, report.summary()
    assert "device meta" in reasons(report), report.summary()


def _twice(t):
    return t * 2


def _dequantized_twice(t):
    return t.dequantize() * 2


@pytest.mark.parametrize(
    ("make", "fn", "words"),
    [
        (lambda: torch.randn(4, 4).to_sparse(), _twice, "input t has layout torch.sparse_coo"),
        (lambda: torch.randn(4, 4).to_sparse_csr(), _twice, "input t has layout torch.sparse_csr"),
        (lambda: torch.randn(4, device="meta"), _twice, "input t is on device meta"),
        (
            lambda: torch.quantize_per_tensor(torch.randn(4), 0.1, 0, torch.qint8),
            _dequantized_twice,
            "input t is quantized (torch.qint8)",
        ),
    ],
    ids=["sparse_coo", "sparse_csr", "meta", "quantized"],
)
def test_backend_refuses_unreadable_inputs_by_name(
    make: Callable[[], Any], fn: Callable[..., Any], words: str
) -> None:
    """Called directly (Dynamo may graph-break before the backend sees such inputs), the
    backend refuses the graph with a reason naming the input and its device/layout/dtype."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = make()
    reset_report()
    got = ascir_backend(torch.fx.symbolic_trace(fn), [x])(x)
    expected = fn(x)
    assert (got.layout, got.device, got.dtype, got.shape) == (
        expected.layout,
        expected.device,
        expected.dtype,
        expected.shape,
    )
    if got.device.type != "meta":
        torch.testing.assert_close(got.to_dense(), expected.to_dense())
    report = last_report()
    assert not report.fused and not report.internal_errors
    ops = len(report.regions[0].ops)
    assert f"region <graph> ({ops} op(s)) left to eager: {words}" in report.summary(), report.summary()
    assert report.eager_ops == ops


def test_nested_jagged_input_is_refused_with_its_layout() -> None:
    nt = torch.nested.nested_tensor([torch.randn(2, 4), torch.randn(3, 4)], layout=torch.jagged)

    def fn(t):
        return torch.relu(t) * 2

    got, expected = compiled(fn)(nt), fn(nt)
    for a, b in zip(got.unbind(), expected.unbind(), strict=True):
        torch.testing.assert_close(a, b)
    report = last_report()
    assert not report.internal_errors and "has layout torch.jagged" in reasons(report), report.summary()


@pytest.mark.parametrize("kind", ["sparse_coo", "sparse_csr", "quantized"])
def test_exotic_layouts_through_torch_compile(kind: str) -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = {
            "sparse_coo": lambda: torch.randn(4, 4).to_sparse(),
            "sparse_csr": lambda: torch.randn(4, 4).to_sparse_csr(),
            "quantized": lambda: torch.quantize_per_tensor(torch.randn(4, 4), 0.1, 0, torch.qint8),
        }[kind]()

        def fn(t):
            return torch.relu(t.to_dense() if t.layout != torch.strided else t.dequantize()) * 2 + 1

        torch.testing.assert_close(compiled(fn)(x), fn(x))
    assert not last_report().internal_errors


def test_complex_input_is_refused_per_op_with_its_dtype() -> None:
    def fn(x):
        return (x * 2).abs() + 1

    report = same_as_eager(fn, lambda: (torch.randn(4, 3, dtype=torch.complex64),))
    assert "complex64" in reasons(report), report.summary()
    assert report.fused, report.summary()  # abs of a complex is float32: `+ 1` fuses


@pytest.mark.parametrize("layout", ["transposed", "strided_slice", "expanded", "channels_last", "offset"])
def test_non_contiguous_inputs_are_fused(layout: str) -> None:
    make = {
        "transposed": lambda: (torch.randn(5, 3).t(),),
        "strided_slice": lambda: (torch.randn(3, 10)[:, ::2],),
        "expanded": lambda: (torch.randn(3, 1).expand(3, 5),),
        "channels_last": lambda: (torch.randn(2, 3, 4, 5).to(memory_format=torch.channels_last),),
        "offset": lambda: (torch.randn(20)[7:12],),
    }[layout]

    def fn(x):
        return torch.sigmoid(x) * x + 1

    report = same_as_eager(fn, make)
    assert report.fused, report.summary()


def test_input_with_the_negative_bit_set() -> None:
    """A float tensor whose negation is lazy (torch's neg bit, as ``z.conj().imag`` of a
    complex tensor has): the kernel reads the negated values."""
    report = same_as_eager(lambda x: torch.relu(x) * 2 + 1, lambda: (torch._neg_view(torch.randn(2, 4)),))
    assert report.fused, report.summary()
    z = torch.randn(3, 4, dtype=torch.complex64)
    same_as_eager(lambda x: torch.relu(x) * 2 + 1, lambda: (z.conj().imag,))


def test_non_contiguous_input_mutated() -> None:
    def fn(x):
        x.mul_(3)
        return x.exp()

    same_as_eager(fn, lambda: (torch.randn(4, 6).t(),))


def test_zero_size_input_is_answered_without_a_kernel() -> None:
    """Ops on a 0-length tensor: torch's (empty) result, no kernel, and neither fused nor
    counted as a fallback (issue 37)."""

    def fn(x):
        return torch.relu(x) * 2 + torch.ones(3)

    report = same_as_eager(fn, lambda: (torch.randn(0, 3),))
    assert "aten.relu.default" not in {op for r in report.fused for op in r.ops}
    assert report.empty["aten.relu.default"] == 1 and report.eager_ops == 0, report.summary()


def test_dynamic_graph_called_with_a_zero_size_input() -> None:
    """Dynamo specializes size 0 into a new graph: its ops need no kernel, the result is eager's."""

    def fn(t):
        return torch.relu(t) * 2

    c = compiled(fn, dynamic=True)
    for shape in [(3, 4), (5, 4), (0, 4)]:
        t = torch.randn(shape)
        torch.testing.assert_close(c(t), fn(t))
    report = last_report()
    assert report.fused and report.empty and report.eager_ops == 0, report.summary()


def test_zero_dim_input_with_constants() -> None:
    def fn(x):
        return torch.exp(x) * torch.tensor(3.0) + torch.tensor([1.0, 2.0])

    report = same_as_eager(fn, lambda: (torch.tensor(0.25),))
    assert report.fused, report.summary()


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.int32, torch.bool])
def test_small_dtypes_with_constants(dtype: Any) -> None:
    def fn(x):
        return x * torch.tensor([1, 0, 1, 1]) + torch.ones(4, dtype=dtype)

    report = same_as_eager(fn, lambda: ((torch.randn(3, 4) * 4).to(dtype),))
    assert report.fused, report.summary()


@pytest.mark.parametrize("dtype", [torch.uint16, torch.uint32, torch.uint64])
def test_dtypes_eager_torch_cannot_compute_raise_as_in_eager(dtype: Any) -> None:
    """torch's uint16/32/64 lack most eager CPU kernels while tracing accepts them: an op
    eager torch cannot run is left to eager (the reason says so) and raises as eager does;
    the ops eager can run (mul, eq) still fuse."""

    def fn(x):
        return x + 1

    x = torch.tensor([0, 1, 2, 3]).to(dtype)
    with pytest.raises(NotImplementedError) as want:
        fn(x)
    with pytest.raises(NotImplementedError, match=str(want.value).split("'")[-2]):
        compiled(fn)(x)
    assert "eager torch has no CPU kernel for aten.add.Tensor" in reasons(last_report())

    def works(x):
        return (x * 3) == torch.tensor([0, 3, 6, 9], dtype=dtype)

    report = same_as_eager(works, lambda: (torch.tensor([0, 1, 2, 5]).to(dtype),))
    assert report.fused and report.eager_ops == 0, report.summary()


def test_float8_input_raises_as_in_eager() -> None:
    def fn(x):
        return x * 2

    x = torch.randn(4).to(torch.float8_e4m3fn)
    with pytest.raises(NotImplementedError):
        fn(x)
    with pytest.raises(NotImplementedError):
        compiled(fn)(x)
    assert "float8_e4m3fn" in reasons(last_report())
    same_as_eager(lambda t: t.float() * 2, lambda: (torch.randn(4).to(torch.float8_e4m3fn),))


def test_backend_called_directly_on_a_traced_module_with_get_attr_constants() -> None:
    """A symbolically traced module: parameters, buffers and a constant are ``get_attr``
    nodes of the graph the backend is given."""

    class M(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.register_buffer("scale", torch.linspace(0.5, 2.0, 6))
            self.bias = torch.nn.Parameter(torch.randn(6))

        def forward(self, x):
            return (torch.relu(x * self.scale + self.bias) - torch.tensor([1.0, 2, 3, 4, 5, 6]),)

    model = M()
    gm = torch.fx.symbolic_trace(model)
    assert [n.op for n in gm.graph.nodes].count("get_attr") == 3
    x = torch.randn(4, 6)
    for grad in (False, True):
        reset_report()
        with torch.set_grad_enabled(grad):
            torch.testing.assert_close(ascir_backend(gm, [x])(x), model(x))
        assert last_report().fused and last_report().eager_ops == 0, last_report().summary()


def test_a_kernel_handed_an_unreadable_tensor_runs_its_region_eagerly(monkeypatch, capsys) -> None:
    """Without Dynamo's guards (the backend's callable used directly), a graph compiled for
    CPU inputs and called with meta ones runs its regions' eager ops: no kernel is given
    memory it cannot read, and the log says why."""
    monkeypatch.setenv("ASCIR_LOG", "fallbacks")

    def fn(t):
        return (torch.relu(t) * 2 + 1,)

    reset_report()
    run = ascir_backend(torch.fx.symbolic_trace(fn), [torch.randn(3, 4)])
    assert last_report().fused
    x = torch.randn(3, 4)
    torch.testing.assert_close(run(x), fn(x))
    got = run(torch.randn(3, 4, device="meta"))
    assert got[0].device.type == "meta" and got[0].shape == (3, 4)
    assert "runs in eager torch at this call: a tensor on device meta" in capsys.readouterr().err


# ------------------------------------------------------------ front-end failures
def test_a_front_end_bug_leaves_the_graph_to_eager_and_is_reported(monkeypatch) -> None:
    """Any exception inside the front end is a compiler bug: reported (never a refusal),
    the whole graph in eager torch; under strict it raises."""

    def broken(*_a: Any, **_k: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(backend, "_compile_fx", broken)

    def fn(x):
        x.add_(1)
        return torch.relu(x * torch.tensor([1.0, 2.0, 3.0]))

    x = torch.randn(3)
    y = x.clone()
    got = compiled(fn, options={"strict": False})(x)
    torch.testing.assert_close(got, fn(y))
    torch.testing.assert_close(x, y)
    report = last_report()
    assert not report.fused and len(report.internal_errors) == 1
    assert report.regions[0].name == "<graph>" and report.regions[0].internal
    assert "compiler bug" in report.summary() and "KeyError: 'boom'" in report.summary()
    with pytest.raises(Exception, match="internal error in the torch front end"):
        compiled(fn, options={"strict": True})(torch.randn(3))


def test_a_failing_working_copy_is_not_fatal(monkeypatch) -> None:
    """Even the copy the front end rewrites cannot take the graph down: ``gm`` itself is
    untouched and runs."""

    def broken(_gm: Any) -> Any:
        raise RuntimeError("copy failed")

    monkeypatch.setattr(backend, "working_copy", broken)
    fn = lambda x: torch.relu(x * torch.tensor([1.0, 2.0]))  # noqa: E731
    x = torch.randn(2)
    torch.testing.assert_close(compiled(fn, options={"strict": False})(x), fn(x))
    assert "copy failed" in last_report().summary()


def test_partial_report_of_a_failed_front_end_is_dropped(monkeypatch) -> None:
    """Regions found before a late failure never run: the report lists only the graph."""
    real = backend._kernel_module

    def late_failure(*a: Any, **k: Any) -> Any:
        real(*a, **k)
        raise ValueError("late")

    monkeypatch.setattr(backend, "_kernel_module", late_failure)
    fn = lambda x: torch.relu(x) + 1  # noqa: E731
    x = torch.randn(5)
    torch.testing.assert_close(compiled(fn, options={"strict": False})(x), fn(x))
    report = last_report()
    assert not report.fused and not report.fallbacks
    assert [r.name for r in report.regions] == ["<graph>"]
    assert report.summary().splitlines()[0].startswith("ascir: 0 fused region(s) (0 ATen ops), 2 op(s)")


def test_working_copy_shares_constants_under_fake_mode() -> None:
    """The safety copy under AOTAutograd's FakeTensorMode (where a deepcopy of a real
    constant fails): the constant is shared, the graph is a copy."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    class M(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.c = torch.tensor([1.0, 2.0])

        def forward(self, x):
            return x * self.c

    gm = torch.fx.symbolic_trace(M())
    with FakeTensorMode():
        work = backend.working_copy(gm)
    assert work.c is gm.c
    assert work.graph is not gm.graph
    assert [n.name for n in work.graph.nodes] == [n.name for n in gm.graph.nodes]
