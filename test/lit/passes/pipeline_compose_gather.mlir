// RUN: ascir-opt %s -p autofuse -t ascendc > %t.autofuse
// RUN: ascir-opt %s -p indirect-load-template-cases,lower-to-ascendc -t ascendc | diff %t.autofuse -
// RUN: filecheck %s < %t.autofuse

// For an IndirectLoad graph the template cases are what gets lowered (issue 15 item 2):
// -p indirect-load-template-cases,lower-to-ascendc is -p autofuse, byte for byte. The
// graph has all four SK-like stages (an Exp before the gather, an Abs on the index, a
// Relu after it); SIMD (the index chain is not a single load) and SIMT (Exp has no scalar
// form) are rejected, so the kernel is the SK-like launch alone: four stage kernels in
// stage order, joined through the workspace.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK-NOT:   void autofuse_four(
// CHECK:       extern "C" __global__ __vector__ void autofuse_four_input_pre(GM_ADDR in0, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:       extern "C" __global__ __vector__ void autofuse_four_index_pre(GM_ADDR in0, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:       extern "C" __global__ __vector__ void autofuse_four_indirect_load(GM_ADDR in0, GM_ADDR in1, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:       extern "C" __global__ __vector__ void autofuse_four_output_post(GM_ADDR in0, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:       extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* in0, void* in1, void* out0, void* workspace, AutofuseTilingData* tiling) {
// CHECK-NEXT:    if (tiling->tiling_key == 3U) {
// CHECK-NEXT:      autofuse_four_input_pre<<<tiling->input_pre_block_dim, nullptr, stream>>>((GM_ADDR)in0, (GM_ADDR)workspace + tiling->ws0_offset, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      autofuse_four_index_pre<<<tiling->index_pre_block_dim, nullptr, stream>>>((GM_ADDR)in1, (GM_ADDR)workspace + tiling->ws1_offset, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      autofuse_four_indirect_load<<<tiling->indirect_load_block_dim, nullptr, stream>>>((GM_ADDR)workspace + tiling->ws0_offset, (GM_ADDR)workspace + tiling->ws1_offset, (GM_ADDR)workspace + tiling->ws2_offset, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      autofuse_four_output_post<<<tiling->output_post_block_dim, nullptr, stream>>>((GM_ADDR)workspace + tiling->ws2_offset, (GM_ADDR)out0, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      return 0;
// CHECK-NEXT:    }
ascir.graph @four hint sizes [s0, s1, s2] axes [0: a0 = s0, 1: a1 = s1, 2: b1 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [a0, b1], [s0, s2], [s2, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [a0, b1], [s0, s2], [s2, 1]>
  %e = ascir.exp %xl : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %ia = ascir.abs %il : !ascir.tensor<int64, [a0, b1], [s0, s2], [s2, 1]>
  %g = ascir.indirect_load %e, %ia {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %r = ascir.relu %g : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
}
