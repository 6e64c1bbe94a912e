"""SIMT GM accesses (runtime/sim/include/ascsim/simt.h): the inline path takes an in-bounds
access through a pointer the VF call has used before, the simulator every other one. Both
must give the same results and counters, and every wild access must still fault: one past
either end of an argument, an index whose byte offset overflows int64, a write to an input
-- also after many good accesses through the same pointer."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from runtime import SimulatorError, compile_kernel

HERE = Path(__file__).resolve().parent / "kernels"
N = 4096


@pytest.fixture(scope="module")
def ports_kernel():  # type: ignore[no-untyped-def]
    tiling = (HERE / "vadd_tiling.h").read_text()
    host = (HERE / "races_host_impl.cpp").read_text()  # one block over n floats; mode = tiling key
    device = (HERE / "simt_ports_device_impl.cpp").read_text()
    return compile_kernel(tiling, host, device, target="sim", name="simt_ports")


def run(kernel, mode: int):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(mode)
    x = rng.standard_normal(N).astype(np.float32)
    y = rng.standard_normal(N).astype(np.float32)
    z = np.zeros(N, np.float32)
    result = kernel.run([x, y, z], [N, mode], inputs=2)
    return x, y, z, result.stats


@pytest.mark.parametrize("mode", [0, 1, 2, 3])
def test_every_way_of_reaching_gm_counts_the_same(ports_kernel, mode: int) -> None:
    # 0: three pointers; 1: an interior pointer with negative indices; 2: twelve pointers
    # into x (more than the ports the simulator keeps); 3: one access through a pointer whose
    # elements are not x's (no port: every access through it is the simulator's)
    x, y, z, stats = run(ports_kernel, mode)
    np.testing.assert_array_equal(z, x + y)
    extra = 4 if mode == 3 else 0
    assert stats["gm_read_bytes"] == 2 * 4 * N + extra
    assert stats["gm_write_bytes"] == 4 * N
    assert stats["simt_gm_bytes"] == 3 * 4 * N + extra
    _, _, _, plain = run(ports_kernel, 0)
    if mode in (1, 2):  # the same lines in the same order: the same requests and misses
        assert (stats["simt_transactions"], stats["dcache_miss_lines"]) == (
            plain["simt_transactions"],
            plain["dcache_miss_lines"],
        )


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        (4, r"SIMT GM read: GM read out of bounds: bytes \[16384, 16388\) of arg0, which has 16384 bytes"),
        (5, r"SIMT GM read: GM read out of bounds: bytes \[-4, 0\) of arg0"),
        (6, r"SIMT GM read: GM read of element 4611686018427387903: its byte offset overflows int64"),
        (7, r"SIMT GM write: GM write to arg0, an input of the kernel \(inputs are read-only\)"),
    ],
)
def test_wild_accesses_fault_after_good_ones(ports_kernel, mode: int, message: str) -> None:
    with pytest.raises(SimulatorError, match=message):
        run(ports_kernel, mode)
