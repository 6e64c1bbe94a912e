// Hand-written SIMT kernel for the simulator's GM accessors (ascsim/simt.h): z[i] = x[i] + y[i]
// over n floats, 256 threads, every element through af::GmLoad / af::GmStore. Mode 0 is the
// plain case; the others reach GM the ways the inline path must hand to the simulator or
// fault on (see test_simt_ports.py).
#include "kernel_operator.h"

#include "autofuse/simt.h"
#include "tiling.h"

__simt_vf__ __launch_bounds__(256) inline void simt_ports_body(__gm__ float* x, __gm__ float* y, __gm__ float* z,
                                                               int64_t n, int64_t mode) {
    const int64_t t = static_cast<int64_t>(AscendC::Simt::GetThreadIdx<0>());
    const int64_t threads = static_cast<int64_t>(AscendC::Simt::GetThreadNum<0>());
    __gm__ float* xm = x + n / 2;  // an interior pointer: negative indices are in bounds
    for (int64_t i = t; i < n; i += threads) {
        float a;
        if (mode == 1) {
            a = af::GmLoad(xm, i - n / 2);
        } else if (mode == 2) {  // twelve pointers into x: more than the simulator keeps ports for
            __gm__ float* xp = x + (i % 12);
            a = af::GmLoad(xp, i - (i % 12));
        } else if (mode == 3) {  // a pointer two bytes into x: its elements straddle x's floats
            a = af::GmLoad(x, i);
            if (i == 0) (void)af::GmLoad(reinterpret_cast<__gm__ float*>(reinterpret_cast<__gm__ char*>(x) + 2), 0);
        } else {
            a = af::GmLoad(x, i);
        }
        const float b = af::GmLoad(y, i);
        if (mode == 4 && i == 3 * threads + 5) (void)af::GmLoad(x, n);  // one past the end, after many in bounds
        if (mode == 5 && i == 2 * threads) (void)af::GmLoad(xm, -n / 2 - 1);  // one before x's start
        if (mode == 6 && i == threads + 1) (void)af::GmLoad(x, INT64_MAX / 2);  // the byte offset overflows
        if (mode == 7 && i == threads) af::GmStore(x, i, a);  // x is an input
        af::GmStore(z, i, a + b);
    }
}

extern "C" __global__ __aicore__ void simt_ports_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                        AutofuseTilingData tiling) {
    (void)workspace;
    AscendC::Simt::VF_CALL<simt_ports_body>(AscendC::Simt::Dim3(256), (__gm__ float*)x, (__gm__ float*)y,
                                            (__gm__ float*)z, tiling.n, int64_t(tiling.tiling_key));
}

extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* x, void* y, void* z, void* workspace,
                                  AutofuseTilingData* tiling) {
    simt_ports_kernel<<<block_dim, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y, (GM_ADDR)z, (GM_ADDR)workspace, *tiling);
    return 0;
}
