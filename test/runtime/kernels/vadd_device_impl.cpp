// Hand-written AscendC kernel (documented API only): z = x + y over float, several blocks,
// queued and double-buffered, DataCopyPad for the tail that is not a multiple of 32 bytes.
#include "kernel_operator.h"
#include "tiling.h"

extern "C" __global__ __vector__ void vadd_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                  AutofuseTilingData tiling) {
    const int64_t start = AscendC::GetBlockIdx() * tiling.per_block;
    int64_t len = tiling.n - start;
    if (len > tiling.per_block) len = tiling.per_block;
    if (len <= 0) return;
    AscendC::GlobalTensor<float> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + start, len);
    yGm.SetGlobalBuffer((__gm__ float*)y + start, len);
    zGm.SetGlobalBuffer((__gm__ float*)z + start, len);
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 2> inX, inY;
    AscendC::TQue<AscendC::TPosition::VECOUT, 2> outZ;
    pipe.InitBuffer(inX, 2, uint32_t(tiling.tile * sizeof(float)));
    pipe.InitBuffer(inY, 2, uint32_t(tiling.tile * sizeof(float)));
    pipe.InitBuffer(outZ, 2, uint32_t(tiling.tile * sizeof(float)));
    for (int64_t off = 0; off < len; off += tiling.tile) {
        const int64_t count = (len - off) < tiling.tile ? (len - off) : tiling.tile;
        AscendC::DataCopyExtParams copy{1, uint32_t(count * sizeof(float)), 0, 0, 0};
        AscendC::DataCopyPadExtParams<float> pad{false, 0, 0, 0.0f};
        AscendC::LocalTensor<float> xl = inX.AllocTensor<float>();
        AscendC::LocalTensor<float> yl = inY.AllocTensor<float>();
        AscendC::DataCopyPad(xl, xGm[off], copy, pad);
        AscendC::DataCopyPad(yl, yGm[off], copy, pad);
        inX.EnQue(xl);
        inY.EnQue(yl);
        xl = inX.DeQue<float>();
        yl = inY.DeQue<float>();
        AscendC::LocalTensor<float> zl = outZ.AllocTensor<float>();
        AscendC::Add(zl, xl, yl, int32_t(count));
        outZ.EnQue(zl);
        inX.FreeTensor(xl);
        inY.FreeTensor(yl);
        zl = outZ.DeQue<float>();
        AscendC::DataCopyPad(zGm[off], zl, copy);
        outZ.FreeTensor(zl);
    }
}

extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* x, void* y, void* z, void* workspace,
                                  AutofuseTilingData* tiling) {
    vadd_kernel<<<block_dim, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y, (GM_ADDR)z, (GM_ADDR)workspace, *tiling);
    return 0;
}
