"""Modelled kernel time: the simulator's timeline (``RunResult.timeline``) under a cost table.

The simulator records every instruction with its pipe (S, V, MTE2, MTE3) and the
happens-before order between them (program order per pipe, SetFlag/WaitFlag, barriers,
queue hand-offs, the compiler's auto-sync), and schedules each instruction at
max(its pipe free, the scalar unit's issue point, the finish of what it waits for)
(runtime/sim/include/ascsim/trace.h). A block's time is its critical path, so pipes that
the kernel's synchronisation lets overlap do overlap. A launch takes as long as its busiest
core (more blocks than the 950's 56 vector cores run in waves) and no less than its GM
bytes allow over the chip's shared HBM (1.6 TB/s; only the footprint when it fits the
128 MB L2) and L2 (5.2 TB/s); launches (the SK-like stage kernels) run one after another,
each with its measured launch overhead.

The costs are the 950's, each with its source beside it in
``ascendc_emitter/target/costs.py`` and ``ascendc_emitter/target/platform.py`` (Huawei's
Autofuse ATT v35 cost tables, the asc-devkit docs and their measured examples, the 950's
published figures); ``ascsim/costs.h`` is generated from them. The cost table (names as
``run(costs=...)`` and ``--param NAME=VALUE`` take them):

=========================  ====================================================================
clock_hz                   1.65 GHz (published; devkit examples measure 1650 cycles per us)
hbm_bytes_per_second       1.6 TB/s, chip-wide, reads and writes together (published)
vector_cores               56 (28 AI cores x 2 vector cores): blocks beyond run in waves
l2_bytes, l2_bytes_...     128 MB, 5.2 TB/s (devkit data_copy best-practice measurements)
load_a/b/h, load_small_*,  one DataCopy GM->UB / UB->GM: ``bytes / (a + b / block_dim) + h``
store_a/b/h                (ATT v35 perf_param_v2.cpp 'Load', 'LoadSmallBlk', 'Store')
load/store_stride_k,       strided GM side: ``k * blocks * min(stride, cap)`` more (ATT
stride_cap_bytes           'LoadStride'/'StoreStride'); blocks under a cache line move a line
mte2_head*, mte3_head      once per pipe per kernel (ATT perf_param_v2.cpp pipe heads)
vf_head                    20 cycles per vector function / memory-level vector call (ATT)
                           + per instruction kind and dtype latency and issue interval per
                           256-byte repeat (costs.VECTOR, ATT v35 tables)
ub_bytes_per_cycle         256: UB->UB DataCopy on PIPE_V (devkit Vector指令理论性能汇总)
simt_request,              one coalesced warp request; a DCache line fetched at one core's
simt_core_bytes_per_cycle  measured SIMT GM rate (37.4 B/cycle, devkit aligned_types)
scalar, flag, barrier      1 cycle: no source gives them; one issue slot (a lower bound)
launch_seconds(_per_block) 0.245 us + 0.0101 us per further block (measured Task - aiv time)
=========================  ====================================================================

WARP / DCACHE (32 threads / 32 KB: asc-devkit glossary 术语表 and seed 001) are modelled
in the simulator's counters (runtime/sim/include/ascsim/core.h). Absolute times are the
model's, not a device's: ATT's tables are what Huawei's own auto-tiler believes, and where
no source exists the cost is a lower bound, so a kernel is never modelled faster than the
950 allows (``bench/roofline.py`` sets every benchmark graph beside its roofline).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from runtime.kernel import COST_NAMES, PIPES, RunResult


@dataclass(frozen=True)
class CostModel:
    """Overrides of the simulator's cost table (empty: its defaults)."""

    overrides: Mapping[str, float] = field(default_factory=dict)

    def with_overrides(self, items: Iterable[str]) -> CostModel:
        """``NAME=VALUE`` strings (from ``--param``) applied to a copy."""
        changes = dict(self.overrides)
        for item in items:
            name, _, value = item.partition("=")
            if name not in COST_NAMES:
                raise ValueError(f"unknown cost-model parameter '{name}' (one of {', '.join(COST_NAMES)})")
            changes[name] = float(value)
        return CostModel(changes)

    def costs(self) -> dict[str, float]:
        """What ``CompiledKernel.run(costs=...)`` / ``CompiledGraph(costs=...)`` takes."""
        return dict(self.overrides)

    @staticmethod
    def kernel_time(run: RunResult) -> float:
        """Modelled seconds of a run (its timeline: critical paths plus launch overheads)."""
        if run.timeline is None:
            raise ValueError("the run has no timeline (not a simulator run)")
        return run.timeline.modelled_seconds

    @staticmethod
    def pipe_busy(run: RunResult) -> str:
        """Busy cycles per pipe on the slowest core, e.g. ``S=10 V=2048 MTE2=4000 MTE3=2100``."""
        if run.timeline is None:
            return ""
        busy = run.timeline.pipe_busy_cycles
        return " ".join(f"{p.removeprefix('PIPE_')}={busy[p]}" for p in PIPES)


__all__ = ["CostModel"]
