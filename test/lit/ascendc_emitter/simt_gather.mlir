// RUN: ascir-opt %S/Inputs/simt_gather.mlir -t ascendc | filecheck %s
// Input: test/ascendc_emitter/kernels.py:simt_gather(f32).

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       #include "autofuse/simt.h"
// CHECK:       __simt_vf__ __launch_bounds__(256) inline void gather_simt(__gm__ float* x, __gm__ int64_t* index, __gm__ float* out, int64_t n) {
// CHECK-NEXT:      const int64_t tid = static_cast<int64_t>(AscendC::Simt::GetThreadIdx<0>());
// CHECK-NEXT:      const int64_t nthreads = static_cast<int64_t>(AscendC::Simt::GetThreadNum<0>());
// CHECK-NEXT:      for (int64_t e = tid; e < n; e += nthreads) {
// CHECK-NEXT:          const int64_t idx = af::GmLoad(index, e);
// CHECK-NEXT:          const float value = af::GmLoad(x, idx);
// CHECK-NEXT:          af::GmStore(out, e, value);
// CHECK:           AscendC::Simt::VF_CALL<gather_simt>(AscendC::Simt::Dim3(256), xp, ip, op, n);
