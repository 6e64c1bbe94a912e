"""Modelled kernel time: the simulator's timeline (``RunResult.timeline``) under a cost table.

The simulator records every instruction with its pipe (S, V, MTE2, MTE3) and the
happens-before order between them (program order per pipe, SetFlag/WaitFlag, barriers,
queue hand-offs, the compiler's auto-sync), and schedules each instruction at
max(its pipe free, the scalar unit's issue point, the finish of what it waits for)
(runtime/sim/include/ascsim/trace.h). A block's time is its critical path, so pipes that
the kernel's synchronisation lets overlap do overlap. A launch takes as long as its slowest
block; launches (the SK-like stage kernels) run one after another, each with a launch
overhead.

The cost table (names as ``run(costs=...)`` and ``--param NAME=VALUE`` take them; the
defaults live in ``ascsim::CostTable``):

==================  ============  ===========================================================
clock_hz            1.5e9         assumption: AI Core clock (order of magnitude; not in the
                                  public headers).
vector_repeat       1 cycle       assumption: one 256-byte repeat per cycle (asc-devkit
                                  docs/en/asc_c_api_contributing.md: "each repeat processes
                                  256 bytes").
vector_issue        4 cycles      assumption: fixed cost of one memory-level vector API call.
vf_call             16 cycles     assumption: asc_vf_call / VF_CALL overhead; a VF then costs
                                  vector_repeat per vector instruction it executes.
dma_setup           750 cycles    assumption: 0.5 us per DataCopy (issue, descriptor,
                                  first-byte latency).
gm_bytes_per_cycle  33.3          assumption: ~50 GB/s per core (~1.6 TB/s HBM shared by 32
                                  vector cores) at 1.5 GHz.
ub_bytes_per_cycle  128           assumption: UB -> UB DataCopy (PIPE_V) bandwidth.
scalar              10 cycles     assumption: one GetValue/SetValue on the scalar unit.
simt_issue          4 cycles      assumption: one coalesced warp memory request.
dcache_line         64 B          asc-devkit DataCacheCleanAndInvalid.md: 64-byte DCache lines;
                                  a SIMT DCache miss costs a line at gm_bytes_per_cycle.
flag                2 cycles      assumption: SetFlag / WaitFlag / EnQue / DeQue.
barrier             8 cycles      assumption: PipeBarrier.
launch_seconds      3e-6          assumption: host-to-device launch overhead of one kernel.
==================  ============  ===========================================================

WARP / DCACHE (32 threads / 32 KB: asc-devkit glossary 术语表 and seed 001) are modelled
in the simulator's counters (runtime/sim/include/ascsim/core.h). Absolute times are only
as good as the assumptions; the benchmarks use them for ratios between schedules and
templates of the same computation.
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
