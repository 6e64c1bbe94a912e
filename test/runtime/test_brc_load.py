"""``LoadAlign`` with ``DIST_BRC_B8/B16/B32`` on the simulator (issue 36: a VF loads a row's
value into every lane from UB): one element in every lane, and the docs' alignment rule --
the address aligned to the element (LoadAlign.md, LoadDist table) -- enforced.

One hand-written kernel: x (float32) is copied to UB, a VF loads the element at float offset
``n`` (mode 0), or at a byte offset of 2 (mode 1: misaligned for a 4-byte BRC), into every
lane and stores one register's worth (64 floats) to y.
"""

from __future__ import annotations

import numpy as np
import pytest

from runtime import SimulatorError
from test.handwritten import build

DEVICE = """\
#include "kernel_operator.h"
#include "tiling.h"

__simd_vf__ inline void brc_vf(__ubuf__ float* src, __ubuf__ float* dst) {
    AscendC::Reg::MaskReg all = AscendC::Reg::CreateMask<float, AscendC::Reg::MaskPattern::ALL>();
    AscendC::Reg::RegTensor<float> r;
    AscendC::Reg::LoadAlign<float, AscendC::Reg::LoadDist::DIST_BRC_B32>(r, src);
    AscendC::Reg::StoreAlign(dst, r, all);
}

extern "C" __global__ __vector__ void brc(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, AutofuseTilingData tiling) {
    AscendC::TPipe pipe;
    AscendC::GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer((__gm__ float*)x, 64);
    yg.SetGlobalBuffer((__gm__ float*)y, 64);
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, by;
    pipe.InitBuffer(bx, 256);
    pipe.InitBuffer(by, 256);
    AscendC::LocalTensor<float> xl = bx.Get<float>(), yl = by.Get<float>();
    AscendC::DataCopy(xl, xg, 64);
    const int32_t e = GetTPipePtr()->FetchEventID(AscendC::HardEvent::MTE2_V);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(e);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(e);
    __ubuf__ float* src = (__ubuf__ float*)xl.GetPhyAddr() + tiling.n;
    if (tiling.mode == 1) src = (__ubuf__ float*)((__ubuf__ uint8_t*)xl.GetPhyAddr() + 2);
    asc_vf_call<brc_vf>(src, (__ubuf__ float*)yl.GetPhyAddr());
    const int32_t f = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE3);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(f);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(f);
    AscendC::DataCopy(yg, yl, 64);
}
"""


@pytest.fixture(scope="module")
def kernel():  # type: ignore[no-untyped-def]
    return build(DEVICE, "brc")


@pytest.mark.parametrize("n", [0, 5, 63])
def test_brc_b32_puts_one_element_in_every_lane(kernel, n: int) -> None:  # type: ignore[no-untyped-def]
    x = np.arange(64, dtype=np.float32) * 1.5 - 7
    y = np.zeros(64, dtype=np.float32)
    kernel.run([x, y], [n, 0])
    np.testing.assert_array_equal(y, np.full(64, x[n], dtype=np.float32))


def test_brc_b32_from_an_address_not_aligned_to_the_element_faults(kernel) -> None:  # type: ignore[no-untyped-def]
    x = np.zeros(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(SimulatorError, match="BRC source not 4-byte aligned"):
        kernel.run([x, y], [0, 1])
