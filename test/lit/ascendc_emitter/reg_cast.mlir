// RUN: ascir-opt %s -t ascendc | filecheck %s
// Register Cast<D, S, trait>: RegLayout::ZERO between widths (UNKNOWN for one width),
// SatMode::SAT from float to integer, the RoundMode of the op; each trait is its own
// static constexpr.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           static constexpr AscendC::Reg::CastTrait cast_trait = {AscendC::Reg::RegLayout::ZERO, AscendC::Reg::SatMode::UNKNOWN, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_RINT};
// CHECK-NEXT:      AscendC::Reg::RegTensor<half> h;
// CHECK-NEXT:      AscendC::Reg::Cast<half, float, cast_trait>(h, a, m);
// CHECK-NEXT:      static constexpr AscendC::Reg::CastTrait cast_trait_1 = {AscendC::Reg::RegLayout::UNKNOWN, AscendC::Reg::SatMode::SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_TRUNC};
// CHECK-NEXT:      AscendC::Reg::RegTensor<int32_t> i;
// CHECK-NEXT:      AscendC::Reg::Cast<int32_t, float, cast_trait_1>(i, a, m);
// CHECK-NEXT:      static constexpr AscendC::Reg::CastTrait cast_trait_2 = {AscendC::Reg::RegLayout::ZERO, AscendC::Reg::SatMode::UNKNOWN, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_NONE};
// CHECK-NEXT:      AscendC::Reg::RegTensor<int64_t> l;
// CHECK-NEXT:      AscendC::Reg::Cast<int64_t, int32_t, cast_trait_2>(l, i, m);
// CHECK-NEXT:      static constexpr AscendC::Reg::CastTrait cast_trait_3 = {AscendC::Reg::RegLayout::UNKNOWN, AscendC::Reg::SatMode::SAT, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_FLOOR};
// CHECK-NEXT:      AscendC::Reg::RegTensor<int16_t> s;
// CHECK-NEXT:      AscendC::Reg::Cast<int16_t, half, cast_trait_3>(s, h, m);

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.simd_vf @vf(x) {
  ^bb0(%x: !ascendc.ubptr<f32>):
    %zero = arith.constant 0 : i64
    %m = ascendc.reg.create_mask<f32, ALL>
    %a = ascendc.reg.load %x[%zero] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %h = ascendc.reg.cast<CAST_RINT> %a, %m : !ascendc.reg<f32> -> !ascendc.reg<f16>
    %i = ascendc.reg.cast<CAST_TRUNC> %a, %m : !ascendc.reg<f32> -> !ascendc.reg<i32>
    %l = ascendc.reg.cast<CAST_NONE> %i, %m : !ascendc.reg<i32> -> !ascendc.reg<i64>
    %s = ascendc.reg.cast<CAST_FLOOR> %h, %m : !ascendc.reg<f16> -> !ascendc.reg<i16>
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
