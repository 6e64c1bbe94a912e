// RUN: ascir-opt %s -t ascendc | filecheck %s
// Register compares into a MaskReg (CMPMODE as a template argument), Select by a mask,
// Duplicate of a scalar and Arange from a start.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           AscendC::Reg::MaskReg lt;
// CHECK-NEXT:      AscendC::Reg::Compares<float, AscendC::CMPMODE::LT>(lt, a, s, m);
// CHECK-NEXT:      AscendC::Reg::MaskReg ne;
// CHECK-NEXT:      AscendC::Reg::Compares<float, AscendC::CMPMODE::NE>(ne, a, 0.0f, m);
// CHECK-NEXT:      AscendC::Reg::MaskReg eq;
// CHECK-NEXT:      AscendC::Reg::Compare<float, AscendC::CMPMODE::EQ>(eq, a, a, m);
// CHECK-NEXT:      AscendC::Reg::MaskReg ge;
// CHECK-NEXT:      AscendC::Reg::Compare<int32_t, AscendC::CMPMODE::GE>(ge, ir, ir, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> zeros;
// CHECK-NEXT:      AscendC::Reg::Duplicate(zeros, 0.0f, m);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> out;
// CHECK-NEXT:      AscendC::Reg::Select(out, a, zeros, lt);
// CHECK-NEXT:      AscendC::Reg::RegTensor<int32_t> lanes;
// CHECK-NEXT:      AscendC::Reg::Arange(lanes, static_cast<int32_t>(3));
// CHECK-NEXT:      AscendC::Reg::RegTensor<int64_t> wide;
// CHECK-NEXT:      AscendC::Reg::Arange(wide, i);

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.simd_vf @vf(x, y, s, i) {
  ^bb0(%x: !ascendc.ubptr<f32>, %y: !ascendc.ubptr<i32>, %s: f32, %i: i64):
    %zero = arith.constant 0 : i64
    %z = arith.constant 0.0 : f32
    %three = arith.constant 3 : i32
    %m = ascendc.reg.create_mask<f32, ALL>
    %a = ascendc.reg.load %x[%zero] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %ir = ascendc.reg.load %y[%zero] : !ascendc.ubptr<i32> -> !ascendc.reg<i32>
    %lt = ascendc.reg.compares<LT> %a, %s, %m : !ascendc.reg<f32>, f32
    %ne = ascendc.reg.compares<NE> %a, %z, %m : !ascendc.reg<f32>, f32
    %eq = ascendc.reg.compare<EQ> %a, %a, %m : !ascendc.reg<f32>
    %ge = ascendc.reg.compare<GE> %ir, %ir, %m : !ascendc.reg<i32>
    %zeros = ascendc.reg.duplicate %z, %m : f32 -> !ascendc.reg<f32>
    %out = ascendc.reg.select %a, %zeros, %lt : !ascendc.reg<f32>
    %lanes = ascendc.reg.arange %three : i32 -> !ascendc.reg<i32>
    %wide = ascendc.reg.arange %i : i64 -> !ascendc.reg<i64>
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
