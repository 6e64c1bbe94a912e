"""Ten vector sample kernels of the asc-devkit docs (the shapes and call sequences of their
"调用示例" and guide pages), written here as our own code and run on the simulator with the
race detector on, against numpy. One kernel module; `mode` picks the sample (and variant).

1 KernelBinaryScalar: Adds, 8 cores, double-buffered TQue (更多样例-9.md:83-153)
2 Level-0 Add with continuous/bit masks and strides, Level-0 Duplicate sentinel (更多样例-9.md:1-81)
3 mask register modes: SetMaskCount/SetMaskNorm/SetVectorMask/ResetMask, isSetMask=false (掩码.md)
4 static-tensor Add with SetFlag/WaitFlag ping-pong, 8 cores (静态Tensor编程.md:107-165)
5 LeakyRelu composite with FetchEventID syncs, and the Level-0 LeakyRelu (SetFlag-WaitFlag(ISASI).md)
6 Cast: bf16 Add through float on TBufs (TBuf的使用.md), half -> int32 Level-0 round modes (Cast.md)
7 Compare -> Select (modes 2/1/0) -> Compares with a scalar read from UB (Compare/Select/Compares.md)
8 ReduceSum/ReduceMax/ReduceMin, Level-0 and front-n, with the index (ReduceSum/ReduceMax/ReduceMin.md)
9 DataCopyPad right padding + write-back, Normal vs Compact (DataCopyPad GMToUB 非对齐数据搬运 page)
10 Gather front-n and Level-0 (Gather.md)

Differences from the docs: sample 3's "front-n with an external
mask" case is left out (on the 950 isSetMask has no effect on the count form, Adds.md:166);
sample 9's SetPadValue and odd-byte-stride cases are left out.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from test.handwritten import build

BF16 = np.dtype(ml_dtypes.bfloat16)
H, F = np.float16, np.float32

DEVICE = r"""
// The doc samples as our own code; see test/runtime/test_doc_samples.py.
#include "kernel_operator.h"
#include "tiling.h"
using namespace AscendC;

// ------------------------------------------------------------------ 1: KernelBinaryScalar
constexpr int32_t BUFFER_NUM = 2;
class KernelBinaryScalar {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR z, float s, uint32_t totalLength, uint32_t tileNum)
    {
        blockLength = totalLength / GetBlockNum();
        this->tileNum = tileNum;
        tileLength = blockLength / tileNum / BUFFER_NUM;
        scalar = s;
        xGm.SetGlobalBuffer((__gm__ float*)x + blockLength * GetBlockIdx(), blockLength);
        zGm.SetGlobalBuffer((__gm__ float*)z + blockLength * GetBlockIdx(), blockLength);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(float));
        pipe.InitBuffer(outQueueZ, BUFFER_NUM, tileLength * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        const int32_t loopCount = tileNum * BUFFER_NUM;
        for (int32_t i = 0; i < loopCount; i++) {
            CopyIn(i);
            Compute(i);
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(int32_t i)
    {
        LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
        DataCopy(xLocal, xGm[i * tileLength], tileLength);
        inQueueX.EnQue(xLocal);
    }
    __aicore__ inline void Compute(int32_t i)
    {
        LocalTensor<float> xLocal = inQueueX.DeQue<float>();
        LocalTensor<float> zLocal = outQueueZ.AllocTensor<float>();
        Adds(zLocal, xLocal, scalar, (int32_t)tileLength);
        outQueueZ.EnQue<float>(zLocal);
        inQueueX.FreeTensor(xLocal);
    }
    __aicore__ inline void CopyOut(int32_t i)
    {
        LocalTensor<float> zLocal = outQueueZ.DeQue<float>();
        DataCopy(zGm[i * tileLength], zLocal, tileLength);
        outQueueZ.FreeTensor(zLocal);
    }
    TPipe pipe;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueX;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueueZ;
    GlobalTensor<float> xGm, zGm;
    float scalar = 0;
    uint32_t blockLength = 0, tileNum = 0, tileLength = 0;
};

// ------------------------------------------------------------------ 2: Level-0 Add variants
__aicore__ inline void Sample2(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qx, qy;
    TQue<TPosition::VECOUT, 1> qz;
    pipe.InitBuffer(qx, 1, 512 * sizeof(half));
    pipe.InitBuffer(qy, 1, 512 * sizeof(half));
    pipe.InitBuffer(qz, 1, 512 * sizeof(half));
    GlobalTensor<half> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 512);
    yGm.SetGlobalBuffer((__gm__ half*)y, 512);
    zGm.SetGlobalBuffer((__gm__ half*)z, 4 * 512);
    LocalTensor<half> xl = qx.AllocTensor<half>();
    LocalTensor<half> yl = qy.AllocTensor<half>();
    DataCopy(xl, xGm, 512);
    DataCopy(yl, yGm, 512);
    qx.EnQue(xl);
    qy.EnQue(yl);
    xl = qx.DeQue<half>();
    yl = qy.DeQue<half>();
    for (int32_t v = 0; v < 4; ++v) {
        LocalTensor<half> zl = qz.AllocTensor<half>();
        Duplicate(zl, (half)-1.0, (uint64_t)128, 4, 1, 8);
        if (v == 0) {
            Add(zl, xl, yl, (uint64_t)64, 4, {1, 1, 1, 8, 8, 8});
        } else if (v == 1) {
            uint64_t m[2] = {UINT64_MAX, 0};
            Add(zl, xl, yl, m, 4, {1, 1, 1, 8, 8, 8});
        } else if (v == 2) {
            Add(zl, xl, yl, (uint64_t)128, 2, {1, 1, 1, 8, 16, 8});
        } else {
            Add(zl, xl, yl, (uint64_t)128, 2, {1, 2, 1, 8, 16, 8});
        }
        qz.EnQue(zl);
        zl = qz.DeQue<half>();
        DataCopy(zGm[512 * v], zl, 512);
        qz.FreeTensor(zl);
    }
    qx.FreeTensor(xl);
    qy.FreeTensor(yl);
}

// ------------------------------------------------------------------ 3: mask register modes
// out: 8 chunks of 512 halves: A, B, C, C (register), D, then E's d, s0, s1.
__aicore__ inline void Sample3(GM_ADDR x, GM_ADDR y, GM_ADDR z, bool counterChain)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> sb, ob;
    pipe.InitBuffer(sb, 512 * sizeof(half));
    pipe.InitBuffer(ob, 8 * 512 * sizeof(half));
    GlobalTensor<half> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 512);
    yGm.SetGlobalBuffer((__gm__ half*)y, 512);
    zGm.SetGlobalBuffer((__gm__ half*)z, 8 * 512);
    LocalTensor<half> src = sb.Get<half>();
    LocalTensor<half> out = ob.Get<half>();
    LocalTensor<half> d = out[5 * 512], s0 = out[6 * 512], s1 = out[7 * 512];
    DataCopy(src, xGm, 512);
    DataCopy(s0, xGm, 512);
    DataCopy(s1, yGm, 512);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Duplicate(out, (half)-7.0, 6 * 512);
    half addsValue = 1.0;
    if (!counterChain) {
        // A: counter mode, mask in the API
        SetMaskCount();
        uint64_t m130[2] = {130, 0};
        Adds<half, true>(out, src, addsValue, m130, 1, {2, 2, 16, 16});
        SetMaskNorm();
        // B: counter mode, mask set outside
        SetMaskCount();
        SetVectorMask<half, MaskMode::COUNTER>(130);
        Adds<half, false>(out[512], src, addsValue, MASK_PLACEHOLDER, 1, {2, 2, 16, 16});
        SetMaskNorm();
        ResetMask();
        // C: normal mode, bit mask in the API, then the same mask set outside
        uint64_t bits[2] = {0x69A569A569A569A5ULL, 0x69A569A569A569A5ULL};
        Adds<half, true>(out[1024], src, addsValue, bits, 1, {2, 2, 16, 16});
        SetMaskNorm();
        SetVectorMask<half, MaskMode::NORMAL>(0x69A569A569A569A5ULL, 0x69A569A569A569A5ULL);
        Adds<half, false>(out[1536], src, addsValue, MASK_PLACEHOLDER, 1, {2, 2, 16, 16});
        ResetMask();
        // D: normal mode, continuous 128
        Adds(out[2048], src, addsValue, (uint64_t)128, 1, {2, 2, 16, 16});
        // E: Add/Sub/Mul chain on the mask register, normal mode, block stride 2
        SetMaskNorm();
        SetVectorMask<half, MaskMode::NORMAL>(UINT64_MAX, UINT64_MAX);
        Add<half, false>(d, s0, s1, MASK_PLACEHOLDER, 1, {2, 2, 2, 8, 8, 8});
        Sub<half, false>(s0, d, s1, MASK_PLACEHOLDER, 1, {2, 2, 2, 8, 8, 8});
        Mul<half, false>(s1, d, s0, MASK_PLACEHOLDER, 1, {2, 2, 2, 8, 8, 8});
        ResetMask();
    } else {
        // E, counter twin: 128 elements, contiguous
        SetMaskCount();
        SetVectorMask<half, MaskMode::COUNTER>(128);
        Add<half, false>(d, s0, s1, MASK_PLACEHOLDER, 1, {1, 1, 1, 8, 8, 8});
        Sub<half, false>(s0, d, s1, MASK_PLACEHOLDER, 1, {1, 1, 1, 8, 8, 8});
        Mul<half, false>(s1, d, s0, MASK_PLACEHOLDER, 1, {1, 1, 1, 8, 8, 8});
        SetMaskNorm();
        ResetMask();
    }
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm, out, 8 * 512);
}

// 3G: 15000 halves (the Counter-mode perf guide): normal main + tail, and counter mode.
__aicore__ inline void Sample3G(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    constexpr uint32_t N = 15008;  // 15000 rounded up to 32 bytes for DataCopy
    TPipe pipe;
    TBuf<TPosition::VECCALC> xb, yb, zb;
    pipe.InitBuffer(xb, N * sizeof(half));
    pipe.InitBuffer(yb, N * sizeof(half));
    pipe.InitBuffer(zb, 2 * N * sizeof(half));
    GlobalTensor<half> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, N);
    yGm.SetGlobalBuffer((__gm__ half*)y, N);
    zGm.SetGlobalBuffer((__gm__ half*)z, 2 * N);
    LocalTensor<half> xl = xb.Get<half>(), yl = yb.Get<half>(), zl = zb.Get<half>();
    DataCopy(xl, xGm, N);
    DataCopy(yl, yGm, N);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Duplicate(zl, (half)0.0, 2 * N);
    SetMaskNorm();
    SetVectorMask<half, MaskMode::NORMAL>(128);
    Add<half, false>(zl, xl, yl, MASK_PLACEHOLDER, 117, BinaryRepeatParams{});
    SetVectorMask<half, MaskMode::NORMAL>(24);
    Add<half, false>(zl[14976], xl[14976], yl[14976], MASK_PLACEHOLDER, 1, BinaryRepeatParams{});
    ResetMask();
    LocalTensor<half> z2 = zl[N];
    SetMaskCount();
    SetVectorMask<half, MaskMode::COUNTER>(15000);
    Add<half, false>(z2, xl, yl, MASK_PLACEHOLDER, 1, BinaryRepeatParams{});
    SetMaskNorm();
    ResetMask();
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm, zl, 2 * N);
}

// ------------------------------------------------------------------ 4: ping-pong with flags
__aicore__ inline void Sample4(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    constexpr uint32_t PER_CORE = 4096, TILE = 1024;
    const uint32_t base = PER_CORE * GetBlockIdx();
    GlobalTensor<half> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x + base, PER_CORE);
    yGm.SetGlobalBuffer((__gm__ half*)y + base, PER_CORE);
    zGm.SetGlobalBuffer((__gm__ half*)z + base, PER_CORE);
    // static tensors at fixed UB addresses, no TPipe (the doc's static-tensor programming)
    constexpr uint32_t BYTES = TILE * sizeof(half);
    SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
    SetFlag<HardEvent::V_MTE2>(EVENT_ID1);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID1);
    for (uint32_t i = 0; i < PER_CORE / TILE; ++i) {
        const int32_t ev = (i & 1) ? EVENT_ID1 : EVENT_ID0;
        const uint32_t at = 3 * BYTES * (i & 1);
        LocalTensor<half> xl(TPosition::VECIN, at, TILE);
        LocalTensor<half> yl(TPosition::VECIN, at + BYTES, TILE);
        LocalTensor<half> zl(TPosition::VECOUT, at + 2 * BYTES, TILE);
        WaitFlag<HardEvent::V_MTE2>(ev);
        DataCopy(xl, xGm[i * TILE], TILE);
        DataCopy(yl, yGm[i * TILE], TILE);
        SetFlag<HardEvent::MTE2_V>(ev);
        WaitFlag<HardEvent::MTE2_V>(ev);
        WaitFlag<HardEvent::MTE3_V>(ev);
        Add(zl, xl, yl, (int32_t)TILE);
        SetFlag<HardEvent::V_MTE2>(ev);
        SetFlag<HardEvent::V_MTE3>(ev);
        WaitFlag<HardEvent::V_MTE3>(ev);
        DataCopy(zGm[i * TILE], zl, TILE);
        SetFlag<HardEvent::MTE3_V>(ev);
    }
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID1);
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID1);
}

// ------------------------------------------------------------------ 5: LeakyRelu two ways
__aicore__ inline void Sample5A(GM_ADDR x, GM_ADDR y, float negativeSlope)
{
    constexpr uint32_t TOTAL = 512, TILE = 64;
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, TOTAL);
    yGm.SetGlobalBuffer((__gm__ float*)y, TOTAL);
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, yBuf, tmp1Buf, tmp2Buf;
    pipe.InitBuffer(xBuf, TILE * sizeof(float));
    pipe.InitBuffer(yBuf, TILE * sizeof(float));
    pipe.InitBuffer(tmp1Buf, TILE * sizeof(float));
    pipe.InitBuffer(tmp2Buf, TILE * sizeof(float));
    LocalTensor<float> xl = xBuf.Get<float>(), yl = yBuf.Get<float>();
    LocalTensor<float> t1 = tmp1Buf.Get<float>(), t2 = tmp2Buf.Get<float>();
    for (uint32_t i = 0; i < TOTAL / TILE; ++i) {
        DataCopy(xl, xGm[i * TILE], TILE);
        event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
        SetFlag<HardEvent::MTE2_V>(e);
        WaitFlag<HardEvent::MTE2_V>(e);
        Maxs(t1, xl, 0.0f, (int32_t)TILE);
        Mins(t2, xl, 0.0f, (int32_t)TILE);
        Muls(t2, t2, negativeSlope, (int32_t)TILE);
        Add(yl, t1, t2, (int32_t)TILE);
        e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
        SetFlag<HardEvent::V_MTE3>(e);
        WaitFlag<HardEvent::V_MTE3>(e);
        DataCopy(yGm[i * TILE], yl, TILE);
        e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE3_MTE2));
        SetFlag<HardEvent::MTE3_MTE2>(e);
        WaitFlag<HardEvent::MTE3_MTE2>(e);
    }
}

__aicore__ inline void Sample5B(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qin;
    TQue<TPosition::VECOUT, 1> qout;
    pipe.InitBuffer(qin, 1, 512 * sizeof(half));
    pipe.InitBuffer(qout, 1, 3 * 512 * sizeof(half));
    GlobalTensor<half> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 512);
    zGm.SetGlobalBuffer((__gm__ half*)z, 3 * 512);
    LocalTensor<half> src = qin.AllocTensor<half>();
    DataCopy(src, xGm, 512);
    qin.EnQue(src);
    src = qin.DeQue<half>();
    LocalTensor<half> dst = qout.AllocTensor<half>();
    const half slope = 0.001;
    LeakyRelu(dst, src, slope, (uint64_t)128, 4, {1, 1, 8, 8});
    uint64_t m[2] = {UINT64_MAX, UINT64_MAX};
    LeakyRelu(dst[512], src, slope, m, 4, {1, 1, 8, 8});
    LeakyRelu(dst[1024], src, slope, 512);
    qout.EnQue(dst);
    qin.FreeTensor(src);
    dst = qout.DeQue<half>();
    DataCopy(zGm, dst, 3 * 512);
    qout.FreeTensor(dst);
}

// ------------------------------------------------------------------ 6: Cast
__aicore__ inline void Sample6A(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    constexpr uint32_t N = 2048;
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQueueX, inQueueY;
    TQue<TPosition::VECOUT, 1> outQueueZ;
    TBuf<TPosition::VECCALC> tmpBuf0, tmpBuf1;
    pipe.InitBuffer(inQueueX, 1, N * sizeof(bfloat16_t));
    pipe.InitBuffer(inQueueY, 1, N * sizeof(bfloat16_t));
    pipe.InitBuffer(outQueueZ, 1, N * sizeof(bfloat16_t));
    pipe.InitBuffer(tmpBuf0, N * sizeof(float));
    pipe.InitBuffer(tmpBuf1, N * sizeof(float));
    GlobalTensor<bfloat16_t> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ bfloat16_t*)x, N);
    yGm.SetGlobalBuffer((__gm__ bfloat16_t*)y, N);
    zGm.SetGlobalBuffer((__gm__ bfloat16_t*)z, N);
    LocalTensor<bfloat16_t> xl = inQueueX.AllocTensor<bfloat16_t>();
    LocalTensor<bfloat16_t> yl = inQueueY.AllocTensor<bfloat16_t>();
    DataCopy(xl, xGm, N);
    DataCopy(yl, yGm, N);
    inQueueX.EnQue(xl);
    inQueueY.EnQue(yl);
    xl = inQueueX.DeQue<bfloat16_t>();
    yl = inQueueY.DeQue<bfloat16_t>();
    LocalTensor<bfloat16_t> zl = outQueueZ.AllocTensor<bfloat16_t>();
    LocalTensor<float> t0 = tmpBuf0.Get<float>(), t1 = tmpBuf1.Get<float>();
    Cast(t0, xl, RoundMode::CAST_NONE, N);
    Cast(t1, yl, RoundMode::CAST_NONE, N);
    Add(t0, t0, t1, (int32_t)N);
    Cast(zl, t0, RoundMode::CAST_RINT, N);
    outQueueZ.EnQue(zl);
    inQueueX.FreeTensor(xl);
    inQueueY.FreeTensor(yl);
    zl = outQueueZ.DeQue<bfloat16_t>();
    DataCopy(zGm, zl, N);
    outQueueZ.FreeTensor(zl);
}

// out: CEIL, RINT, FLOOR, ROUND, TRUNC (contiguous mask 64, 8 repeats), CEIL bit mask,
// CEIL partial mask 32, CEIL front-n; 512 int32 each.
__aicore__ inline void Sample6B(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qin;
    TQue<TPosition::VECOUT, 1> qout;
    pipe.InitBuffer(qin, 1, 512 * sizeof(half));
    pipe.InitBuffer(qout, 1, 8 * 512 * sizeof(int32_t));
    GlobalTensor<half> xGm;
    GlobalTensor<int32_t> zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 512);
    zGm.SetGlobalBuffer((__gm__ int32_t*)z, 8 * 512);
    LocalTensor<half> src = qin.AllocTensor<half>();
    DataCopy(src, xGm, 512);
    qin.EnQue(src);
    src = qin.DeQue<half>();
    LocalTensor<int32_t> dst = qout.AllocTensor<int32_t>();
    Duplicate(dst, (int32_t)-7, 8 * 512);
    Cast(dst, src, RoundMode::CAST_CEIL, (uint64_t)64, 8, {1, 1, 8, 4});
    Cast(dst[512], src, RoundMode::CAST_RINT, (uint64_t)64, 8, {1, 1, 8, 4});
    Cast(dst[1024], src, RoundMode::CAST_FLOOR, (uint64_t)64, 8, {1, 1, 8, 4});
    Cast(dst[1536], src, RoundMode::CAST_ROUND, (uint64_t)64, 8, {1, 1, 8, 4});
    Cast(dst[2048], src, RoundMode::CAST_TRUNC, (uint64_t)64, 8, {1, 1, 8, 4});
    uint64_t m[2] = {UINT64_MAX, 0};
    Cast(dst[2560], src, RoundMode::CAST_CEIL, m, 8, {1, 1, 8, 4});
    Cast(dst[3072], src, RoundMode::CAST_CEIL, (uint64_t)32, 8, {1, 1, 8, 4});
    Cast(dst[3584], src, RoundMode::CAST_CEIL, 512);
    qout.EnQue(dst);
    qin.FreeTensor(src);
    dst = qout.DeQue<int32_t>();
    DataCopy(zGm, dst, 8 * 512);
    qout.FreeTensor(dst);
}

// ------------------------------------------------------------------ 7: Compare, Select, Compares
// x: a[256], b[256], s[8] floats; y: the mode-0 selection mask (uint8[32]);
// z (floats): cmp bytes (8 floats), Select mode 2, mode 1, mode 0 (256 each), Compares bytes (8).
__aicore__ inline void Sample7(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qa, qb, qs, qm;
    TQue<TPosition::VECOUT, 1> qc, qsel, qcs;
    pipe.InitBuffer(qa, 1, 256 * sizeof(float));
    pipe.InitBuffer(qb, 1, 256 * sizeof(float));
    pipe.InitBuffer(qs, 1, 8 * sizeof(float));
    pipe.InitBuffer(qm, 1, 32);
    pipe.InitBuffer(qc, 1, 32);
    pipe.InitBuffer(qsel, 1, 3 * 256 * sizeof(float));
    pipe.InitBuffer(qcs, 1, 32);
    GlobalTensor<float> xGm;
    GlobalTensor<uint8_t> yGm, zbGm;
    GlobalTensor<float> zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 520);
    yGm.SetGlobalBuffer((__gm__ uint8_t*)y, 32);
    zGm.SetGlobalBuffer((__gm__ float*)z, 784);
    zbGm.SetGlobalBuffer((__gm__ uint8_t*)z, 784 * 4);
    LocalTensor<float> a = qa.AllocTensor<float>(), b = qb.AllocTensor<float>(), s = qs.AllocTensor<float>();
    LocalTensor<uint8_t> selMask = qm.AllocTensor<uint8_t>();
    DataCopy(a, xGm, 256);
    DataCopy(b, xGm[256], 256);
    DataCopy(s, xGm[512], 8);
    DataCopy(selMask, yGm, 32);
    qa.EnQue(a);
    qb.EnQue(b);
    qs.EnQue(s);
    qm.EnQue(selMask);
    a = qa.DeQue<float>();
    b = qb.DeQue<float>();
    s = qs.DeQue<float>();
    selMask = qm.DeQue<uint8_t>();
    // Phase 1: Compare (count form and Level-0, same bits)
    LocalTensor<uint8_t> cmp = qc.AllocTensor<uint8_t>();
    Compare(cmp, a, b, CMPMODE::LT, 256);
    Compare(cmp, a, b, CMPMODE::LT, (uint64_t)64, 4, {1, 1, 1, 8, 8, 8});
    // Phase 2: Select
    LocalTensor<float> sel = qsel.AllocTensor<float>();
    Select(sel, cmp, a, b, SELMODE::VSEL_TENSOR_TENSOR_MODE, (uint64_t)64, 4, {1, 1, 1, 8, 8, 8});
    Select(sel[256], cmp, a, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, 256);
    Select(sel[512], selMask, a, b, SELMODE::VSEL_CMPMASK_SPR, (uint64_t)64, 4, {1, 1, 1, 8, 8, 8});
    qc.EnQue(cmp);
    qsel.EnQue(sel);
    // Phase 3: Compares with the scalar read from UB
    event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_S));
    SetFlag<HardEvent::MTE2_S>(e);
    WaitFlag<HardEvent::MTE2_S>(e);
    float sc = s.GetValue(0);
    LocalTensor<uint8_t> cs = qcs.AllocTensor<uint8_t>();
    uint64_t m[2] = {UINT64_MAX, 0};
    Compares(cs, a, sc, CMPMODE::LT, m, 4, {1, 1, 8, 8});
    qcs.EnQue(cs);
    cmp = qc.DeQue<uint8_t>();
    sel = qsel.DeQue<float>();
    cs = qcs.DeQue<uint8_t>();
    DataCopy(zbGm, cmp, 32);
    DataCopy(zGm[8], sel, 3 * 256);
    DataCopy(zbGm[(8 + 768) * 4], cs, 32);
    qc.FreeTensor(cmp);
    qsel.FreeTensor(sel);
    qcs.FreeTensor(cs);
    qa.FreeTensor(a);
    qb.FreeTensor(b);
    qs.FreeTensor(s);
    qm.FreeTensor(selMask);
}

// ------------------------------------------------------------------ 8: reductions
// x: 8320 halves of 1.0; y: 512 halves; z: 7 results of 16 halves.
__aicore__ inline void Sample8(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQueueSrc, inQueueRnd;
    TQue<TPosition::VECOUT, 1> outQueueDst;
    TBuf<TPosition::VECCALC> workBuf;
    pipe.InitBuffer(inQueueSrc, 1, 8320 * sizeof(half));
    pipe.InitBuffer(inQueueRnd, 1, 512 * sizeof(half));
    pipe.InitBuffer(outQueueDst, 1, 7 * 16 * sizeof(half));
    pipe.InitBuffer(workBuf, 80 * sizeof(half));
    GlobalTensor<half> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 8320);
    yGm.SetGlobalBuffer((__gm__ half*)y, 512);
    zGm.SetGlobalBuffer((__gm__ half*)z, 7 * 16);
    LocalTensor<half> src = inQueueSrc.AllocTensor<half>(), rnd = inQueueRnd.AllocTensor<half>();
    DataCopy(src, xGm, 8320);
    DataCopy(rnd, yGm, 512);
    inQueueSrc.EnQue(src);
    inQueueRnd.EnQue(rnd);
    src = inQueueSrc.DeQue<half>();
    rnd = inQueueRnd.DeQue<half>();
    LocalTensor<half> dst = outQueueDst.AllocTensor<half>();
    LocalTensor<half> work = workBuf.Get<half>();
    Duplicate(dst, (half)0.0, 7 * 16);
    ReduceSum<half>(dst, src, work, (int32_t)128, 65, 8);
    uint64_t m[2] = {UINT64_MAX, UINT64_MAX};
    ReduceSum<half>(dst[16], src, work, m, 65, 8);
    ReduceSum<half>(dst[32], src, work, 288);
    ReduceMax<half>(dst[48], rnd, work, (int32_t)128, 4, 8, true);
    ReduceMax<half>(dst[64], rnd, work, 288, true);
    ReduceMin<half>(dst[80], rnd, work, (int32_t)128, 4, 8, true);
    ReduceMin<half>(dst[96], rnd, work, 288, true);
    outQueueDst.EnQue(dst);
    inQueueSrc.FreeTensor(src);
    inQueueRnd.FreeTensor(rnd);
    dst = outQueueDst.DeQue<half>();
    DataCopy(zGm, dst, 7 * 16);
    outQueueDst.FreeTensor(dst);
}

// ------------------------------------------------------------------ 9: DataCopyPad
__aicore__ inline void Sample9A(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qin;
    TQue<TPosition::VECOUT, 1> qout;
    pipe.InitBuffer(qin, 1, 32 * 64 * sizeof(float));
    pipe.InitBuffer(qout, 1, 32 * 64 * sizeof(float));
    GlobalTensor<float> srcGm, dstGm;
    srcGm.SetGlobalBuffer((__gm__ float*)x, 32 * 59);
    dstGm.SetGlobalBuffer((__gm__ float*)z, 32 * 59);
    LocalTensor<float> xLocal = qin.AllocTensor<float>();
    DataCopyExtParams copyParams{32, 59 * sizeof(float), 0, 0, 0};
    DataCopyPadExtParams<float> padParams{true, 0, 5, 0.0f};
    DataCopyPad(xLocal, srcGm, copyParams, padParams);
    qin.EnQue(xLocal);
    xLocal = qin.DeQue<float>();
    LocalTensor<float> yLocal = qout.AllocTensor<float>();
    Muls(yLocal, xLocal, 2.0f, 32 * 64);
    qout.EnQue(yLocal);
    qin.FreeTensor(xLocal);
    yLocal = qout.DeQue<float>();
    DataCopyPad(dstGm, yLocal, copyParams);
    qout.FreeTensor(yLocal);
}

// Normal vs Compact with the older structs: UB 3 x [12 ones, 4 zeros], then [36 ones, 4 zeros].
__aicore__ inline void Sample9C(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> nb, cb;
    pipe.InitBuffer(nb, 48 * sizeof(float));
    pipe.InitBuffer(cb, 40 * sizeof(float));
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 36);
    zGm.SetGlobalBuffer((__gm__ float*)z, 88);
    LocalTensor<float> normal = nb.Get<float>(), compact = cb.Get<float>();
    Duplicate(normal, 0.0f, 48);
    Duplicate(compact, 0.0f, 40);
    SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
    DataCopyParams params{3, 48, 0, 0};
    DataCopyPadParams pad{true, 0, 4, 0};
    DataCopyPad<float, PaddingMode::Normal>(normal, xGm, params, pad);
    DataCopyPad<float, PaddingMode::Compact>(compact, xGm, params, pad);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(zGm, normal, 48);
    DataCopy(zGm[48], compact, 40);
}

// ------------------------------------------------------------------ 10: Gather
// x: src half[512]; y: byte offsets uint32[512]; z: front-n 128, Level-0 512, bit mask 128.
__aicore__ inline void Sample10(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qs, qo;
    TQue<TPosition::VECOUT, 1> qd;
    pipe.InitBuffer(qs, 1, 512 * sizeof(half));
    pipe.InitBuffer(qo, 1, 512 * sizeof(uint32_t));
    pipe.InitBuffer(qd, 1, 768 * sizeof(half));
    GlobalTensor<half> xGm, zGm;
    GlobalTensor<uint32_t> yGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 512);
    yGm.SetGlobalBuffer((__gm__ uint32_t*)y, 512);
    zGm.SetGlobalBuffer((__gm__ half*)z, 768);
    LocalTensor<half> src = qs.AllocTensor<half>();
    LocalTensor<uint32_t> off = qo.AllocTensor<uint32_t>();
    DataCopy(src, xGm, 512);
    DataCopy(off, yGm, 512);
    qs.EnQue(src);
    qo.EnQue(off);
    src = qs.DeQue<half>();
    off = qo.DeQue<uint32_t>();
    LocalTensor<half> dst = qd.AllocTensor<half>();
    Gather(dst, src, off, (uint32_t)0, 128);
    Gather(dst[128], src, off, (uint32_t)0, (uint64_t)128, 4, 8);
    uint64_t m[2] = {UINT64_MAX, UINT64_MAX};
    Gather(dst[640], src, off, (uint32_t)0, m, 1, 8);
    qd.EnQue(dst);
    qs.FreeTensor(src);
    qo.FreeTensor(off);
    dst = qd.DeQue<half>();
    DataCopy(zGm, dst, 768);
    qd.FreeTensor(dst);
}

extern "C" __global__ __aicore__ void doc_samples(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                  AutofuseTilingData tiling)
{
    switch (tiling.mode) {
        case 1: {
            KernelBinaryScalar op;
            op.Init(x, z, 2.5f, (uint32_t)tiling.n, 8);
            op.Process();
            break;
        }
        case 2: Sample2(x, y, z); break;
        case 3: Sample3(x, y, z, false); break;
        case 31: Sample3(x, y, z, true); break;
        case 32: Sample3G(x, y, z); break;
        case 4: Sample4(x, y, z); break;
        case 5: Sample5A(x, z, 0.01f); break;
        case 51: Sample5B(x, z); break;
        case 6: Sample6A(x, y, z); break;
        case 61: Sample6B(x, z); break;
        case 7: Sample7(x, y, z); break;
        case 8: Sample8(x, y, z); break;
        case 9: Sample9A(x, z); break;
        case 91: Sample9C(x, z); break;
        case 10: Sample10(x, y, z); break;
        default: break;
    }
}

"""


@pytest.fixture(scope="module")
def samples():
    return build(DEVICE, "doc_samples", ("x", "y", "z"), blocks="(mode == 1 || mode == 4) ? 8 : 1")


def _run(k, mode: int, x: np.ndarray, y: np.ndarray, z: np.ndarray, n: int = 0) -> np.ndarray:
    k.run([x, y, z], [n, mode], inputs=2)
    return z


def _dummy() -> np.ndarray:
    return np.zeros(8, F)


def test_1_kernel_binary_scalar(samples) -> None:
    x = np.random.default_rng(1).standard_normal(16384).astype(F)
    z = _run(samples, 1, x, _dummy(), np.zeros(16384, F), n=16384)
    np.testing.assert_array_equal(z, x + F(2.5))


def test_2_level0_add_variants(samples) -> None:
    x = np.arange(1, 513).astype(H)
    y = np.arange(513, 1025).astype(H)
    z = _run(samples, 2, x, y, np.zeros(2048, H)).reshape(4, 512)
    v1 = np.full(512, -1, H)
    for rr in range(4):
        v1[128 * rr : 128 * rr + 64] = 514 + 256 * rr + 2 * np.arange(64)
    np.testing.assert_array_equal(z[0], v1)
    np.testing.assert_array_equal(z[1], v1)
    v3 = np.full(512, -1, H)
    for rr in range(2):
        v3[128 * rr : 128 * rr + 128] = 514 + 384 * rr + 2 * np.arange(128)
    np.testing.assert_array_equal(z[2], v3)
    v4 = np.full(512, -1, H)
    for rr in range(2):
        for j in range(8):
            v4[128 * rr + 16 * j : 128 * rr + 16 * j + 16] = 514 + 384 * rr + 48 * j + 2 * np.arange(16)
    np.testing.assert_array_equal(z[3], v4)


def _strided_positions(blocks: int = 8, stride: int = 2, block: int = 16) -> np.ndarray:
    return np.concatenate([np.arange(stride * block * j, stride * block * j + block) for j in range(blocks)])


def test_3_mask_register_modes(samples) -> None:
    src = np.arange(512).astype(H)
    ones = np.ones(512, H)
    z = _run(samples, 3, src, ones, np.zeros(8 * 512, H)).reshape(8, 512)
    counter130 = np.concatenate([_strided_positions(), [256, 257]])
    bits = np.array([(0x69A5 >> i) & 1 for i in range(16)], bool)
    normal_bits = np.concatenate([np.arange(32 * j, 32 * j + 16)[bits] for j in range(8)])
    for chunk, pos in (
        (0, counter130),
        (1, counter130),
        (2, normal_bits),
        (3, normal_bits),
        (4, _strided_positions()),
    ):
        want = np.full(512, -7, H)
        want[pos] = src[pos] + H(1)
        np.testing.assert_array_equal(z[chunk], want, err_msg=f"chunk {chunk}")
    pos = _strided_positions()
    d = np.full(512, -7, H)
    d[pos] = src[pos] + ones[pos]
    s1 = ones.copy()
    s1[pos] = d[pos] * src[pos]
    np.testing.assert_array_equal(z[5], d)
    np.testing.assert_array_equal(z[6], src)  # s0' = d - s1 = s0
    np.testing.assert_array_equal(z[7], s1)


def test_3_counter_chain(samples) -> None:
    src = np.arange(512).astype(H)
    ones = np.ones(512, H)
    z = _run(samples, 31, src, ones, np.zeros(8 * 512, H)).reshape(8, 512)
    d = np.full(512, -7, H)
    d[:128] = src[:128] + 1
    s1 = ones.copy()
    s1[:128] = d[:128] * src[:128]
    np.testing.assert_array_equal(z[5], d)
    np.testing.assert_array_equal(z[6], src)
    np.testing.assert_array_equal(z[7], s1)


def test_3_fifteen_thousand_elements(samples) -> None:
    rng = np.random.default_rng(3)
    x = np.zeros(15008, H)
    y = np.zeros(15008, H)
    x[:15000] = rng.integers(-100, 100, 15000)
    y[:15000] = rng.integers(-100, 100, 15000)
    z = _run(samples, 32, x, y, np.zeros(2 * 15008, H)).reshape(2, 15008)
    want = np.zeros(15008, H)
    want[:15000] = x[:15000] + y[:15000]
    np.testing.assert_array_equal(z[0], want)
    np.testing.assert_array_equal(z[1], want)


def test_4_ping_pong_flags(samples) -> None:
    rng = np.random.default_rng(4)
    x = rng.integers(-500, 500, 8 * 4096).astype(H)
    y = rng.integers(-500, 500, 8 * 4096).astype(H)
    z = _run(samples, 4, x, y, np.zeros(8 * 4096, H))
    np.testing.assert_array_equal(z, x + y)


def test_5_leaky_relu_composite(samples) -> None:
    x = np.random.default_rng(5).standard_normal(512).astype(F) * 10
    z = _run(samples, 5, x, _dummy(), np.zeros(512, F))
    want = np.maximum(x, 0) + np.minimum(x, 0) * F(0.01)
    np.testing.assert_array_equal(z, want)


def test_5_leaky_relu_level0(samples) -> None:
    x = np.random.default_rng(6).integers(-1000, 1000, 512).astype(H)
    z = _run(samples, 51, x, _dummy(), np.zeros(3 * 512, H)).reshape(3, 512)
    want = np.where(x >= 0, x, (x.astype(F) * F(H(0.001))).astype(H))
    for row in z:
        np.testing.assert_array_equal(row, want)


def test_6_bf16_add_through_float(samples) -> None:
    rng = np.random.default_rng(7)
    x = rng.standard_normal(2048).astype(BF16)
    y = rng.standard_normal(2048).astype(BF16)
    z = _run(samples, 6, x, y, np.zeros(2048, BF16))
    np.testing.assert_array_equal(z, (x.astype(F) + y.astype(F)).astype(BF16))


def test_6_cast_half_int32_round_modes(samples) -> None:
    base = np.array([1.4, 1.5, 1.6, 2.4, 2.5, 2.6, -1.5, -2.5, -2.6, 0.5, -0.5, 7.11, 37.4, -3.0, 0.0, 9.5])
    x = np.tile(base, 32).astype(H)
    z = _run(samples, 61, x, _dummy(), np.zeros(8 * 512, np.int32)).reshape(8, 512)
    v = x.astype(np.float64)
    np.testing.assert_array_equal(z[0], np.ceil(v))
    np.testing.assert_array_equal(z[1], np.rint(v))
    np.testing.assert_array_equal(z[2], np.floor(v))
    np.testing.assert_array_equal(z[3], np.sign(v) * np.floor(np.abs(v) + 0.5))
    np.testing.assert_array_equal(z[4], np.trunc(v))
    np.testing.assert_array_equal(z[5], np.ceil(v))
    partial = np.full(512, -7)
    for r in range(8):
        partial[64 * r : 64 * r + 32] = np.ceil(v[64 * r : 64 * r + 32])
    np.testing.assert_array_equal(z[6], partial)
    np.testing.assert_array_equal(z[7], np.ceil(v))
    assert list(z[0][:6]) == [2, 2, 2, 3, 3, 3] and list(z[1][:6]) == [1, 2, 2, 2, 2, 3]


def _bits(b: np.ndarray, n: int) -> np.ndarray:
    return np.unpackbits(b.view(np.uint8), bitorder="little")[:n].astype(bool)


def test_7_compare_select_compares(samples) -> None:
    rng = np.random.default_rng(8)
    a = np.arange(256).astype(F)
    b = np.arange(255, -1, -1).astype(F)
    s = np.zeros(8, F)
    s[0] = 100.5
    mask = rng.integers(0, 256, 32).astype(np.uint8)
    z = _run(samples, 7, np.concatenate([a, b, s]), mask, np.zeros(784, F))
    cmp = _bits(z[:8], 256)
    np.testing.assert_array_equal(cmp, a < b)
    assert list(z[:8].view(np.uint8)) == [255] * 16 + [0] * 16  # i < 255 - i for i <= 127
    sel2, sel1, sel0 = z[8:264], z[264:520], z[520:776]
    np.testing.assert_array_equal(sel2, np.minimum(a, b))
    np.testing.assert_array_equal(sel1, np.where(a < b, a, 0))
    m = _bits(mask, 64)
    np.testing.assert_array_equal(sel0, np.where(np.tile(m, 4), a, b))
    np.testing.assert_array_equal(_bits(z[776:784], 256), a < s[0])


def test_8_reductions(samples) -> None:
    rnd = np.random.default_rng(9).random(512).astype(H)
    z = _run(samples, 8, np.ones(8320, H), rnd, np.zeros(7 * 16, H)).reshape(7, 16)
    assert z[0][0] == 8320 and z[1][0] == 8320 and z[2][0] == 288
    assert (z[0][1:] == 0).all()
    for row, data, fn in (
        (3, rnd, np.argmax),
        (4, rnd[:288], np.argmax),
        (5, rnd, np.argmin),
        (6, rnd[:288], np.argmin),
    ):
        i = fn(data)
        assert z[row][0] == data[i], row
        assert z[row][1:2].view(np.uint16)[0] == i, row


def test_9_data_copy_pad_write_back(samples) -> None:
    src = (np.arange(32)[:, None] * 100 + np.arange(59)[None, :]).astype(F).reshape(-1)
    z = _run(samples, 9, src, _dummy(), np.full(32 * 59, -1, F))
    np.testing.assert_array_equal(z, 2 * src)


def test_9_data_copy_pad_normal_and_compact(samples) -> None:
    z = _run(samples, 91, np.ones(36, F), _dummy(), np.full(88, -1, F))
    normal = np.tile(np.r_[np.ones(12), np.zeros(4)], 3)
    compact = np.r_[np.ones(36), np.zeros(4)]
    np.testing.assert_array_equal(z[:48], normal)
    np.testing.assert_array_equal(z[48:], compact)


def test_10_gather(samples) -> None:
    src = np.arange(512).astype(H)
    off = ((511 - np.arange(512)) * 2).astype(np.uint32)
    z = _run(samples, 10, src, off, np.zeros(768, H))
    np.testing.assert_array_equal(z[:128], 511 - np.arange(128))
    np.testing.assert_array_equal(z[128:640], 511 - np.arange(512))
    np.testing.assert_array_equal(z[640:], 511 - np.arange(128))
