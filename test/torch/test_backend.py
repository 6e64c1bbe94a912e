"""The torch.compile backend: fusion, dynamic sizes, fallbacks with reasons, logs, errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from pyautofuse.torch import ascir_backend, last_report, reset_report  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def compiled(fn, **kw):
    torch._dynamo.reset()
    reset_report()
    return torch.compile(fn, backend=ascir_backend, **kw)


def test_importing_the_project_does_not_import_torch() -> None:
    code = "import sys, pyautofuse, pyautofuse.torch, tools.compile; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


def test_importing_the_backend_defers_the_compiler() -> None:
    """``import pyautofuse.torch`` (what torch's backend registry loads) imports neither
    xDSL, numpy nor the compiler: their cost is paid at the first compile (issue 37)."""
    code = (
        "import sys, pyautofuse, pyautofuse.torch; "
        "print(sorted(m for m in ('xdsl', 'numpy', 'ascir_dialect', 'tools', 'sympy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
    code = "from pyautofuse import ascir, compile_graph; print(ascir.__name__, compile_graph.__module__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["ascir_dialect.frontend", "tools.compile"]


def test_pointwise_broadcast_reduction_fuse_into_one_kernel() -> None:
    def fn(x, b):
        y = torch.relu(x + b) * 0.5
        return y - y.amax(-1, keepdim=True)

    x, b = torch.randn(6, 40), torch.randn(40)
    got = compiled(fn)(x, b)
    torch.testing.assert_close(got, fn(x, b))
    report = last_report()
    assert len(report.fused) == 1
    assert report.fused[0].ops == [
        "aten.add.Tensor",
        "aten.relu.default",
        "aten.mul.Tensor",
        "aten.amax.default",
        "aten.sub.Tensor",
    ]


def test_one_graph_serves_many_shapes() -> None:
    def fn(x):
        return torch.softmax(x, dim=-1) * 2

    c = compiled(fn, dynamic=True)
    for shape in [(3, 17), (5, 33), (2, 300)]:
        x = torch.randn(shape)
        torch.testing.assert_close(c(x), fn(x))
    assert len(last_report().fused) == 1  # compiled once, run on three shapes


def test_dtypes_map_and_casts_follow_torch_promotion() -> None:
    def fn(a, b, m):
        return torch.where(m, a * 3 + b, a.to(torch.float16)) > 1.5

    a, b = torch.randint(-5, 5, (4, 9), dtype=torch.int32), torch.randn(4, 9, dtype=torch.float16)
    m = torch.rand(4, 9) > 0.5
    torch.testing.assert_close(compiled(fn)(a, b, m), fn(a, b, m))
    assert last_report().fused


def test_unmappable_dtype_falls_back_with_a_reason() -> None:
    def fn(x):
        return x.exp() + 1

    x = torch.randn(5, dtype=torch.float64)
    torch.testing.assert_close(compiled(fn)(x), fn(x))
    report = last_report()
    assert not report.fused
    assert any("float64" in reason for (_op, reason) in report.fallbacks)


def test_zero_dim_tensors_are_fused_or_refused_never_an_internal_error() -> None:
    """0-d tensors (OpInfo samples): ``mean(x, dim=0)`` of a 0-d tensor reduces nothing
    (torch's rule) and fuses; an embedding with a 0-d index is refused with its reason."""
    x = torch.tensor(2.5)
    for kw in ({"dim": 0, "keepdim": True}, {"dim": -1}, {}):
        torch.testing.assert_close(compiled(lambda t, kw=kw: t.mean(**kw) * 2)(x), x.mean(**kw) * 2)
        report = last_report()
        assert report.fused
        assert not any(r.startswith("internal error") for (_op, r) in report.fallbacks)
    w, idx = torch.randn(10, 5), torch.tensor(3)
    fn = lambda w, i: torch.nn.functional.embedding(i, w) + 1  # noqa: E731
    torch.testing.assert_close(compiled(fn)(w, idx), fn(w, idx))
    reasons = [r for (_op, r) in last_report().fallbacks]
    assert any("the indices need at least one axis" in r for r in reasons), reasons
    assert not any(r.startswith("internal error") for r in reasons)


def test_bool_arithmetic_is_logic() -> None:
    """torch's add/mul/maximum/minimum/clamp on bool tensors are or/and: fused, as eager."""
    a, b = torch.rand(6, 9) > 0.5, torch.rand(6, 9) > 0.5

    def fn(a, b):
        return (a + b) * torch.maximum(a, b) + torch.minimum(a, b).clamp(min=b)

    torch.testing.assert_close(compiled(fn)(a, b), fn(a, b))
    assert last_report().fused and not last_report().fallbacks


def test_unsupported_ops_run_eagerly_between_kernels() -> None:
    def fn(x, w):
        h = torch.relu(x) + 1
        return torch.sigmoid(h @ w).sum(-1)

    x, w = torch.randn(4, 8), torch.randn(8, 3)
    torch.testing.assert_close(compiled(fn)(x, w), fn(x, w))
    report = last_report()
    assert len(report.fused) == 2
    assert any(op == "aten.mm.default" for (op, _r) in report.fallbacks)


def test_gathers_fuse_with_their_consumers() -> None:
    def fn(w, ids):
        return torch.nn.functional.embedding(ids, w) * 2

    w, ids = torch.randn(50, 16), torch.randint(0, 50, (3, 7))
    torch.testing.assert_close(compiled(fn)(w, ids), fn(w, ids))
    assert last_report().fused


@pytest.mark.parametrize("dynamic", [False, True])
def test_gathers_indexed_by_arange_positions_join_one_region(dynamic: bool) -> None:
    """Issue 37: positions computed in the graph feed a gather -- GPT-2's token plus learned
    position embedding, an index_select of every third row -- one region each, the Arange
    no region of its own."""

    def fn(ids, wte, wpe):
        return torch.nn.functional.embedding(ids, wte) + torch.nn.functional.embedding(torch.arange(ids.shape[1]), wpe)

    ids, wte, wpe = torch.randint(0, 50, (2, 7)), torch.randn(50, 16), torch.randn(20, 16)
    torch.testing.assert_close(compiled(fn, dynamic=dynamic)(ids, wte, wpe), fn(ids, wte, wpe))
    report = last_report()
    assert len(report.regions) == 1 and report.eager_ops == 0, report.summary()

    def rows(x):
        return torch.index_select(x, 0, torch.arange(2, 12, 3)).relu()

    torch.testing.assert_close(compiled(rows, dynamic=dynamic)(wpe), rows(wpe))
    report = last_report()
    assert len(report.regions) == 1 and report.eager_ops == 0, report.summary()


def test_causal_mask_from_aranges() -> None:
    def fn(s):
        n = s.shape[-1]
        mask = torch.arange(n)[None, :] > torch.arange(n)[:, None]
        return torch.softmax(s.masked_fill(mask, float("-inf")), -1)

    s = torch.randn(2, 9, 9)
    torch.testing.assert_close(compiled(fn, dynamic=True)(s), fn(s))
    assert last_report().fused


def test_npu_target_without_cann_falls_back_with_a_logged_reason(monkeypatch, capsys) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    monkeypatch.setenv("ASCIR_LOG", "fallbacks")

    def fn(x):
        return x + 1

    x = torch.randn(4)
    torch.testing.assert_close(compiled(fn, options={"target": "npu"})(x), fn(x))
    assert "target 'npu' is unavailable" in capsys.readouterr().err
    assert not last_report().fused


def test_bad_option_is_a_clear_error() -> None:
    with pytest.raises(Exception, match="option target must be one of"):
        compiled(lambda x: x + 1, options={"target": "gpu"})(torch.randn(3))


def test_partition_log_shows_the_graph_and_source_line(monkeypatch, capsys) -> None:
    monkeypatch.setenv("ASCIR_LOG", "partitions")

    def fn(x):
        return torch.abs(x) * 2  # the logged source line

    compiled(fn)(torch.randn(3, 5))
    err = capsys.readouterr().err
    assert "ascir: region region0: fused" in err
    assert "ascir.graph @region0 hint" in err and "ascir.abs" in err
    assert "test_backend.py" in err and "the logged source line" in err


def test_kernel_errors_name_the_torch_op_and_source_line() -> None:
    def fn(w, ids):
        return torch.nn.functional.embedding(ids, w) + 1  # out-of-range ids

    w, ids = torch.randn(10, 8), torch.tensor([[1, 99, 2], [3, 4, 5]])
    with pytest.raises(Exception, match=r"aten\.embedding\.default(.|\n)*test_backend\.py:\d+"):
        compiled(fn)(w, ids)


def test_backend_registered_by_name() -> None:
    from torch._dynamo.backends.registry import list_backends, register_backend

    if "ascir" not in list_backends(exclude_tags=()):  # the entry point needs `pip install -e .`
        register_backend(name="ascir")(ascir_backend)
    torch._dynamo.reset()
    reset_report()
    x = torch.randn(7)
    torch.testing.assert_close(torch.compile(lambda t: t.exp() - 1, backend="ascir")(x), x.exp() - 1)
    assert last_report().fused


def test_entry_point_declared() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert '[project.entry-points.torch_dynamo_backends]\nascir = "pyautofuse.torch:ascir_backend"' in text
    assert os.path.exists(ROOT / "pyautofuse" / "torch" / "__init__.py")


def test_parallel_compile_does_not_rerun_the_users_script(tmp_path: Path) -> None:
    """From 4 regions on the graphs compile in worker interpreters (``pyautofuse.torch.warm``):
    a script without an ``if __name__ == "__main__"`` guard runs once -- multiprocessing's
    spawn would re-run it in every worker (compiling again, printing again) -- and its
    regions are fused."""
    script = tmp_path / "user_script.py"
    script.write_text(
        "import torch\n"
        "from pyautofuse.torch import ascir_backend, last_report\n"
        "print('SCRIPT RAN', flush=True)\n"
        "def fn(a, b):\n"  # matmuls (eager) between five elementwise regions
        "    x = torch.exp(a) @ b\n"
        "    x = torch.relu(x) @ b\n"
        "    x = torch.sigmoid(x) @ b\n"
        "    x = torch.tanh(x) @ b\n"
        "    return -x\n"
        "a, b = torch.randn(8, 16), torch.randn(16, 16)\n"
        "out = torch.compile(fn, backend=ascir_backend, options={'workers': 2})(a, b)\n"
        "r = last_report()\n"
        "print('FUSED', len(r.fused), 'INTERNAL', len(r.internal_errors), flush=True)\n"
    )
    env = dict(os.environ, ASCIR_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.count("SCRIPT RAN") == 1, out.stdout
    fused = int(out.stdout.split("FUSED ")[1].split()[0])
    assert fused >= 4 and "INTERNAL 0" in out.stdout, out.stdout


def test_a_graph_compiled_again_in_the_process_is_a_hit(monkeypatch) -> None:
    """Issue 37 (hit path): the same Dynamo graph compiled again -- after ``reset()``, or by
    another instance of the same model with other weights -- takes the callable compiled
    before (AOTAutograd's graphs and the regions' kernels), its report again; the weights
    are its inputs, so each instance computes with its own. A graph holding constants of
    its own (``get_attr``) is never shared."""
    import pyautofuse.torch.graph_builder as gb

    builds = []
    real = gb.Builder.build
    monkeypatch.setattr(gb.Builder, "build", lambda self: builds.append(1) or real(self))

    def make():
        torch.manual_seed(len(builds))
        return torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.GELU(), torch.nn.LayerNorm(8))

    from pyautofuse.torch.opinfo_table import within_float64_rule

    def check(model, got):  # the accuracy rule: eager's own error on LayerNorm dominates
        truth = model.double()(x.double())
        model.float()
        assert within_float64_rule(got, model(x), truth)

    x = torch.randn(4, 8)
    first, second = make(), make()
    with torch.no_grad():
        check(first, compiled(first)(x))
        report, n = last_report(), len(builds)
        assert n and report.fused
        check(second, compiled(second)(x))  # other weights, one graph
    assert len(builds) == n, "the second compile built the regions again"
    assert [r.ops for r in last_report().regions] == [r.ops for r in report.regions]
    out = second(x)
    second[0].weight.data.add_(1.0)  # the hit reads the instance's weights, not the first's
    with torch.no_grad():
        check(second, compiled(second)(x))
        assert not torch.equal(second(x), out)

    def with_constant(v):
        c = torch.tensor([v, 2.0 * v])
        return lambda t: (t + c).relu()

    t = torch.randn(3, 2)
    for v in (1.0, -5.0):
        fn = with_constant(v)
        torch.testing.assert_close(compiled(fn)(t), fn(t))
