"""UB reuse by liveness and double-buffered tile loops (issue 18) on the simulator: long
chains fit the 64-buffer limit and compute torch's result, both schedules are race-free under
the simulator's detector, and host tiling's slot choice follows the real sizes."""

from __future__ import annotations

import re

import numpy as np
import pytest

from bench.startup import chain
from tools.compile import compile_graph

from ..conftest import parse_ir


def expected_chain(a: np.ndarray, b: np.ndarray, length: int) -> np.ndarray:
    """The chain's formula in numpy (add, mul, maximum, sub, repeated)."""
    cur = a
    for i in range(length):
        cur = [np.add, np.multiply, np.maximum, np.subtract][i % 4](cur, b)
    return cur


@pytest.mark.parametrize("vf", [False, True])
def test_a_chain_longer_than_the_buffer_limit_shares_buffers_and_computes_right(vf: bool) -> None:
    """70 root-path ops asked for 72 TBufs before buffers were shared by liveness (the limit is
    64); now the intermediates ping-pong between a few. The simulator checks the kernel against
    the reference (check=True), and its race detector runs on every call."""
    length = 70
    k = compile_graph(parse_ir(chain(length)), vf=vf, check=True)
    buffers = len(re.findall(r"pipe\.InitBuffer\(", k.sources.device_impl_cpp))
    assert buffers <= 8, buffers
    rng = np.random.default_rng(1)
    a = rng.uniform(0.5, 1.5, (3, 700)).astype(np.float32)
    b = rng.uniform(0.9, 1.1, (3, 700)).astype(np.float32)
    (out,) = k(a, b, sizes={"s0": 3, "s1": 700}, core_num=2, ub_size=16 * 1024)
    np.testing.assert_allclose(out, expected_chain(a, b, length), rtol=1e-4)


@pytest.mark.parametrize("double", [False, True])
def test_both_schedules_agree_and_overlap_where_there_are_tiles(double: bool) -> None:
    """The drained and the double-buffered schedule give the same numbers, with many tiles per
    core and with one (host tiling then gives a single slot); with many tiles the
    double-buffered pipes overlap (modelled time within 1.15x the busiest pipe) where the
    drained loop serialises them."""
    k = compile_graph(parse_ir(chain(6)), double_buffer=double, check=True)
    rng = np.random.default_rng(2)
    a = rng.standard_normal((64, 8192)).astype(np.float32)
    b = rng.standard_normal((64, 8192)).astype(np.float32)
    (out,) = k(a, b, sizes={"s0": 64, "s1": 8192}, core_num=2)
    np.testing.assert_allclose(out, expected_chain(a, b, 6), rtol=1e-5)
    many = k.last_run.timeline
    (small,) = k(a[:1, :1024], b[:1, :1024], sizes={"s0": 1, "s1": 1024}, core_num=2)
    np.testing.assert_allclose(small, expected_chain(a[:1, :1024], b[:1, :1024], 6), rtol=1e-5)
    busiest = max(many.pipe_busy_cycles.values())
    if double:
        assert many.total_cycles <= 1.15 * busiest  # the pipes overlap
    else:
        assert many.total_cycles >= 1.5 * busiest  # each tile drains every pipe


T = "!ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>"
PASS_THROUGH = f"""builtin.module {{
  ascir.graph @pass_through hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{
    %x = ascir.data {{index = 0 : i64}} : {T}
    %y = ascir.data {{index = 1 : i64}} : {T}
    %lx = ascir.load %x sched [z0, z1] : {T}
    %ly = ascir.load %y sched [z0, z1] : {T}
    %r = ascir.relu %ly sched [z0, z1] : {T}
    %s0 = ascir.store %r sched [z0, z1] : {T}
    %o0 = ascir.output %s0 {{index = 0 : i64}} : {T}
    %s1 = ascir.store %lx sched [z0, z1] : {T}
    %o1 = ascir.output %s1 {{index = 1 : i64}} : {T}
  }}
}}
"""


@pytest.mark.parametrize("vf", [False, True])
def test_a_loaded_value_stored_as_it_is_orders_the_next_fill_after_the_drain(vf: bool) -> None:
    """A buffer MTE2 fills and MTE3 drains with no vector op between (an input passed to an
    output): in the double-buffered loop the next fill of its slot must wait for the drain
    (MTE3_MTE2 per slot) -- the vector pipe's hand-offs do not order the two. The simulator's
    race detector flagged the kernel before (found by the torch front end)."""
    k = compile_graph(parse_ir(PASS_THROUGH), vf=vf, check=True)
    assert "HardEvent::MTE3_MTE2" in k.sources.device_impl_cpp
    rng = np.random.default_rng(3)
    x, y = (rng.standard_normal((16, 8192)).astype(np.float32) for _ in range(2))
    out0, out1 = k(x, y, sizes={"s0": 16, "s1": 8192}, core_num=1, ub_size=64 * 1024)
    np.testing.assert_array_equal(out1, x)
    np.testing.assert_array_equal(out0, np.maximum(y, 0))


SOFTMAX_ROWS = """builtin.module {
  ascir.graph @softmax hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !t
    %l = ascir.load %x : !t
    %m = ascir.reduce_max %l : !r
    %mb = ascir.broadcast %m : !t
    %d = ascir.sub %l, %mb : !t
    %e = ascir.exp %d : !t
    %s = ascir.reduce_sum %e : !r
    %sb = ascir.broadcast %s : !t
    %y = ascir.div %e, %sb : !t
    %st = ascir.store %y : !t
    %o = ascir.output %st {index = 0 : i64} : !t
  }
}
""".replace("!t", "!ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>").replace(
    "!r", "!ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>"
)


@pytest.mark.parametrize("vf", [False, True])
def test_resident_reduction_rows_are_double_buffered(vf: bool) -> None:
    """Softmax rows that fit the UB whole (the RESIDENT schedule) are independent work items:
    with many rows per core they take two slots and the copy-in of row t + 1 overlaps the
    compute of row t -- the same numbers as the drained loop, race-free, and faster on the
    timeline. A row too long for two slots streams in chunks (STREAMING: one slot, drained)."""
    rng = np.random.default_rng(3)
    x = (4 * rng.standard_normal((64, 2048))).astype(np.float32)
    e = np.exp(x - x.max(-1, keepdims=True))
    want = e / e.sum(-1, keepdims=True)
    cycles = {}
    for double in (False, True):
        k = compile_graph(parse_ir(SOFTMAX_ROWS), vf=vf, double_buffer=double, check=True)
        (out,) = k(x, sizes={"s0": 64, "s1": 2048}, core_num=2)
        np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-7)
        cycles[double] = k.last_run.timeline.total_cycles
        assert k.last_run.tiling_key == 1  # RESIDENT
    assert cycles[True] <= 0.75 * cycles[False], cycles
    # rows longer than the UB holds twice, one a core: streamed, one slot, still right (on
    # two cores the model splits them: six half rows in three waves beat two rows on one core)
    long = (4 * rng.standard_normal((3, 40000))).astype(np.float32)
    (out,) = k(long, sizes={"s0": 3, "s1": 40000}, core_num=3, ub_size=64 * 1024)
    assert k.last_run.tiling_key == 2  # STREAMING
    e = np.exp(long - long.max(-1, keepdims=True))
    np.testing.assert_allclose(out, e / e.sum(-1, keepdims=True), rtol=1e-5, atol=1e-7)


def test_simd_gather_tiles_are_double_buffered() -> None:
    """The SIMD IndirectLoad template's tile loop takes two slots of its copied buffers when a
    core has several tiles: the copies overlap the Gathers (modelled time near the busiest
    pipe's), the numbers are numpy's, the race detector passes; a core with one tile keeps one
    slot and the same numbers."""
    from bench.indirect_load import gather_last

    ir, inputs, sizes, (want,) = gather_last(256)
    ratio = {}
    for double in (False, True):
        k = compile_graph(parse_ir(ir), name="simd_db", template="simd", double_buffer=double, check=True)
        (out,) = k(*inputs, sizes=sizes, core_num=1)
        np.testing.assert_array_equal(out, want)
        tl = k.last_run.timeline
        ratio[double] = tl.total_cycles / max(tl.pipe_busy_cycles.values())
    assert ratio[True] <= 1.15 < 1.25 <= ratio[False], ratio  # overlapped vs one slot
    ir, inputs, sizes, (want,) = gather_last(8, 2)
    (out,) = compile_graph(parse_ir(ir), name="simd_one", template="simd")(*inputs, sizes=sizes, core_num=8)
    np.testing.assert_array_equal(out, want)
