"""ReduceSum in the device's order (issue 16, device numerics): every add in the element
type, a binary tree per 256-byte repeat, then a tree over the repeats -- or, for 256..1024
bytes of data, a lane-wise add of the repeats first (ReduceSum.md / ReduceDataBlock.md,
关键特性说明). Checked against an independent numpy evaluation of that order; the emitted
kernels never sum half directly (they accumulate in float32), so their sums match torch."""

from __future__ import annotations

import numpy as np
import pytest

from runtime import compile_kernel
from test.handwritten import HOST, TILING

DEVICE = """\
#include "kernel_operator.h"
#include "tiling.h"

template <typename T>
__aicore__ inline void sum(GM_ADDR x, GM_ADDR y, int64_t n) {
    AscendC::GlobalTensor<T> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ T*)x, n);
    yGm.SetGlobalBuffer((__gm__ T*)y, 1);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> xb, yb, wb;
    pipe.InitBuffer(xb, uint32_t(n * sizeof(T)));
    pipe.InitBuffer(yb, 32);
    pipe.InitBuffer(wb, uint32_t(n * sizeof(T)));
    AscendC::LocalTensor<T> xl = xb.Get<T>(), yl = yb.Get<T>(), wl = wb.Get<T>();
    AscendC::DataCopyPad(xl, xGm, AscendC::DataCopyExtParams{1, uint32_t(n * sizeof(T)), 0, 0, 0},
                         AscendC::DataCopyPadExtParams<T>{false, 0, 0, T(0.0f)});
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
    AscendC::ReduceSum(yl, xl, wl, int32_t(n));
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopyPad(yGm, yl, AscendC::DataCopyExtParams{1, uint32_t(sizeof(T)), 0, 0, 0});
}

extern "C" __global__ __vector__ void sum_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, AutofuseTilingData tiling) {
    if (tiling.mode == 0) sum<half>(x, y, tiling.n); else sum<float>(x, y, tiling.n);
}

extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* x, void* y, void* workspace,
                                  AutofuseTilingData* tiling) {
    sum_kernel<<<block_dim, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y, (GM_ADDR)workspace, *tiling);
    return 0;
}
"""


def tree(v: np.ndarray) -> np.generic:
    v = list(v)
    while len(v) & (len(v) - 1):
        v.append(v[0].dtype.type(0))
    while len(v) > 1:
        v = [v[i] + v[i + 1] for i in range(0, len(v), 2)]  # numpy scalars: rounded to the dtype
    return v[0]


def documented_sum(x: np.ndarray) -> np.generic:
    per = 256 // x.itemsize
    if 256 <= x.nbytes <= 1024:
        lanes = x[:per].copy()
        for r in range(1, -(-len(x) // per)):
            part = x[r * per : (r + 1) * per]
            lanes[: len(part)] = lanes[: len(part)] + part
        return tree(lanes)
    return tree(np.array([tree(x[r : r + per]) for r in range(0, len(x), per)], dtype=x.dtype))


@pytest.fixture(scope="module")
def kernel():
    return compile_kernel(TILING, HOST, DEVICE, target="sim", name="device_sum")


@pytest.mark.parametrize("n", [7, 128, 300, 512, 1000, 4100])
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_reduce_sum_follows_the_documented_order(kernel, dtype: type, n: int) -> None:
    x = (np.random.default_rng(n).standard_normal(n) * 30 + 7).astype(dtype)
    y = np.zeros(1, dtype)
    kernel.run([x, y], [n, 0 if dtype is np.float16 else 1])
    assert y[0] == documented_sum(x), (y[0], documented_sum(x), x.astype(np.float64).sum())


def test_half_sums_round_in_half(kernel) -> None:
    """The order matters: 2048 followed by 127 halves of 0.5 is 2111.5 (2112 in half) when
    accumulated in float, but the half tree rounds 2048 + 0.5 and 2049 to 2048 on the way."""
    x = np.full(128, 0.5, np.float16)
    x[0] = 2048
    y = np.zeros(1, np.float16)
    kernel.run([x, y], [128, 0])
    assert y[0] == documented_sum(x) == np.float16(2110)
    assert np.float16(x.astype(np.float32).sum()) == np.float16(2112)
