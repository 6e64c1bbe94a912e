// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s

// The triu mask of seed 000 (FR5/FR8, AL-2): row >= col over an [s0, s1] matrix from two
// 1-D Aranges broadcast to it. normalize-arange-broadcast-views pads them; each Arange
// is computed in a VF whose sequence parameters (base, step, offset, stride) are value
// parameters of the call. The row index is one value per row (degenerate along z1): it
// joins the VF of its broadcast (vf-partition: narrow kept values join the dense region
// they feed) and is duplicated from its start once, before the loop; the column index
// (stride 1, step 1) is a Reg::Arange from its first value. The int64 compare's bool
// result cannot leave an int64 VF loop (no 8:1 PACK store), so it runs at memory level.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_triu_vf_0(__ubuf__ int64_t* {{[a-z0-9_]+}}, int64_t count, int64_t [[BASE:[a-z0-9_]+]], int64_t [[STEP:[a-z0-9_]+]], int64_t [[OFF:[a-z0-9_]+]], int64_t [[STRIDE:[a-z0-9_]+]]) {
// CHECK:         const int64_t [[POS:[a-z0-9_]+]] = [[OFF]] + {{[a-z0-9_]+}};
// CHECK:         AscendC::Reg::Duplicate([[A:[a-z0-9_]+]], {{[a-z0-9_]+}}, {{[a-z0-9_]+}});
// CHECK:         for (int64_t i = int64_t(0); i < iters; i += int64_t(1)) {
// CHECK-NOT:       AscendC::Reg::Duplicate
// CHECK:           AscendC::Reg::StoreAlign({{.*}}, [[A]],
// CHECK:       __simd_vf__ inline void autofuse_triu_vf_1(__ubuf__ int64_t* {{[a-z0-9_]+}}, int64_t count,
// CHECK:         AscendC::Reg::Arange([[C:[a-z0-9_]+]], [[START:v_[0-9]+]]);
// CHECK-NOT:     AscendC::Reg::Muls
// CHECK:         AscendC::Reg::StoreAlign({{.*}}, [[C]],
// CHECK:       extern "C" __global__ __vector__ void autofuse_triu(GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// Row: count elements of the row's position, base 0, step 1, stride 0.
// CHECK:         asc_vf_call<autofuse_triu_vf_0>({{[a-z0-9_]+}}, [[COUNT:count(_[0-9]+)?]], int64_t(0), int64_t(1), {{[a-z0-9_]+}}, int64_t(0));
// Column: count elements from the tile start, base 0, step 1, stride 1.
// CHECK:         asc_vf_call<autofuse_triu_vf_1>({{[a-z0-9_]+}}, [[COUNT]], int64_t(0), int64_t(1), {{[a-z0-9_]+}}, int64_t(1));
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
