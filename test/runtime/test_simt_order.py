"""SIMT threads run interleaved on the simulator (runtime/sim/sim.cpp simt_run): results,
faults and counters are those of running them one after another."""

from __future__ import annotations

import numpy as np
import pytest

from runtime.errors import SimulatorError
from tools.compile import compile_graph


def gather_add(b: int, k: int, n: int):
    from pyautofuse import ascir
    from pyautofuse.ascir_api import gather, load_input, store_output

    f32, i64 = ascir.dtypes.float32, ascir.dtypes.int64
    g = ascir.HintGraph("simt_order")
    a, c, m = (g.create_axis(f"a{i}", g.create_size(f"s{i}")) for i in range(3))
    xl = load_input(g, "x", 0, f32, [a, c])
    il = load_input(g, "idx", 1, i64, [a, m])
    yl = load_input(g, "y", 2, f32, [a, m])
    add = ascir.ops.Add("add")
    add.x1 = gather(g, xl, 1, il)
    add.x2 = yl
    store_output(g, add)
    return g, {"s0": b, "s1": k, "s2": n}


@pytest.fixture(scope="module")
def kernel():
    g, _ = gather_add(1, 1, 1)
    return compile_graph(g, name="simt_order", template="simt")


def inputs(b: int, k: int, n: int):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((b, k)).astype(np.float32)
    idx = rng.integers(0, k, (b, n)).astype(np.int64)
    y = rng.standard_normal((b, n)).astype(np.float32)
    return x, idx, y


def test_many_rounds_compute_the_gather(kernel) -> None:
    # far more accesses per thread than one round holds
    b, k, n = 64, 300, 1000
    x, idx, y = inputs(b, k, n)
    (out,) = kernel(x, idx, y, sizes={"s0": b, "s1": k, "s2": n}, core_num=1)
    np.testing.assert_array_equal(out, np.take_along_axis(x, idx, 1) + y)
    s = kernel.stats
    assert s["simt_gm_bytes"] == b * n * (8 + 4 + 4 + 4)
    assert 0 < s["dcache_miss_lines"] <= s["simt_transactions"]


def test_the_fault_is_the_lowest_thread_s(kernel) -> None:
    # Element e runs on thread e % 256, 4 GM accesses each. Thread 5 meets a bad index in its
    # first round; thread 0 only at its 100th element, rounds later. In thread order thread
    # 0's fault comes first, and so it is the one reported.
    b, k, n = 32, 64, 1024
    x, idx, y = inputs(b, k, n)
    flat = idx.reshape(-1)
    flat[5] = 1000
    flat[100 * 256] = 2000
    with pytest.raises(SimulatorError, match="index value 2000 is out of range"):
        kernel(x, idx, y, sizes={"s0": b, "s1": k, "s2": n}, core_num=1)
    flat[100 * 256] = 0
    with pytest.raises(SimulatorError, match="index value 1000 is out of range"):
        kernel(x, idx, y, sizes={"s0": b, "s1": k, "s2": n}, core_num=1)


def _mappings() -> int:
    with open("/proc/self/maps") as f:
        return sum(1 for _ in f)


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/maps"), reason="needs /proc/self/maps")
def test_idle_kernel_modules_hold_no_fiber_stacks() -> None:
    """Every kernel module links its own simulator, and a process loads many (the test suite,
    a torch program with many regions). A module that kept its SIMT fibers' stacks (a guard
    page and a stack each: two mappings per thread) after a run piled up mappings until
    vm.max_map_count made every mmap fail -- a MemoryError or a thread that never starts,
    far from the cause. After a run a module holds none; during one, one mapping of slots."""
    b, k, n = 4, 16, 300
    x, idx, y = inputs(b, k, n)
    sizes = {"s0": b, "s1": k, "s2": n}
    growth = []
    for i in range(3):  # three modules (different names), each run twice
        g, _ = gather_add(1, 1, 1)
        before = _mappings()
        kernel = compile_graph(g, name=f"simt_maps{i}", template="simt")
        for _ in range(2):
            (out,) = kernel(x, idx, y, sizes=sizes, core_num=2)
            np.testing.assert_array_equal(out, np.take_along_axis(x, idx, 1) + y)
        assert kernel.stats["simt_threads"] > 0
        growth.append(_mappings() - before)
    # loading a module maps its library's segments (a handful); 256 SIMT threads kept
    # stacks for would be 512 more
    assert max(growth) < 64, growth
