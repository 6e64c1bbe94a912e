// RUN: ascir-opt %s -t ascendc | filecheck %s
// LoadAlign / StoreAlign at pointer + offset: the template arguments only for a
// distribution other than DIST_NORM (UNPACK spreads a narrow tensor over the slots of a
// wider loop dtype, PACK writes the low parts back densely; BRC puts one element in every
// lane).

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void vf(__ubuf__ int8_t* b, __ubuf__ half* h, __ubuf__ float* f, int64_t i) {
// CHECK-NEXT:      AscendC::Reg::MaskReg m = AscendC::Reg::CreateMask<int64_t, AscendC::Reg::MaskPattern::ALL>();
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> fr;
// CHECK-NEXT:      AscendC::Reg::LoadAlign(fr, f + i);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> fr2;
// CHECK-NEXT:      AscendC::Reg::LoadAlign(fr2, f + i);
// CHECK-NEXT:      AscendC::Reg::RegTensor<half> hr;
// CHECK-NEXT:      AscendC::Reg::LoadAlign<half, AscendC::Reg::LoadDist::DIST_UNPACK_B16>(hr, h + i);
// CHECK-NEXT:      AscendC::Reg::RegTensor<int8_t> br;
// CHECK-NEXT:      AscendC::Reg::LoadAlign<int8_t, AscendC::Reg::LoadDist::DIST_UNPACK_B8>(br, b + i);
// CHECK-NEXT:      AscendC::Reg::RegTensor<int8_t> br4;
// CHECK-NEXT:      AscendC::Reg::LoadAlign<int8_t, AscendC::Reg::LoadDist::DIST_UNPACK4_B8>(br4, b + i);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> fr64;
// CHECK-NEXT:      AscendC::Reg::LoadAlign<float, AscendC::Reg::LoadDist::DIST_UNPACK_B32>(fr64, f + i);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> fb;
// CHECK-NEXT:      AscendC::Reg::LoadAlign<float, AscendC::Reg::LoadDist::DIST_BRC_B32>(fb, f + i);
// CHECK-NEXT:      AscendC::Reg::RegTensor<half> hb;
// CHECK-NEXT:      AscendC::Reg::LoadAlign<half, AscendC::Reg::LoadDist::DIST_BRC_B16>(hb, h + i);
// CHECK-NEXT:      AscendC::Reg::RegTensor<int8_t> bb;
// CHECK-NEXT:      AscendC::Reg::LoadAlign<int8_t, AscendC::Reg::LoadDist::DIST_BRC_B8>(bb, b + i);
// CHECK-NEXT:      AscendC::Reg::StoreAlign(f + i, fr, m);
// CHECK-NEXT:      AscendC::Reg::StoreAlign(f + i, fr2, m);
// CHECK-NEXT:      AscendC::Reg::StoreAlign<half, AscendC::Reg::StoreDist::DIST_PACK_B32>(h + i, hr, m);
// CHECK-NEXT:      AscendC::Reg::StoreAlign<int8_t, AscendC::Reg::StoreDist::DIST_PACK_B16>(b + i, br, m);
// CHECK-NEXT:      AscendC::Reg::StoreAlign<int8_t, AscendC::Reg::StoreDist::DIST_PACK4_B32>(b + i, br4, m);
// CHECK-NEXT:      AscendC::Reg::StoreAlign<float, AscendC::Reg::StoreDist::DIST_PACK_B64>(f + i, fr64, m);
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.simd_vf @vf(b, h, f, i) {
  ^bb0(%b: !ascendc.ubptr<i8>, %h: !ascendc.ubptr<f16>, %f: !ascendc.ubptr<f32>, %i: i64):
    %m = ascendc.reg.create_mask<i64, ALL>
    %fr = ascendc.reg.load %f[%i] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %fr2 = ascendc.reg.load<DIST_NORM> %f[%i] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %hr = ascendc.reg.load<DIST_UNPACK_B16> %h[%i] : !ascendc.ubptr<f16> -> !ascendc.reg<f16>
    %br = ascendc.reg.load<DIST_UNPACK_B8> %b[%i] : !ascendc.ubptr<i8> -> !ascendc.reg<i8>
    %br4 = ascendc.reg.load<DIST_UNPACK4_B8> %b[%i] : !ascendc.ubptr<i8> -> !ascendc.reg<i8>
    %fr64 = ascendc.reg.load<DIST_UNPACK_B32> %f[%i] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %fb = ascendc.reg.load<DIST_BRC_B32> %f[%i] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %hb = ascendc.reg.load<DIST_BRC_B16> %h[%i] : !ascendc.ubptr<f16> -> !ascendc.reg<f16>
    %bb = ascendc.reg.load<DIST_BRC_B8> %b[%i] : !ascendc.ubptr<i8> -> !ascendc.reg<i8>
    ascendc.reg.store %f[%i], %fr, %m : !ascendc.ubptr<f32>, !ascendc.reg<f32>
    ascendc.reg.store<DIST_NORM> %f[%i], %fr2, %m : !ascendc.ubptr<f32>, !ascendc.reg<f32>
    ascendc.reg.store<DIST_PACK_B32> %h[%i], %hr, %m : !ascendc.ubptr<f16>, !ascendc.reg<f16>
    ascendc.reg.store<DIST_PACK_B16> %b[%i], %br, %m : !ascendc.ubptr<i8>, !ascendc.reg<i8>
    ascendc.reg.store<DIST_PACK4_B32> %b[%i], %br4, %m : !ascendc.ubptr<i8>, !ascendc.reg<i8>
    ascendc.reg.store<DIST_PACK_B64> %f[%i], %fr64, %m : !ascendc.ubptr<f32>, !ascendc.reg<f32>
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
