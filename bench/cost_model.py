"""A written-down cost model: simulator counters -> modelled kernel time on one AI Core.

The simulator counts work per block (one block = one core, ``RunResult.blocks``). A
launch takes as long as its slowest block plus a launch overhead; launches (the SK-like
stage kernels) run one after another. A block's time is the sum of its parts -- our
kernels synchronise MTE2 -> V -> MTE3 per tile, so the pipes are not overlapped:

    block = dma_calls * DMA_SETUP + dma_bytes / GM_BW
          + vector_instructions * CYCLE
          + (scalar_get_value + scalar_set_value) * SCALAR_CYCLES * CYCLE
          + simt_transactions * SIMT_ISSUE_CYCLES * CYCLE + dcache_miss_lines * LINE / GM_BW

``dma_bytes`` is the GM traffic not made by SIMT lanes (theirs goes through the DCache
and is charged per missed line).

Parameters and where they come from (``--param NAME=VALUE`` overrides any of them):

=================  ===========  ==============================================================
VECTOR_BYTES       256 B        asc-devkit docs/en/asc_c_api_contributing.md: "each repeat
                                processes 256 bytes"; the simulator counts one vector
                                instruction per 256-byte repeat.
CYCLE              1/1.5 GHz    assumption: AI Core clock (order of magnitude; not in the
                                public headers).
GM_BW              50 GB/s      assumption: ~1.6 TB/s HBM shared by 32 vector cores.
DMA_SETUP          0.5 us       assumption: fixed cost of one DataCopy (MTE instruction issue,
                                descriptor, first-byte latency).
SCALAR_CYCLES      10           assumption: GetValue/SetValue on UB from the scalar unit,
                                including the pipe synchronisation around it.
SIMT_ISSUE_CYCLES  4            assumption: issue cost of one coalesced warp memory request.
LINE               64 B         asc-devkit DataCacheCleanAndInvalid.md: DCache lines are 64 B
                                (a single-line flush covers a 64-byte aligned range).
WARP / DCACHE      32 / 32 KB   asc-devkit glossary (术语表): 32 threads per warp; seed 001:
                                the SIMT template reserves 32 KB of DCache. Both are modelled
                                in the simulator (runtime/sim/include/ascsim/core.h).
LAUNCH             3 us         assumption: host-to-device launch overhead of one kernel.
=================  ===========  ==============================================================

Absolute times are only as good as the assumptions; the benchmarks use them for ratios
between templates of the same computation.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace

from runtime.kernel import BlockStats


@dataclass(frozen=True)
class CostModel:
    CYCLE: float = 1 / 1.5e9
    GM_BW: float = 50e9
    DMA_SETUP: float = 0.5e-6
    SCALAR_CYCLES: float = 10
    SIMT_ISSUE_CYCLES: float = 4
    LINE: float = 64
    LAUNCH: float = 3e-6

    def with_overrides(self, overrides: Iterable[str]) -> CostModel:
        """``NAME=VALUE`` strings (from ``--param``) applied to a copy."""
        names = {f.name for f in fields(self)}
        changes: dict[str, float] = {}
        for item in overrides:
            name, _, value = item.partition("=")
            if name not in names:
                raise ValueError(f"unknown cost-model parameter '{name}' (one of {', '.join(sorted(names))})")
            changes[name] = float(value)
        return replace(self, **changes)

    def block_time(self, s: dict[str, int]) -> float:
        dma_bytes = s["gm_read_bytes"] + s["gm_write_bytes"] - s["simt_gm_bytes"]
        return (
            s["dma_calls"] * self.DMA_SETUP
            + dma_bytes / self.GM_BW
            + s["vector_instructions"] * self.CYCLE
            + (s["scalar_get_value"] + s["scalar_set_value"]) * self.SCALAR_CYCLES * self.CYCLE
            + s["simt_transactions"] * self.SIMT_ISSUE_CYCLES * self.CYCLE
            + s["dcache_miss_lines"] * self.LINE / self.GM_BW
        )

    def kernel_time(self, blocks: list[BlockStats]) -> float:
        """Launches in order, each as long as its slowest block, plus launch overheads."""
        per_launch: dict[int, float] = {}
        for b in blocks:
            per_launch[b.launch] = max(per_launch.get(b.launch, 0.0), self.block_time(b.stats))
        return sum(per_launch.values()) + self.LAUNCH * len(per_launch)


__all__ = ["CostModel"]
