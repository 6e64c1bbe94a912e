// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s

// The triu mask of seed 000 (FR5/FR8, AL-2): row >= col over an [s0, s1] matrix from two
// 1-D Aranges broadcast to it. normalize-arange-broadcast-views pads them; each Arange
// is a Reg::Arange in a VF whose sequence parameters (base, step, offset, stride) are
// value parameters of the call. The row index is degenerate along z1 (stride 0): the VF
// starts from 0 and scales by stride * step before adding the start; the column index
// (stride 1, step 1) starts at its first value directly. The per-row value is read back
// and duplicated; the int64 compare's bool result cannot leave an int64 VF loop (no 8:1
// PACK store), so it runs at memory level.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_triu_vf_0(__ubuf__ int64_t* {{[a-z0-9_]+}}, int64_t count, int64_t [[BASE:[a-z0-9_]+]], int64_t [[STEP:[a-z0-9_]+]], int64_t [[OFF:[a-z0-9_]+]], int64_t [[STRIDE:[a-z0-9_]+]]) {
// CHECK:         AscendC::Reg::Arange([[A:[a-z0-9_]+]], int64_t(0));
// CHECK-NEXT:    const int64_t [[SCALE:[a-z0-9_]+]] = [[STRIDE]] * [[STEP]];
// CHECK:         AscendC::Reg::Muls([[AS:[a-z0-9_]+]], [[A]], [[SCALE]],
// CHECK:         AscendC::Reg::Adds({{[a-z0-9_]+}}, [[AS]],
// CHECK:       __simd_vf__ inline void autofuse_triu_vf_1(__ubuf__ int64_t* {{[a-z0-9_]+}}, int64_t count,
// CHECK:         AscendC::Reg::Arange([[C:[a-z0-9_]+]], [[START:v_[0-9]+]]);
// CHECK-NOT:     AscendC::Reg::Muls
// CHECK:         AscendC::Reg::StoreAlign({{.*}}, [[C]],
// CHECK:       __simd_vf__ inline void autofuse_triu_vf_2(int64_t [[ROW:[a-z0-9_]+]], __ubuf__ int64_t* {{[a-z0-9_]+}}, int64_t count) {
// CHECK:         AscendC::Reg::Duplicate({{[a-z0-9_]+}}, [[ROW]],
// CHECK:       extern "C" __global__ __vector__ void autofuse_triu(GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// Row: one element per row (count 1), base 0, step 1, stride 0.
// CHECK:         asc_vf_call<autofuse_triu_vf_0>({{[a-z0-9_]+}}, int64_t(1), int64_t(0), int64_t(1), {{[a-z0-9_]+}}, int64_t(0));
// Column: count elements from the tile start, base 0, step 1, stride 1.
// CHECK:         asc_vf_call<autofuse_triu_vf_1>({{[a-z0-9_]+}}, [[COUNT:count(_[0-9]+)?]], int64_t(0), int64_t(1), {{[a-z0-9_]+}}, int64_t(1));
// CHECK:         asc_vf_call<autofuse_triu_vf_2>({{[a-z0-9_]+}}, {{[a-z0-9_]+}}, [[COUNT]]);
// CHECK:         AscendC::Compare({{[a-z0-9_]+}}, {{[a-z0-9_]+}}, {{[a-z0-9_]+}}, AscendC::CMPMODE::GE,
ascir.graph @triu hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %r = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s0], [1]>
  %c = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1], [s1], [1]>
  %rb = ascir.broadcast %r : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %cb = ascir.broadcast %c : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.ge %rb, %cb : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %m : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
}
