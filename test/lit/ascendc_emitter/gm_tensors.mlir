// RUN: ascir-opt %s -t ascendc | filecheck %s
// GM: GlobalTensor over a GM_ADDR parameter plus an element offset, its slices, and typed
// __gm__ pointers for SIMT functions.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void k(GM_ADDR x, GM_ADDR out, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK-NEXT:      const int64_t n = tiling.n;
// CHECK-NEXT:      const int64_t start = tiling.start;
// CHECK-NEXT:      AscendC::GlobalTensor<half> xg;
// CHECK-NEXT:      xg.SetGlobalBuffer((__gm__ half*)x + start, static_cast<uint64_t>(n));
// CHECK-NEXT:      AscendC::GlobalTensor<half> row = xg[n];
// CHECK-NEXT:      AscendC::GlobalTensor<half> cell = row[start];
// CHECK-NEXT:      AscendC::GlobalTensor<uint8_t> og;
// CHECK-NEXT:      og.SetGlobalBuffer((__gm__ uint8_t*)out + int64_t(0), static_cast<uint64_t>(n));
// CHECK-NEXT:      __gm__ int64_t* wsp = (__gm__ int64_t*)workspace;
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, start : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, out, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %out: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %start = ascendc.tiling_get %t[start] : i64
    %xg = ascendc.global_tensor %x + %start, %n : !ascendc.global<f16>
    %row = ascendc.gslice %xg[%n] : !ascendc.global<f16>
    %cell = ascendc.gslice %row[%start] : !ascendc.global<f16>
    %zero = arith.constant 0 : i64
    %og = ascendc.global_tensor %out + %zero, %n : !ascendc.global<ui8>
    %wsp = ascendc.gm_ptr %ws : !ascendc.gmptr<i64>
  }
}
