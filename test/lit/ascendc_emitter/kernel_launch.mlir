// RUN: ascir-opt %s -t ascendc | filecheck %s
// One kernel: its GM parameters in order (inputs, outputs, workspace) and the tiling by
// value; AutofuseLaunch takes the same names as void* and launches it on block_dim.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void my_kernel(GM_ADDR in0, GM_ADDR in1, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* in0, void* in1, void* out0, void* workspace, AutofuseTilingData* tiling) {
// CHECK-NEXT:      my_kernel<<<block_dim, nullptr, stream>>>((GM_ADDR)in0, (GM_ADDR)in1, (GM_ADDR)out0, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      return 0;
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @my_kernel(in0, in1, out0, workspace) {
  ^bb0(%a: !ascendc.gm_addr, %b: !ascendc.gm_addr, %c: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
