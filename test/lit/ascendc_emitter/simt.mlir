// RUN: ascir-opt %s -t ascendc | filecheck %s
// SIMT: a __simt_vf__ __launch_bounds__(n) function over __gm__ pointers, thread index and
// count, GM loads/stores through the af:: helpers, an index check, and the VF_CALL with
// its thread count; the module then includes autofuse/simt.h.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       #include "autofuse/simt.h"
// CHECK:       __simt_vf__ __launch_bounds__(1024) inline void scale(__gm__ half* x, __gm__ int32_t* idx, __gm__ half* out, int64_t n, half s) {
// CHECK-NEXT:      const int64_t tid = static_cast<int64_t>(AscendC::Simt::GetThreadIdx<0>());
// CHECK-NEXT:      const int64_t nthreads = static_cast<int64_t>(AscendC::Simt::GetThreadNum<0>());
// CHECK-NEXT:      for (int64_t e = tid; e < n; e += nthreads) {
// CHECK-NEXT:          const int32_t i = af::GmLoad(idx, e);
// CHECK-NEXT:          const int64_t i64 = static_cast<int64_t>(i);
// CHECK-NEXT:          af::CheckIndex(i64, n, "IndirectLoad \"x\" row");
// CHECK-NEXT:          const half v = af::GmLoad(x, i64);
// CHECK-NEXT:          const half w = v * s;
// CHECK-NEXT:          af::GmStore(out, e, w);
// CHECK-NEXT:      }
// CHECK-NEXT:  }
// CHECK:       extern "C" __global__ __vector__ void k(GM_ADDR x, GM_ADDR idx, GM_ADDR out, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK-NEXT:      const int64_t n = tiling.n;
// CHECK-NEXT:      __gm__ half* xp = (__gm__ half*)x;
// CHECK-NEXT:      __gm__ int32_t* ip = (__gm__ int32_t*)idx;
// CHECK-NEXT:      __gm__ half* op = (__gm__ half*)out;
// CHECK-NEXT:      AscendC::Simt::VF_CALL<scale>(AscendC::Simt::Dim3(512), xp, ip, op, n, half(0.5f));
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.simt_vf @scale(x, idx, out, n, s) launch_bound 1024 {
  ^bb0(%x: !ascendc.gmptr<f16>, %idx: !ascendc.gmptr<i32>, %out: !ascendc.gmptr<f16>, %n: i64, %s: f16):
    %tid = ascendc.simt.thread_idx
    %nthreads = ascendc.simt.thread_num
    scf.for %e = %tid to %n step %nthreads : i64 {
      %i = ascendc.simt.gm_load %idx[%e] : !ascendc.gmptr<i32> -> i32
      %i64 = arith.extsi %i : i32 to i64
      ascendc.simt.check_index %i64, %n, "IndirectLoad \"x\" row"
      %v = ascendc.simt.gm_load %x[%i64] : !ascendc.gmptr<f16> -> f16
      %w = arith.mulf %v, %s : f16
      ascendc.simt.gm_store %out[%e], %w : !ascendc.gmptr<f16>, f16
    }
  }
  ascendc.kernel @k(x, idx, out, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %idx: !ascendc.gm_addr, %out: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %xp = ascendc.gm_ptr %x : !ascendc.gmptr<f16>
    %ip = ascendc.gm_ptr %idx : !ascendc.gmptr<i32>
    %op = ascendc.gm_ptr %out : !ascendc.gmptr<f16>
    %half = arith.constant 0.5 : f16
    ascendc.simt_call @scale(%xp, %ip, %op, %n, %half) threads 512 : !ascendc.gmptr<f16>, !ascendc.gmptr<i32>, !ascendc.gmptr<f16>, i64, f16
  }
}
