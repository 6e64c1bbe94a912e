// Hand-written kernels for the race detector: z = x + y over n floats on one core, written
// with explicit SetFlag/WaitFlag (modes 0-9) or with TQue hand-offs (modes 10-19). Mode 0
// and 10 are correct; the others each break or test one rule (see test_races.py).
#include "kernel_operator.h"
#include "tiling.h"

__simd_vf__ inline void races_store_one(__ubuf__ float* dst, int64_t count) {
    AscendC::Reg::MaskReg all = AscendC::Reg::CreateMask<float, AscendC::Reg::MaskPattern::ALL>();
    AscendC::Reg::RegTensor<float> ones;
    AscendC::Reg::Duplicate(ones, 1.0f, all);
    for (int64_t off = 0; off < count; off += 64) AscendC::Reg::StoreAlign(dst + off, ones, all);
}

static __aicore__ void flags_kernel(int64_t mode, int64_t n, AscendC::GlobalTensor<float>& xGm,
                                    AscendC::GlobalTensor<float>& yGm, AscendC::GlobalTensor<float>& zGm) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, by, bz;
    pipe.InitBuffer(bx, uint32_t(n * sizeof(float)));
    pipe.InitBuffer(by, uint32_t(n * sizeof(float)));
    pipe.InitBuffer(bz, uint32_t(n * sizeof(float)));
    AscendC::LocalTensor<float> xl = bx.Get<float>(), yl = by.Get<float>(), zl = bz.Get<float>();
    AscendC::DataCopy(xl, xGm, uint32_t(n));
    AscendC::DataCopy(yl, yGm, uint32_t(n));
    if (mode != 1) {
        const int32_t e = GetTPipePtr()->FetchEventID(AscendC::HardEvent::MTE2_V);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(e);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(e);
    }
    if (mode == 2) AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(1);  // never set: the device hangs
    if (mode == 3) {
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(2);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(2);  // second set before a wait
    }
    if (mode == 4) AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(3);  // never waited
    if (mode == 5) AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(8);  // ids are 0-7
    AscendC::Add(zl, xl, yl, int32_t(n));
    if (mode == 6) zl.SetValue(0, zl.GetValue(0) + 1.0f);  // LocalTensor scalar access: cce-auto-sync
    if (mode == 7 || mode == 8) {
        asc_vf_call<races_store_one>((__ubuf__ float*)zl.GetPhyAddr(), n);  // raw pointers: no auto-sync
        if (mode == 8) {
            AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
            AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
        }
        zl.SetValue(0, zl.GetValue(0) + 1.0f);
    }
    if (mode == 9) {  // AllocEventID holds its id: the next FetchEventID hands out another one
        const AscendC::TEventID held = GetTPipePtr()->AllocEventID<AscendC::HardEvent::V_MTE3>();
        const int32_t e = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE3);
        if (e == held) return;  // the test sees z unwritten
        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(held);
        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(e);
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(held);
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(e);
        GetTPipePtr()->ReleaseEventID<AscendC::HardEvent::V_MTE3>(held);
    } else if (mode != 1) {
        const int32_t e = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE3);
        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(e);
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(e);
    }
    AscendC::DataCopy(zGm, zl, uint32_t(n));
}

static __aicore__ void queue_kernel(int64_t mode, int64_t n, AscendC::GlobalTensor<float>& xGm,
                                    AscendC::GlobalTensor<float>& yGm, AscendC::GlobalTensor<float>& zGm) {
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inX, inY;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outZ;
    pipe.InitBuffer(inX, 1, uint32_t(n * sizeof(float)));
    pipe.InitBuffer(inY, 1, uint32_t(n * sizeof(float)));
    pipe.InitBuffer(outZ, 1, uint32_t(n * sizeof(float)));
    // two passes over the same buffers: the second reuses them (AllocTensor after FreeTensor)
    for (int pass = 0; pass < 2; ++pass) {
        AscendC::LocalTensor<float> xl = inX.AllocTensor<float>();
        AscendC::LocalTensor<float> yl = inY.AllocTensor<float>();
        AscendC::DataCopy(xl, xGm, uint32_t(n));
        inX.EnQue(xl);
        AscendC::DataCopy(yl, yGm, uint32_t(n));
        inY.EnQue(yl);
        xl = inX.DeQue<float>();
        if (mode != 11) yl = inY.DeQue<float>();  // 11: the hand-off of y is missing
        AscendC::LocalTensor<float> zl = outZ.AllocTensor<float>();
        AscendC::Add(zl, xl, yl, int32_t(n));
        if (mode != 12) {  // 12: the result is copied out without its queue hand-off
            outZ.EnQue(zl);
            zl = outZ.DeQue<float>();
        }
        inX.FreeTensor(xl);
        inY.FreeTensor(yl);
        AscendC::DataCopy(zGm, zl, uint32_t(n));
        outZ.FreeTensor(zl);
    }
}

extern "C" __global__ __aicore__ void races_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                   AutofuseTilingData tiling) {
    (void)workspace;
    const int64_t n = tiling.n;
    const int64_t mode = tiling.tiling_key;
    AscendC::GlobalTensor<float> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, n);
    yGm.SetGlobalBuffer((__gm__ float*)y, n);
    zGm.SetGlobalBuffer((__gm__ float*)z, n);
    if (mode < 10) {
        flags_kernel(mode, n, xGm, yGm, zGm);
    } else {
        queue_kernel(mode, n, xGm, yGm, zGm);
    }
}

extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* x, void* y, void* z, void* workspace,
                                  AutofuseTilingData* tiling) {
    races_kernel<<<block_dim, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y, (GM_ADDR)z, (GM_ADDR)workspace, *tiling);
    return 0;
}
