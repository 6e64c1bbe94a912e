"""SyncAll, the cross-core barrier, in the simulator: a ``__mix__(0, 1)`` kernel's blocks run
side by side (``launch_blocks_mix``), wait for each other at ``SyncAll<true>()`` and see
each other's workspace writes after it; two blocks touching one workspace granule with no
SyncAll between them race; a block that skips a SyncAll the others wait at would hang the
device; the barrier's rules (kernel type, blocks <= cores, isAIVOnly) are refused with their
source; the timeline lets every block go on at the latest arrival plus the barrier's cost.

Sources: asc-devkit ``docs/zh/api/SIMD-API/基础API/同步控制/核间同步/SyncAll.md`` (功能说明,
约束说明) and ``impl/basic_api/dav_3510/kernel_operator_sync_impl.h`` (SyncAllImpl: a
PIPE_ALL barrier before the cross-core flag). DS: the generated-code contract ("the
simulator is at least as strict as the device"); issues 36 and 38 (one launch for a
reduction's phases, the AIC/AIV hand-off)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from ascendc_emitter.target.api_rules import rule
from runtime import SimulatorError
from test.handwritten import build

# Each block b doubles its 8 floats of x into the workspace, waits for every block, then
# adds every block's 8 workspace floats: y[b] = 2 * sum over blocks of x[k]. Block b does
# b + 1 extra passes over its tile before the barrier (uneven arrivals). Modes: 0 syncs;
# 1 does not (a race across cores); 2: block 1 ends before the SyncAll (a hang).
KERNEL = """\
#include "kernel_operator.h"
#include "tiling.h"

using namespace AscendC;

extern "C" __global__ QUALIFIER void NAME(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, AutofuseTilingData tiling) {
    const int64_t blocks = GetBlockNum(), b = GetBlockIdx();
    GlobalTensor<float> xGm, yGm, wGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, blocks * 8);
    yGm.SetGlobalBuffer((__gm__ float*)y, blocks * 8);
    wGm.SetGlobalBuffer((__gm__ float*)workspace, blocks * 8);
    TPipe pipe;
    TBuf<TPosition::VECCALC> ab, sb;
    pipe.InitBuffer(ab, uint32_t(blocks * 8 * sizeof(float)));
    pipe.InitBuffer(sb, uint32_t(8 * sizeof(float)));
    LocalTensor<float> a = ab.Get<float>();
    LocalTensor<float> s = sb.Get<float>();
    DataCopy(a, xGm[b * 8], 8);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    for (int64_t i = 0; i <= b; ++i) Muls(a, a, 1.0f, 8);
    Muls(a, a, 2.0f, 8);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(wGm[b * 8], a, 8);
    SetFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_MTE2>(0);
    if (tiling.mode == 2 && b == 1) return;
    if (tiling.mode != 1) SyncAll<true>();
    DataCopy(a, wGm, uint32_t(blocks * 8));
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    Duplicate(s, 0.0f, 8);
    for (int64_t k = 0; k < blocks; ++k) Add(s, s, a[k * 8], 8);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm[b * 8], s, 8);
}
"""


def _kernel(name: str, qualifier: str):  # type: ignore[no-untyped-def]
    device = KERNEL.replace("QUALIFIER", qualifier).replace("NAME", name)
    return build(device, name, blocks="uint32_t(n)", workspace="n * 8 * 4")


@pytest.fixture(scope="module")
def mix():  # type: ignore[no-untyped-def]
    return _kernel("sync_all_mix", "__mix__(0, 1)")


def _run(kernel, blocks: int, mode: int, **kw):  # type: ignore[no-untyped-def]
    x = np.arange(blocks * 8, dtype=np.float32) - 5.0
    y = np.zeros(blocks * 8, np.float32)
    kw.setdefault("core_num", 8)
    result = kernel.run([x, y], [blocks, mode], **kw)
    return x, y, result


@pytest.mark.parametrize("blocks", [1, 2, 5, 8])
def test_every_block_sees_every_other_blocks_writes_after_sync_all(mix, blocks: int) -> None:  # type: ignore[no-untyped-def]
    x, y, result = _run(mix, blocks, 0)
    expected = np.tile(2 * x.reshape(blocks, 8).sum(axis=0), blocks)
    np.testing.assert_array_equal(y, expected)
    assert result.stats["blocks"] == blocks and result.stats["launches"] == 1


def test_a_workspace_read_with_no_sync_all_races_across_cores(mix) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SimulatorError, match=r"race: DataCopy.*\(block 1\) writes workspace byte 32 that "
                       r"block 0 reads with no SyncAll between them"):
        _run(mix, 2, 1)


def test_a_block_that_skips_sync_all_would_hang(mix) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SimulatorError, match=r"3 of 4 blocks wait at SyncAll #1 but block 1 ended.*would hang"):
        _run(mix, 4, 2)


def test_sync_all_in_a_vector_kernel_is_refused() -> None:
    vector = _kernel("sync_all_vector", "__vector__")
    r = rule("sync-all-kernel-type")
    with pytest.raises(SimulatorError, match=re.escape(f"[{r.id}: {r.text}; {r.source}]")):
        _run(vector, 2, 0)


def test_sync_all_on_more_blocks_than_cores_is_refused(mix) -> None:  # type: ignore[no-untyped-def]
    r = rule("sync-all-cores")
    with pytest.raises(SimulatorError, match=re.escape(f"[{r.id}: {r.text}; {r.source}]")):
        _run(mix, 4, 0, core_num=2)


def test_the_barrier_lets_every_block_go_on_at_the_latest_arrival(mix, tmp_path) -> None:  # type: ignore[no-untyped-def]
    trace = tmp_path / "trace.json"
    _, _, result = _run(mix, 4, 0, trace=trace)
    events = json.loads(trace.read_text())["traceEvents"]
    syncs = {e["pid"]: e for e in events if e.get("name") == "SyncAll"}
    assert sorted(syncs) == [0, 1, 2, 3]
    ends = {round(e["ts"] + e["dur"], 6) for e in syncs.values()}
    assert len(ends) == 1, "every block leaves the barrier at one time"
    # block 3 did the most work before it: it arrives last, and the barrier is not free
    starts = {b: e["ts"] for b, e in syncs.items()}
    assert starts[3] == max(starts.values()) and ends.pop() > starts[3]
    after = [e for e in events if e.get("ph") == "X" and e["name"] != "SyncAll"]
    for b, e in syncs.items():
        later = [a["ts"] for a in after if a["pid"] == b and a["args"]["instruction"] > e["args"]["instruction"]]
        assert later and min(later) >= e["ts"] + e["dur"] - 1e-9
    timeline = result.timeline
    assert timeline is not None and timeline.launches == 1
    assert len({b.cycles for b in timeline.blocks}) == 1, "the blocks do the same work after the barrier"
