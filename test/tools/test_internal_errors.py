"""Internal errors are never silent (issue 31 item 4): a compiler bug reaches every driver as
an ``InternalCompilerError`` naming the failing pass and node -- ``compile_graph`` raises it
(it is not an ``AscirError``: not the user's fault), ``ascir-opt`` exits 2 with it, and the
torch backend counts it apart from refusals (a warning, ``Report.internal_errors``, the ops
of its region counted as eager), or raises it under ``strict``.

The bug is planted with ``monkeypatch`` in the SIMT lowering of a gather (where issue 31's
``KeyError: 'z0'`` came from).
"""

from __future__ import annotations

import logging

import pytest

from ascir_dialect.diagnostics import AscirError, InternalCompilerError
from lowering.indirect_simt import SimtTemplate
from tools.compile import compile_graph

from ..conftest import opt_in_process, parse_ir

GATHER = """
ascir.graph @g hint sizes [] axes [0: a = 4, 1: p = 9] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [p], [9], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a], [4], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [p], [9], [1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a], [4], [1]>
  %g = ascir.indirect_load %xl, %il {dim = 0 : i64} : !ascir.tensor<float32, [a], [4], [1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a], [4], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a], [4], [1]>
}
"""


@pytest.fixture
def planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: SimtTemplate, n: object, env: dict) -> object:
        return env["no such axis"]

    monkeypatch.setattr(SimtTemplate, "_gather", broken)
    monkeypatch.setenv("ASCIR_GRAPH_CACHE", "0")


def test_compile_graph_raises_it_naming_the_pass_and_the_node(planted_bug: None) -> None:
    with pytest.raises(InternalCompilerError) as info:
        compile_graph(parse_ir(GATHER), template="simt")
    e = info.value
    assert not isinstance(e, AscirError)
    assert e.where == "pass lower-to-ascendc" and e.node is not None
    assert "ascir.indirect_load %g" in e.node
    assert str(e).startswith("internal error in pass lower-to-ascendc at ")
    assert str(e).endswith("KeyError: 'no such axis'")
    assert isinstance(e.__cause__, KeyError)


def test_ascir_opt_exits_2_with_the_pass_and_node(planted_bug: None, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "g.mlir"
    path.write_text(GATHER)
    out = opt_in_process(str(path), "-p", "autofuse{template=simt}", "-t", "ascendc")
    assert out.returncode == 2
    first = out.stderr.splitlines()[0]
    assert first.startswith("ascir-opt: internal error in pass ")
    assert "ascir.indirect_load %g" in first and "KeyError: 'no such axis'" in first
    assert "This is a bug in ascir-opt" in out.stderr and "Traceback" not in out.stderr


def test_torch_backend_counts_it_apart_and_warns(planted_bug: None, caplog: pytest.LogCaptureFixture) -> None:
    torch = pytest.importorskip("torch")
    from pyautofuse.torch import last_report, reset_report

    fn = lambda w, i: torch.nn.functional.embedding(i, w) * 2  # noqa: E731
    w, i = torch.randn(9, 3), torch.randint(0, 9, (4,))
    torch._dynamo.reset()
    reset_report()
    with caplog.at_level(logging.WARNING, logger="pyautofuse.torch"):
        got = torch.compile(fn, backend="ascir")(w, i)
    torch.testing.assert_close(got, fn(w, i))
    report = last_report()
    assert report.internal_errors and "KeyError" in report.internal_errors[0]
    assert report.eager_ops >= 2  # embedding and mul ran in eager torch
    assert "internal compiler error" in report.summary() and "compiler bug" in report.summary()
    assert any("a compiler bug, please report it" in r.getMessage() for r in caplog.records)
    torch._dynamo.reset()
    with pytest.raises(Exception, match="internal error in pass lower-to-ascendc"):
        torch.compile(fn, backend="ascir", options={"strict": True})(w, i)


def test_the_summary_counts_the_ops_of_a_region_that_fell_back() -> None:
    from pyautofuse.torch.backend import Region, Report

    r = Report(regions=[Region("r0", ["aten.add.Tensor", "aten.mul.Tensor"], False, "refused: x")])
    assert r.eager_ops == 2
    assert "2 op(s) in eager torch" in r.summary()
