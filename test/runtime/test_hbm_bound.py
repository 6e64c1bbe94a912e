"""No kernel is modelled faster than the 950 allows (issue 33): the bytes a graph must move
over its modelled time stay at or under the chip's 1.6 TB/s HBM on any number of cores,
and a launch of more blocks than the chip has vector cores runs them in waves."""

from __future__ import annotations

import pytest

from ascendc_emitter.target.platform import ASCEND_950
from bench import roofline
from runtime.kernel import PIPES, BlockTimeline, build_timeline
from tools.compile import compile_graph

from ..conftest import parse_ir

CASES = {
    "add_relu": lambda: roofline.elementwise(1024, 512),
    "bias_add": lambda: roofline.bias_add(1024, 512),
    "rmsnorm": lambda: roofline._row_reduction("rmsnorm", 512, 512),
    "outer_sum": lambda: roofline.axis_sum(1000, 77, 0),
    "inner_sum": lambda: roofline.axis_sum(77, 1000, 1),
}


@pytest.fixture(scope="module", params=sorted(CASES))
def case(request):  # type: ignore[no-untyped-def]
    c = CASES[request.param]()
    return c, compile_graph(parse_ir(c.ir), name=f"hbm_{request.param}")


@pytest.mark.parametrize("cores", [1, 56, 512])
def test_no_graph_moves_its_bytes_faster_than_hbm(case, cores: int) -> None:  # type: ignore[no-untyped-def]
    c, kernel = case
    got = kernel(*c.inputs, sizes=c.sizes, core_num=cores)
    t = kernel.last_run.timeline
    least = roofline.min_bytes(c, got)
    assert least / t.modelled_seconds <= ASCEND_950.hbm_bytes_per_second
    # the launches' footprints count every byte they touch in GM: at least what it must move
    assert sum(lt.footprint_bytes for lt in t.launch_timelines) >= least
    for lt in t.launch_timelines:
        assert lt.cycles >= lt.hbm_cycles
        assert lt.hbm_cycles * ASCEND_950.hbm_bytes_per_second / ASCEND_950.clock_hz >= lt.footprint_bytes * (1 - 1e-9)


def _costs(cores: int) -> dict[str, float]:
    return {
        "clock_hz": 1e9,
        "hbm_bytes_per_second": 1e12,
        "l2_bytes": 1e9,
        "l2_bytes_per_second": 1e13,
        "vector_cores": cores,
        "launch_seconds": 0.0,
        "launch_seconds_per_block": 0.0,
    }


def _blocks(*cycles: int) -> list[BlockTimeline]:
    return [BlockTimeline(0, i, c, dict.fromkeys(PIPES, c), 1) for i, c in enumerate(cycles)]


def test_blocks_beyond_the_cores_run_in_waves() -> None:
    # four blocks of 100 cycles on two cores: two waves
    t = build_timeline(_blocks(100, 100, 100, 100), [(0, 0)], _costs(2))
    assert t.total_cycles == 200 and t.per_core_cycles == {0: 200, 1: 200}
    # each block starts on the core that frees first: 100 | 50 + 50
    t = build_timeline(_blocks(100, 50, 50), [(0, 0)], _costs(2))
    assert t.total_cycles == 100 and t.per_core_cycles == {0: 100, 1: 100}
    # as many cores as blocks: the slowest block
    t = build_timeline(_blocks(100, 50, 50), [(0, 0)], _costs(56))
    assert t.total_cycles == 100 and sorted(t.per_core_cycles) == [0, 1, 2]


def test_the_chip_bandwidth_bounds_a_launch() -> None:
    # 10 MB over 1 TB/s at 1 GHz: 1e4 cycles, whatever the cores took
    t = build_timeline(_blocks(10, 10), [(10**7, 10**7)], _costs(56))
    assert t.total_cycles == 10**4 and t.launch_timelines[0].bound == "hbm"
    # a footprint beyond L2: every GM byte goes to HBM
    costs = _costs(56) | {"l2_bytes": 1e5}
    t = build_timeline(_blocks(10, 10), [(3 * 10**6, 10**6)], costs)
    assert t.total_cycles == 3 * 10**3


def test_the_launch_overhead_grows_with_the_blocks() -> None:
    costs = _costs(56) | {"launch_seconds": 0.245e-6, "launch_seconds_per_block": 0.0101e-6}
    one = build_timeline(_blocks(0), [(0, 0)], costs).modelled_seconds
    many = build_timeline(_blocks(*([0] * 64)), [(0, 0)], costs).modelled_seconds
    assert one == pytest.approx(0.245e-6) and many == pytest.approx(0.245e-6 + 63 * 0.0101e-6)

