"""A LLaMA-style and a BERT-style block through torch.compile(backend=ascir) vs eager."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))

import torch_models  # noqa: E402

from pyautofuse.torch import ascir_backend, last_report, reset_report  # noqa: E402


@pytest.mark.parametrize("name", ["llama", "bert"])
def test_block_matches_eager_over_sequence_lengths(name: str) -> None:
    model, inputs = torch_models.models()[name]
    torch._dynamo.reset()
    reset_report()
    compiled = torch.compile(model, backend=ascir_backend, dynamic=True)
    for seq in (5, 12):
        args = inputs(2, seq)
        with torch.no_grad():
            torch.testing.assert_close(compiled(*args), model(*args), rtol=1e-4, atol=1e-4)
    report = last_report()
    print(report.summary())
    fused_ops = {op for r in report.fused for op in r.ops}
    assert all(r.fused for r in report.regions), report.summary()
    # the norms, the softmax and the masks are fused; matmuls stay in eager torch
    assert {"aten.amax.default", "aten.exp.default", "aten.where.self"} <= fused_ops
    assert any(op in ("aten.mm.default", "aten.addmm.default") for (op, _r) in report.fallbacks)
    if name == "llama":
        assert {
            "aten.embedding.default",
            "aten.mean.dim",
            "aten.rsqrt.default",
            "aten.sigmoid.default",
        } <= fused_ops
    else:
        assert {"prims.var.default", "aten.rsqrt.default"} <= fused_ops


MATMULS = {"aten.mm.default", "aten.bmm.default", "aten.addmm.default", "aten.baddbmm.default"}
STILL_EAGER: dict[str, set[str]] = {
    "llama": set(),
    "bert": set(),
    "gpt2": set(),
    "t5": set(),
}


@pytest.mark.parametrize("dynamic", [False, True])
@pytest.mark.parametrize("name", ["llama", "bert", "gpt2", "t5"])
def test_views_around_the_matmuls_are_indexing(name: str, dynamic: bool) -> None:
    """Issue 37: the views that split and merge heads, the transposes and the slices are
    read in place by the regions (or stay torch views next to a matmul): besides the
    matmuls, only the ops listed in STILL_EAGER run in eager torch."""
    model, inputs = torch_models.models()[name]
    torch._dynamo.reset()
    reset_report()
    compiled = torch.compile(model, backend=ascir_backend, dynamic=dynamic)
    args = inputs(2, 6)
    with torch.no_grad():
        torch.testing.assert_close(compiled(*args), model(*args), **TOLERANCE[name])
    report = last_report()
    eager = {op for (op, _r) in report.fallbacks}
    assert eager <= MATMULS | STILL_EAGER[name], report.summary()
    assert not any(r.internal for r in report.regions) and not report.internal_errors
    assert all(r.fused for r in report.regions), report.summary()


TOLERANCE = {
    "llama": {"rtol": 1e-4, "atol": 1e-4},
    "bert": {"rtol": 1e-4, "atol": 1e-4},
    "gpt2": {"rtol": 1e-4, "atol": 1e-4},
    "t5": {"rtol": 1e-3, "atol": 1e-3},  # float16
}


@pytest.mark.parametrize("name", ["llama", "bert", "gpt2", "t5"])
def test_training_step_gradients_match_eager(name: str) -> None:
    """Issue 37: the backward graph AOTAutograd traces goes through the same partitioner;
    outputs and every parameter's gradient equal eager's. Only the matmuls run in eager:
    RoPE's slice_scatter and GPT-2's cat of the q/k/v gradients are Concats, the
    embeddings' backward (index_put with accumulate=True) an IndexPut."""
    import copy

    model, inputs = torch_models.models()[name]
    model.train()
    ref = copy.deepcopy(model)
    args = inputs(2, 6)
    torch._dynamo.reset()
    reset_report()
    out = torch.compile(model, backend=ascir_backend)(*args)
    out.pow(2).mean().backward()
    want = ref(*args)
    want.pow(2).mean().backward()
    torch.testing.assert_close(out, want, **TOLERANCE[name])
    for (pname, p), (_, q) in zip(model.named_parameters(), ref.named_parameters(), strict=True):
        tol = {"rtol": 1e-3, "atol": 1e-4} if name != "t5" else {"rtol": 1e-2, "atol": 1e-3}
        torch.testing.assert_close(p.grad, q.grad, **tol, msg=lambda m, n=pname: f"{n}: {m}")
    report = last_report()
    assert {op for (op, _r) in report.fallbacks} <= MATMULS, report.summary()
    assert not report.internal_errors and all(r.fused for r in report.regions), report.summary()
