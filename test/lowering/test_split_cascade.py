"""An outer-axis float sum split over cores adds in the order of the unsplit kernel
(``HostTiling._torch_blocks``): each SPLIT part is one of the cascade's ``base**k`` row
blocks, so its partial is the value the one-core cascade adds into level k, and the
parts' combination is that cascade's upper levels -- the result is bit-identical whatever
the number of cores (issue 33: tiling for the whole chip must not change a user's sum)."""

from __future__ import annotations

import numpy as np
import pytest

from bench.roofline import axis_sum
from tools.compile import compile_graph

from ..conftest import parse_ir


@pytest.mark.parametrize("rows, cols", [(4000, 16), (1000, 77), (70000, 8), (257, 300), (65536, 3)])
def test_split_outer_sums_match_one_core_bit_for_bit(rows: int, cols: int) -> None:
    case = axis_sum(rows, cols, 0)
    rng = np.random.default_rng(rows + cols)
    # large values that cancel: any change of the order of the adds shows in the last bits
    x = (rng.standard_normal((rows, cols)) * 1e3 + np.where(np.arange(rows) % 2 == 0, 1e4, -1e4)[:, None]).astype(
        np.float32
    )
    k = compile_graph(parse_ir(case.ir), name="split_cascade")
    (one,) = k(x, sizes=case.sizes, core_num=1)
    keys, blocks = set(), {}
    for cores in (7, 56, 200):
        (got,) = k(x, sizes=case.sizes, core_num=cores)
        keys.add(k.last_run.tiling_key)
        blocks[cores] = k.last_run.block_dim
        np.testing.assert_array_equal(got, one)
    if (rows, cols) == (1000, 77):  # 63 parts of 16 rows on 56 cores: two a block, one wave
        assert blocks[56] == 32, blocks
    exact = x.astype(np.float64).sum(0)
    assert np.abs(one.reshape(-1) - exact).max() <= 1e-5 * np.abs(x).astype(np.float64).sum(0).max()
    if rows >= 4000:
        assert 3 in keys  # the SPLIT schedule ran
