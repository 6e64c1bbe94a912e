"""Cascade summation: how every schedule adds many partial sums (issue 31).

A float sum computed as one sequential order of ``n`` adds has a rounding error that grows
with ``n``: ``x.sum(0)`` over 4000 rows accumulated row after row in float32 was 10x less
accurate than torch. torch's CPU sum (``aten/src/ATen/native/cpu/SumKernel.cpp``,
``multi_row_sum``) keeps ``LEVELS`` accumulators: level 0 adds the values; after every
``base`` values the level-0 accumulator is added into level 1 and reset, after every
``base**2`` level 1 into level 2, and so on; at the end the levels are added into level 0.
Each accumulator adds at most ``base`` values (the top one ``n / base**3``), so the error
grows with ``LEVELS * base`` instead of ``n``, for ``base = 2**max(4, ceil_log2(n) // 4)``.
The kernels do the same, in the same order, wherever they add many partial results:

* the chunk loop of the STREAMING and SPLIT schedules (tile-wide accumulators: each lane
  of an outer-axis sum is one column's cascade, as torch's ``multi_row_sum``);
* the combination of the SPLIT parts' partial results;
* the per-lane fold of a SIMT reduction (scalar accumulators, nested loops).

A RESIDENT row is one ``ReduceSum``, a binary tree on the 950 (``runtime/sim`` ``device_sum``):
already as accurate.
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder

LEVELS = 4
"""Accumulators of the cascade (torch: ``num_levels = 4``)."""
MIN_SHIFT = 4
"""``base`` is at least ``2**MIN_SHIFT`` (torch: ``std::max(int64_t(4), ...)``)."""
MAX_SHIFT = 15
"""The largest ``log2(base)`` an int64 count can need (``ceil_log2(n) <= 63``)."""


def cascade_base(b: BodyBuilder, n: SSAValue) -> SSAValue:
    """``2**max(MIN_SHIFT, ceil_log2(n) // LEVELS)`` for an int64 count ``n`` (torch's
    ``level_step``), without shifts: ``ceil_log2(n) // 4 >= k`` exactly when
    ``n > 2**(4k - 1)``, so ``base`` is the largest ``2**k`` whose threshold ``n`` passes."""
    base = b.v(1 << MIN_SHIFT)
    for shift in range(MIN_SHIFT + 1, MAX_SHIFT + 1):
        base = b.select(b.cmp("sgt", n, 1 << (LEVELS * shift - 1)), 1 << shift, base)
    return base


__all__ = ["LEVELS", "MAX_SHIFT", "MIN_SHIFT", "cascade_base"]
