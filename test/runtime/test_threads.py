"""Thread safety by design (issue 32 item 1): a kernel, a compiled graph and a compiled
torch function can be called from any number of threads at once, with results equal to
serial calls. The simulator's state belongs to the thread running a launch (runtime/sim
ThreadSim: core, UB, GM registry, record, timeline, SIMT fibers), so threads never share
it, whether they call one ``CompiledGraph``, several copies of one cached kernel module,
or different kernels; compiling from several threads at once is safe too.

Each stress test runs 8 threads, each calling its kernel repeatedly with its own inputs,
and compares every result with the serial result of the same inputs, exactly (the
simulator is deterministic).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tools.compile import compile_graph

from ..conftest import parse_ir

THREADS = 8
CALLS = 6

ELEMENTWISE = """ascir.graph @ew hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %yl = ascir.load %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %a = ascir.add %xl, %yl : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.exp %a : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.reduce_sum %r : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %st = ascir.store %s : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}
"""

GATHER = """ascir.graph @ga hint sizes [a, b, p] axes [0: r = a, 1: c = b, 2: q = p] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [r, q], [a, p], [p, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [r, c], [a, b], [b, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [r, q], [a, p], [p, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [r, c], [a, b], [b, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [r, c], [a, b], [b, 1]>
  %n = ascir.abs %g : !ascir.tensor<float32, [r, c], [a, b], [b, 1]>
  %st = ascir.store %n : !ascir.tensor<float32, [r, c], [a, b], [b, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [r, c], [a, b], [b, 1]>
}
"""


def ew_inputs(seed: int) -> tuple[list[np.ndarray], dict[str, int]]:
    rng = np.random.default_rng(seed)
    rows, cols = 3 + seed % 5, 200 + 37 * seed
    return [rng.standard_normal((rows, cols)).astype(np.float32) for _ in range(2)], {"s0": rows, "s1": cols}


def gather_inputs(seed: int) -> tuple[list[np.ndarray], dict[str, int]]:
    rng = np.random.default_rng(seed)
    a, b, p = 2 + seed % 3, 64 + 13 * seed, 50
    x = rng.standard_normal((a, p)).astype(np.float32)
    i = rng.integers(0, p, (a, b)).astype(np.int32)
    return [x, i], {"a": a, "b": b, "p": p}


def stress(calls: list[Callable[[int], list[np.ndarray]]]) -> None:
    """Thread ``t`` calls ``calls[t % len(calls)]`` with seeds ``t, t + 1, ...``; every result
    must equal the serial one."""
    seeds = range(THREADS + CALLS)
    serial = {(k, s): calls[k](s) for k in range(len(calls)) for s in seeds}
    failures: list[Any] = []

    def worker(t: int) -> None:
        k = t % len(calls)
        try:
            for j in range(CALLS):
                got = calls[k](t + j)
                for g, w in zip(got, serial[(k, t + j)], strict=True):
                    if not np.array_equal(g, w):
                        failures.append((t, j, "differs"))
        except Exception as e:  # reported below, with the thread
            failures.append((t, repr(e)))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not failures, failures[:4]


def test_one_compiled_graph_from_many_threads() -> None:
    k = compile_graph(parse_ir(ELEMENTWISE), name="threads_ew")
    stress([lambda s: k(*ew_inputs(s)[0], sizes=ew_inputs(s)[1], core_num=1 + s % 4)])


@pytest.mark.parametrize("template", ["simd", "simt", "sklike"])
def test_gather_templates_from_many_threads(template: str) -> None:
    """SIMT runs its threads as fibers on the launching thread; SK-like launches several
    kernels and shares a workspace within the launch only."""
    module = parse_ir(GATHER)
    k = compile_graph(module, name=f"threads_{template}", template=template)
    stress([lambda s: k(*gather_inputs(s)[0], sizes=gather_inputs(s)[1], core_num=1 + s % 3)])


def test_copies_of_one_cached_kernel_and_different_kernels_at_once() -> None:
    """The same graph compiled four times (one cached module, loaded once) and a different
    kernel, one per thread."""
    copies = [compile_graph(parse_ir(ELEMENTWISE), name="threads_copy") for _ in range(4)]
    other = compile_graph(parse_ir(GATHER), name="threads_other", template="simt")
    calls = [lambda s, k=k: k(*ew_inputs(s)[0], sizes=ew_inputs(s)[1]) for k in copies]
    calls.append(lambda s: other(*gather_inputs(s)[0], sizes=gather_inputs(s)[1]))
    stress(calls)


def test_stats_and_last_run_are_the_calling_threads() -> None:
    k = compile_graph(parse_ir(ELEMENTWISE), name="threads_stats")
    seen: dict[int, int] = {}

    def worker(t: int) -> None:
        inputs, sizes = ew_inputs(t)
        k(*inputs, sizes=sizes)
        seen[t] = k.stats["gm_read_bytes"]

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for t in range(4):
        inputs, _ = ew_inputs(t)
        assert seen[t] == sum(a.nbytes for a in inputs)


def test_compiling_from_many_threads() -> None:
    """compile_graph from several threads at once (the GC tuning, the parser's line index,
    the caches): every kernel correct."""
    results: dict[int, Any] = {}
    errors: list[str] = []

    def worker(t: int) -> None:
        try:
            text = ELEMENTWISE.replace("@ew", f"@ew_compile_{t}").replace("ascir.exp", "ascir.relu" if t % 2 else "ascir.exp")
            k = compile_graph(parse_ir(text))
            inputs, sizes = ew_inputs(t)
            results[t] = (k(*inputs, sizes=sizes), t % 2)
        except Exception as e:
            errors.append(repr(e))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    for t, ((got,), relu) in results.items():
        (x, y), _ = ew_inputs(t)
        a = x + y
        want = (np.maximum(a, 0) if relu else np.exp(a)).astype(np.float64).sum(1, keepdims=True)
        np.testing.assert_allclose(got, want, rtol=1e-5)
