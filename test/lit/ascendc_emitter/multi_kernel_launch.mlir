// RUN: ascir-opt %s -t ascendc | filecheck %s
// RUN: ascir-opt %s | filecheck %s --check-prefix=IR
// Several kernels (SK-like stages): AutofuseLaunch's parameters come from the
// launch_signature; a keyed kernel runs only for its tiling key, on its grid field, each
// GM argument routed from a launch parameter plus an offset field; unkeyed kernels run
// otherwise, in module order.

// IR:          ascendc.kernel @stage0(src, ws) key 1 grid s0_blocks routes(x, workspace + s0_off) {
// IR:          ascendc.kernel @stage1(ws, dst, ws2) key 1 grid s1_blocks routes(workspace + s0_off, y, workspace) {
// IR:          ascendc.launch_signature(x, y, workspace)

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void stage0(GM_ADDR src, GM_ADDR ws, AutofuseTilingData tiling) {
// CHECK:       extern "C" __global__ __vector__ void stage1(GM_ADDR ws, GM_ADDR dst, GM_ADDR ws2, AutofuseTilingData tiling) {
// CHECK:       extern "C" __global__ __vector__ void fused(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:       extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* x, void* y, void* workspace, AutofuseTilingData* tiling) {
// CHECK-NEXT:      if (tiling->tiling_key == 1U) {
// CHECK-NEXT:          stage0<<<tiling->s0_blocks, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)workspace + tiling->s0_off, *tiling);
// CHECK-NEXT:          stage1<<<tiling->s1_blocks, nullptr, stream>>>((GM_ADDR)workspace + tiling->s0_off, (GM_ADDR)y, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:          return 0;
// CHECK-NEXT:      }
// CHECK-NEXT:      fused<<<block_dim, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      return 0;
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, s0_blocks : ui32, s1_blocks : ui32, s0_off : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @stage0(src, ws) key 1 grid s0_blocks routes(x, workspace + s0_off) {
  ^bb0(%a: !ascendc.gm_addr, %b: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
  ascendc.kernel @stage1(ws, dst, ws2) key 1 grid s1_blocks routes(workspace + s0_off, y, workspace) {
  ^bb0(%a: !ascendc.gm_addr, %b: !ascendc.gm_addr, %c: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
  ascendc.kernel @fused(x, y, workspace) {
  ^bb0(%a: !ascendc.gm_addr, %b: !ascendc.gm_addr, %c: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
  ascendc.launch_signature(x, y, workspace)
}
