// RUN: ascir-opt %s -t ascendc | filecheck %s
// Register-level compute (AscendC::Reg, ZEROING merge): a RegTensor result declared, then
// the call (dst, operands..., mask); scalars cast to the register's element type.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void vf(__ubuf__ float* x, __ubuf__ int32_t* y, float s, int32_t kv) {
// CHECK:           AscendC::Reg::RegTensor<float> r0;
// CHECK-NEXT:      AscendC::Reg::Add(r0, a, a, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r1;
// CHECK-NEXT:      AscendC::Reg::Sub(r1, r0, a, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r2;
// CHECK-NEXT:      AscendC::Reg::Mul(r2, r1, a, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r3;
// CHECK-NEXT:      AscendC::Reg::Div(r3, r2, a, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r4;
// CHECK-NEXT:      AscendC::Reg::Max(r4, r3, a, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r5;
// CHECK-NEXT:      AscendC::Reg::Min(r5, r4, a, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r6;
// CHECK-NEXT:      AscendC::Reg::Adds(r6, r5, s, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r7;
// CHECK-NEXT:      AscendC::Reg::Muls(r7, r6, s, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r8;
// CHECK-NEXT:      AscendC::Reg::Maxs(r8, r7, s, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r9;
// CHECK-NEXT:      AscendC::Reg::Mins(r9, r8, 1.0f, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r10;
// CHECK-NEXT:      AscendC::Reg::Abs(r10, r9, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r11;
// CHECK-NEXT:      AscendC::Reg::Exp(r11, r10, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r12;
// CHECK-NEXT:      AscendC::Reg::Relu(r12, r11, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> r13;
// CHECK-NEXT:      AscendC::Reg::Sqrt(r13, r12, m);
// CHECK:           AscendC::Reg::RegTensor<int32_t> j1;
// CHECK-NEXT:      AscendC::Reg::Adds(j1, j, kv, mi);

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.simd_vf @vf(x, y, s, kv) {
  ^bb0(%x: !ascendc.ubptr<f32>, %y: !ascendc.ubptr<i32>, %s: f32, %kv: i32):
    %zero = arith.constant 0 : i64
    %one = arith.constant 1.0 : f32
    %m = ascendc.reg.create_mask<f32, ALL>
    %a = ascendc.reg.load %x[%zero] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %r0 = ascendc.reg.add %a, %a, %m : !ascendc.reg<f32>
    %r1 = ascendc.reg.sub %r0, %a, %m : !ascendc.reg<f32>
    %r2 = ascendc.reg.mul %r1, %a, %m : !ascendc.reg<f32>
    %r3 = ascendc.reg.div %r2, %a, %m : !ascendc.reg<f32>
    %r4 = ascendc.reg.max %r3, %a, %m : !ascendc.reg<f32>
    %r5 = ascendc.reg.min %r4, %a, %m : !ascendc.reg<f32>
    %r6 = ascendc.reg.adds %r5, %s, %m : !ascendc.reg<f32>, f32
    %r7 = ascendc.reg.muls %r6, %s, %m : !ascendc.reg<f32>, f32
    %r8 = ascendc.reg.maxs %r7, %s, %m : !ascendc.reg<f32>, f32
    %r9 = ascendc.reg.mins %r8, %one, %m : !ascendc.reg<f32>, f32
    %r10 = ascendc.reg.abs %r9, %m : !ascendc.reg<f32>
    %r11 = ascendc.reg.exp %r10, %m : !ascendc.reg<f32>
    %r12 = ascendc.reg.relu %r11, %m : !ascendc.reg<f32>
    %r13 = ascendc.reg.sqrt %r12, %m : !ascendc.reg<f32>
    ascendc.reg.store %x[%zero], %r13, %m : !ascendc.ubptr<f32>, !ascendc.reg<f32>
    %mi = ascendc.reg.create_mask<i32, ALL>
    %j = ascendc.reg.load %y[%zero] : !ascendc.ubptr<i32> -> !ascendc.reg<i32>
    %j1 = ascendc.reg.adds %j, %kv, %mi : !ascendc.reg<i32>, i32
    ascendc.reg.store %y[%zero], %j1, %mi : !ascendc.ubptr<i32>, !ascendc.reg<i32>
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
