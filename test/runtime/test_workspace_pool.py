"""The process's spare launch workspace (runtime.kernel._WorkspacePool): reused by the next
launch it fits, never shared by two launches, and filled with WORKSPACE_FILL before every
launch (a device does not clear its workspace between launches)."""

from __future__ import annotations

import numpy as np

from runtime.kernel import SPARE_WORKSPACE_MAX, WORKSPACE_FILL, _WorkspacePool


def test_spare_is_reused_and_refilled() -> None:
    pool = _WorkspacePool()
    a = pool.take(1000)
    assert a.nbytes == 1000 and (a == WORKSPACE_FILL).all()
    a[:] = 7  # what a launch leaves behind
    pool.give(a)
    b = pool.take(600)  # fits: the same memory, every byte filled again
    assert b is a and (b[:600] == WORKSPACE_FILL).all()


def test_a_buffer_in_use_is_not_shared() -> None:
    pool = _WorkspacePool()
    pool.give(pool.take(64))
    first = pool.take(64)
    second = pool.take(64)  # the spare is taken: a fresh buffer
    assert first is not second and not np.shares_memory(first, second)


def test_the_larger_buffer_is_kept_and_huge_ones_are_not() -> None:
    pool = _WorkspacePool()
    small, large = pool.take(32), pool.take(4096)
    pool.give(large)
    pool.give(small)
    assert pool.take(4000) is large
    assert pool.take(8192).nbytes == 8192  # larger than any spare: allocated
    huge = np.empty(0, dtype=np.uint8)
    huge = np.lib.stride_tricks.as_strided(huge, shape=(SPARE_WORKSPACE_MAX + 1,), strides=(0,))
    pool.give(huge)  # over the limit: not kept
    assert pool._spare is None
