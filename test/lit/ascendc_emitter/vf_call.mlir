// RUN: ascir-opt %s -t ascendc | filecheck %s
// __simd_vf__ functions are printed before the kernels, in module order, and called with
// asc_vf_call<fn>(args); a function without parameters takes none (its empty body is the
// block ^bb0). No simt.h include.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK-NOT:   autofuse/simt.h
// CHECK:       __simd_vf__ inline void first(__ubuf__ float* a, __ubuf__ float* b, int64_t n, float s) {
// CHECK-NEXT:  }
// CHECK:       __simd_vf__ inline void second() {
// CHECK-NEXT:  }
// CHECK:       extern "C" __global__ __vector__ void k(GM_ADDR x, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:           __ubuf__ float* pa = (__ubuf__ float*)la.GetPhyAddr();
// CHECK-NEXT:      __ubuf__ float* pb = (__ubuf__ float*)lb.GetPhyAddr();
// CHECK-NEXT:      asc_vf_call<first>(pa, pb, n, -0.0f);
// CHECK-NEXT:      asc_vf_call<second>();
// CHECK-NEXT:      asc_vf_call<first>(pb, pa, int64_t(7), -0.0f);
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.simd_vf @first(a, b, n, s) {
  ^bb0(%a: !ascendc.ubptr<f32>, %b: !ascendc.ubptr<f32>, %n: i64, %s: f32):
  }
  ascendc.simd_vf @second() {
  ^bb0:
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %bytes = arith.constant 1024 : i64
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %c64 = arith.constant 64 : i64
    %la = ascendc.tbuf_get %buf, %c64, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %lb = ascendc.tbuf_get %buf, %c64, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %pa = ascendc.phy_addr %la : !ascendc.local<f32> -> !ascendc.ubptr<f32>
    %pb = ascendc.phy_addr %lb : !ascendc.local<f32> -> !ascendc.ubptr<f32>
    %s = arith.constant -0.0 : f32
    ascendc.vf_call @first(%pa, %pb, %n, %s) : !ascendc.ubptr<f32>, !ascendc.ubptr<f32>, i64, f32
    ascendc.vf_call @second()
    %seven = arith.constant 7 : i64
    ascendc.vf_call @first(%pb, %pa, %seven, %s) : !ascendc.ubptr<f32>, !ascendc.ubptr<f32>, i64, f32
  }
}
