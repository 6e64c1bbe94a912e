"""The simulator's timeline (ascsim/trace.h, RunResult.timeline) and its Chrome trace."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from ascir_dialect.diagnostics import AscirArgumentError
from runtime import compile_kernel
from runtime.kernel import PIPES
from tools.compile import compile_graph

from ..conftest import parse_ir

HERE = Path(__file__).resolve().parent / "kernels"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def vadd():  # type: ignore[no-untyped-def]
    sources = [(HERE / f"vadd_{n}").read_text() for n in ("tiling.h", "host_impl.cpp", "device_impl.cpp")]
    return compile_kernel(*sources, target="sim", name="timeline_vadd")


def run_vadd(kernel, n: int, cores: int = 1, **kw):  # type: ignore[no-untyped-def]
    x = np.ones(n, np.float32)
    y = np.ones(n, np.float32)
    z = np.zeros(n, np.float32)
    result = kernel.run([x, y, z], [n], core_num=cores, **kw)
    np.testing.assert_array_equal(z, 2)
    return result


def test_timeline_reports_critical_path_and_busy_pipes(vadd) -> None:  # type: ignore[no-untyped-def]
    t = run_vadd(vadd, 16 * 2048, cores=2).timeline
    assert set(t.pipe_busy_cycles) == set(PIPES)
    assert t.launches == 1 and sorted(t.per_core_cycles) == [0, 1]
    assert t.total_cycles == max(t.per_core_cycles.values()) > 0
    busy = t.pipe_busy_cycles
    assert busy["PIPE_MTE2"] > 0 and busy["PIPE_V"] > 0 and busy["PIPE_MTE3"] > 0
    # the double-buffered queues let MTE2, V and MTE3 of neighbouring tiles overlap
    assert max(busy.values()) <= t.total_cycles < busy["PIPE_MTE2"] + busy["PIPE_V"] + busy["PIPE_MTE3"]
    # the 950's clock, and the measured launch overhead: 0.245 us + 0.0101 us per further block
    assert t.modelled_seconds == pytest.approx(t.total_cycles / 1.65e9 + 0.245e-6 + 0.0101e-6)


def test_costs_are_overridable_per_run(vadd) -> None:  # type: ignore[no-untyped-def]
    base = run_vadd(vadd, 4096).timeline
    slow = run_vadd(vadd, 4096, costs={"load_h": 1600}).timeline
    assert slow.total_cycles > base.total_cycles
    again = run_vadd(vadd, 4096).timeline  # the override does not outlive its run
    assert again.total_cycles == base.total_cycles
    with pytest.raises(AscirArgumentError, match="unknown timeline cost 'dma'"):
        run_vadd(vadd, 4096, costs={"dma": 1})
    with pytest.raises(AscirArgumentError, match="clock_hz must be a finite number"):
        run_vadd(vadd, 4096, costs={"clock_hz": 0})


def test_chrome_trace_of_an_emitted_kernel(tmp_path: Path) -> None:
    module = parse_ir((ROOT / "examples" / "add_relu.mlir").read_text())
    path = tmp_path / "add_relu.json"
    k = compile_graph(module, name="add_relu_trace", trace=path)
    x = np.random.default_rng(0).standard_normal((64, 3000)).astype(np.float32)
    y = np.random.default_rng(1).standard_normal((64, 3000)).astype(np.float32)
    k(x, y, sizes={"s0": 64, "s1": 3000}, core_num=3)
    trace = json.loads(path.read_text())
    events = trace["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["name"] == "thread_name"}
    slices = [e for e in events if e["ph"] == "X"]
    cores = sorted({e["pid"] for e in slices})
    assert cores == list(range(k.last_run.block_dim)) and len(cores) > 1
    for core in cores:
        used = {names[(core, e["tid"])] for e in slices if e["pid"] == core}
        assert {"PIPE_MTE2", "PIPE_V", "PIPE_MTE3"} <= used
        for tid in {e["tid"] for e in slices if e["pid"] == core}:
            track = [e for e in slices if e["pid"] == core and e["tid"] == tid]
            starts = [e["ts"] for e in track]
            assert starts == sorted(starts)
            for a, b in itertools.pairwise(track):
                assert a["ts"] + a["dur"] <= b["ts"] + 1e-9  # no overlap within a pipe
    apis = {e["name"] for e in slices}
    assert {"DataCopyPad(GM->UB)", "asc_vf_call", "DataCopyPad(UB->GM)", "SetFlag", "WaitFlag"} <= apis
    # the timeline the trace shows is the run's
    t = k.last_run.timeline
    end = max(e["ts"] + e["dur"] for e in slices)
    assert end == pytest.approx(t.total_cycles * 1e6 / t.clock_hz)
