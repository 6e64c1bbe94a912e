// RUN: ascir-opt %s -t ascendc | filecheck %s
// Masks: UpdateMask<T> over a uint32_t count it decrements (one per loop iteration, as
// AL-7 requires), CreateMask<T, MaskPattern::p> for the fixed patterns.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void vf(__ubuf__ half* x, int64_t n) {
// CHECK-NEXT:      for (int64_t i = int64_t(0); i < n; i += int64_t(128)) {
// CHECK-NEXT:          const int64_t rest = n - i;
// CHECK-NEXT:          uint32_t remaining = static_cast<uint32_t>(rest);
// CHECK-NEXT:          AscendC::Reg::MaskReg m = AscendC::Reg::UpdateMask<half>(remaining);
// CHECK-NEXT:          uint32_t remaining_1 = static_cast<uint32_t>(rest);
// CHECK-NEXT:          AscendC::Reg::MaskReg m32 = AscendC::Reg::UpdateMask<float>(remaining_1);
// CHECK-NEXT:      }
// CHECK-NEXT:      AscendC::Reg::MaskReg all = AscendC::Reg::CreateMask<half, AscendC::Reg::MaskPattern::ALL>();
// CHECK-NEXT:      AscendC::Reg::MaskReg none = AscendC::Reg::CreateMask<half, AscendC::Reg::MaskPattern::ALLF>();
// CHECK-NEXT:      AscendC::Reg::MaskReg half_ = AscendC::Reg::CreateMask<int8_t, AscendC::Reg::MaskPattern::H>();
// CHECK-NEXT:      AscendC::Reg::MaskReg quarter = AscendC::Reg::CreateMask<int64_t, AscendC::Reg::MaskPattern::Q>();
// CHECK-NEXT:      AscendC::Reg::MaskReg vl1 = AscendC::Reg::CreateMask<uint16_t, AscendC::Reg::MaskPattern::VL1>();
// CHECK-NEXT:      AscendC::Reg::MaskReg vl128 = AscendC::Reg::CreateMask<int8_t, AscendC::Reg::MaskPattern::VL128>();
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.simd_vf @vf(x, n) {
  ^bb0(%x: !ascendc.ubptr<f16>, %n: i64):
    %zero = arith.constant 0 : i64
    %step = arith.constant 128 : i64
    scf.for %i = %zero to %n step %step : i64 {
      %rest = arith.subi %n, %i : i64
      %m = ascendc.reg.update_mask<f16> %rest
      %m32 = ascendc.reg.update_mask<f32> %rest
    }
    %all = ascendc.reg.create_mask<f16, ALL>
    %none = ascendc.reg.create_mask<f16, ALLF>
    %half_ = ascendc.reg.create_mask<i8, H>
    %quarter = ascendc.reg.create_mask<i64, Q>
    %vl1 = ascendc.reg.create_mask<ui16, VL1>
    %vl128 = ascendc.reg.create_mask<i8, VL128>
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
