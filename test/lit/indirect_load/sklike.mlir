// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s

// SK-like (seed 001 FR5): the input pre chain, the IndirectLoad and the output post chain
// become stage kernels joined through the workspace. Each stage has its own tiling
// (prefixed fields) and core split; AutofuseLaunch launches them in stage order when host
// tiling picked key 3 (FR6: contiguous input, too few outer rows for the cores).
// CHECK-LABEL: // ===== tiling.h =====
// CHECK:       int64_t ws0_offset;
// CHECK:       int64_t ws1_offset;
// CHECK:       int64_t input_pre_tile;
// CHECK:       int64_t output_post_tile;
// CHECK:       uint32_t input_pre_block_dim;
// CHECK:       uint32_t indirect_load_block_dim;
// CHECK:       uint32_t output_post_block_dim;
// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:       const bool want_sklike = {{.*}};
// CHECK:       tiling->input_pre_block_dim =
// CHECK:       tiling->indirect_load_tiling_key =
// CHECK:       tiling->output_post_block_dim =
// CHECK:       tiling->ws0_offset = {{.*}}(int64_t(0));
// CHECK:       tiling->ws1_offset =
// CHECK:       if ({{.*}}) return 4;  // the SK-like workspace exceeds the 32-bit workspace size
// CHECK:       const int64_t key{{.*}} = want_sklike ? int64_t(3) : {{.*}};
// CHECK:       const int64_t workspace = {{.*}} ? {{.*}} : int64_t(0);
// CHECK:       *workspace_size = static_cast<uint32_t>(workspace);
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_gather(GM_ADDR in0, GM_ADDR in1, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling)
// CHECK:       extern "C" __global__ __vector__ void autofuse_gather_input_pre(GM_ADDR in0, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling)
// CHECK:         const int64_t tile = tiling.input_pre_tile;
// CHECK:       extern "C" __global__ __vector__ void autofuse_gather_indirect_load(
// CHECK:         const uint32_t tiling_key = tiling.indirect_load_tiling_key;
// CHECK:         AscendC::Gather(
// CHECK:       extern "C" __global__ __vector__ void autofuse_gather_output_post(
// CHECK:       extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* in0, void* in1, void* out0, void* workspace, AutofuseTilingData* tiling)
// CHECK-NEXT:    if (tiling->tiling_key == 3U) {
// CHECK-NEXT:      autofuse_gather_input_pre<<<tiling->input_pre_block_dim, nullptr, stream>>>((GM_ADDR)in0, (GM_ADDR)workspace + tiling->ws0_offset, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      autofuse_gather_indirect_load<<<tiling->indirect_load_block_dim, nullptr, stream>>>((GM_ADDR)workspace + tiling->ws0_offset, (GM_ADDR)in1, (GM_ADDR)workspace + tiling->ws1_offset, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      autofuse_gather_output_post<<<tiling->output_post_block_dim, nullptr, stream>>>((GM_ADDR)workspace + tiling->ws1_offset, (GM_ADDR)out0, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      return 0;
// CHECK-NEXT:    }
// CHECK-NEXT:    autofuse_gather<<<block_dim, nullptr, stream>>>((GM_ADDR)in0, (GM_ADDR)in1, (GM_ADDR)out0, (GM_ADDR)workspace, *tiling);
ascir.graph @gather hint sizes [s0, s1, s2] axes [0: a0 = s0, 1: a1 = s1, 2: b1 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %e = ascir.exp %xl : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %g = ascir.indirect_load %e, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %m = ascir.relu %g : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %st = ascir.store %m : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
}
