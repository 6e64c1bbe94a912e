// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s

// The triu mask of seed 000 (FR5/FR8, AL-2): row >= col over an [s0, s1] matrix from two
// 1-D Aranges broadcast to it. normalize-arange-broadcast-views pads them; two positions
// compared compute in int32 (narrow-index-compares, range-checked on the host), so the
// whole mask is one VF over int32 lanes whose bool result leaves by a 4:1 PACK store. Each
// Arange's sequence parameters (base, step, offset, stride) are value parameters of the
// call. The row index is one value per row (degenerate along z1): a narrow member of the
// dense region, duplicated from its start once, before the loop; the column index (stride
// 1, step 1) is a Reg::Arange from its first value.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_triu_vf_0(__ubuf__ uint8_t* {{[a-z0-9_]+}}, int64_t count, int64_t [[BASE:[a-z0-9_]+]], int64_t [[STEP:[a-z0-9_]+]], int64_t [[OFF:[a-z0-9_]+]], int64_t [[STRIDE:[a-z0-9_]+]], int64_t {{.*}}) {
// CHECK:         AscendC::Reg::Duplicate([[ROW:[a-z0-9_]+]], arange_start, {{[a-z0-9_]+}});
// CHECK:         for (int64_t i = int64_t(0); i < iters; i += int64_t(1)) {
// CHECK-NOT:       AscendC::Reg::Duplicate([[ROW]]
// CHECK:           AscendC::Reg::Arange([[COL:[a-z0-9_]+]], {{[a-z0-9_]+}});
// CHECK-NOT:       AscendC::Reg::Muls
// CHECK:           AscendC::Reg::Compare<int32_t, AscendC::CMPMODE::GE>([[M:[a-z0-9_]+]], [[ROW]], [[COL]],
// CHECK:           AscendC::Reg::StoreAlign<uint8_t, AscendC::Reg::StoreDist::DIST_PACK4_B32>(
// CHECK:       extern "C" __global__ __vector__ void autofuse_triu(GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// Row: base 0, step 1, stride 0; column: base 0, step 1, stride 1.
// CHECK:         asc_vf_call<autofuse_triu_vf_0>({{[a-z0-9_]+}}, {{count(_[0-9]+)?}}, int64_t(0), int64_t(1), {{[a-z0-9_]+}}, int64_t(0), int64_t(0), int64_t(1), {{[a-z0-9_]+}}, int64_t(1));
// CHECK-NOT:     AscendC::Compare(
ascir.graph @triu hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %r = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s0], [1]>
  %c = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1], [s1], [1]>
  %rb = ascir.broadcast %r : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %cb = ascir.broadcast %c : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.ge %rb, %cb : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %m : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
}
