"""SIMT threads run interleaved on the simulator (runtime/sim/sim.cpp simt_run): results,
faults and counters are those of running them one after another."""

from __future__ import annotations

from collections import OrderedDict

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


def memory_model(idx: np.ndarray, b: int, k: int, n: int) -> tuple[int, int]:
    """(simt_transactions, dcache_miss_lines) of the SIMT gather-add on one core, from the
    memory model alone (runtime/sim/internal.h): element e runs on thread e % 256 as its
    (e // 256)-th element, with four GM accesses in program order -- idx[e] (8 bytes), x at
    (row, idx[e]), y[e], out[e] (4 bytes each) -- so its access numbers are 4 (e // 256) + a.
    A warp's (32 threads) accesses with one number coalesce into one request per distinct
    64-byte line of an argument (lines counted from the argument's start); the requests go,
    by access number, then warp, then line, through a 512-line LRU cache."""
    e = np.arange(b * n, dtype=np.int64)
    row = e // n
    offsets = [
        (1, e * 8),  # idx: argument 1
        (0, (row * k + idx.reshape(-1)) * 4),  # x: argument 0
        (2, e * 4),  # y
        (3, e * 4),  # out
    ]
    keys = np.concatenate(
        [
            np.stack([4 * (e // 256) + a, (e % 256) // 32, ((owner + 1) << 40) | (off // 64)], axis=1)
            for a, (owner, off) in enumerate(offsets)
        ]
    )
    requests = np.unique(keys, axis=0)  # sorted by (access number, warp, line), distinct
    cache: OrderedDict[int, None] = OrderedDict()
    misses = 0
    for line in requests[:, 2].tolist():
        if line in cache:
            cache.move_to_end(line)
            continue
        misses += 1
        cache[line] = None
        if len(cache) > 512:
            cache.popitem(last=False)
    return len(requests), misses


@pytest.mark.parametrize("shape", [(64, 300, 1000), (3, 5000, 777), (16, 40, 96)])
def test_counters_are_the_memory_model_s(kernel, shape) -> None:
    # The coalescing and DCache counters come from the record of every access, whether
    # simt.h took it inline or the simulator did: the same numbers as the model's.
    b, k, n = shape
    x, idx, y = inputs(b, k, n)
    (out,) = kernel(x, idx, y, sizes={"s0": b, "s1": k, "s2": n}, core_num=1)
    np.testing.assert_array_equal(out, np.take_along_axis(x, idx, 1) + y)
    s = kernel.stats
    transactions, misses = memory_model(idx, b, k, n)
    assert (s["simt_transactions"], s["dcache_miss_lines"]) == (transactions, misses)
    assert s["gm_read_bytes"] == b * n * (8 + 4 + 4) and s["gm_write_bytes"] == b * n * 4
    assert s["simt_gm_bytes"] == b * n * (8 + 4 + 4 + 4)


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
