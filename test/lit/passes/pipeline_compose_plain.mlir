// RUN: ascir-opt %s -p autofuse -t ascendc > %t.autofuse
// RUN: ascir-opt %s -p normalize-arange-broadcast-views,fold-constant-casts,schedule,vf-partition,lower-to-ascendc -t ascendc | diff %t.autofuse -
// RUN: filecheck %s < %t.autofuse

// autofuse is a pipeline of named passes: spelling them out on the command line gives
// the same three files, byte for byte (issue 15: the pass list composes freely). The
// graph exercises each step: a 1-D Arange to pad, a constant Cast to fold, axes to
// merge, a VF region.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_compose_vf_0(int32_t {{[a-z0-9_]+}}, float [[HALF:[a-z0-9_]+]], __ubuf__ float* {{.*}}, int64_t count, int64_t arange_base_0,
// The folded constant Cast: a float32 constant (1.5f) is duplicated, once before the loop;
// no half -> float Cast.
// CHECK-NOT:     AscendC::Reg::Cast<float, half
// CHECK:         AscendC::Reg::Duplicate({{[a-z0-9_]+}}, [[HALF]],
// CHECK:         for (int64_t i = int64_t(0); i < iters; i += int64_t(1)) {
// CHECK:           AscendC::Reg::Arange(
// CHECK-NOT:       AscendC::Reg::Duplicate(
// CHECK:         }
// CHECK:       extern "C" __global__ __vector__ void autofuse_compose(GM_ADDR in0, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:         asc_vf_call<autofuse_compose_vf_0>(static_cast<int32_t>(2), 1.5f,
ascir.graph @compose hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %two = ascir.scalar {value = "2"} : !ascir.scalar<int32>
  %half = ascir.scalar {value = "1.5"} : !ascir.scalar<float16>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %c = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z1], [s1], [1]>
  %cb = ascir.broadcast %c : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %tb = ascir.broadcast %two : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %p = ascir.mul %cb, %tb : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %pf = ascir.cast %p : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %hb = ascir.broadcast %half : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %hf = ascir.cast %hb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %xh = ascir.add %xl, %hf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.add %xh, %pf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
