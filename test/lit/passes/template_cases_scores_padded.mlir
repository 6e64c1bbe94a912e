// RUN: ascir-opt %s -p indirect-load-template-cases | filecheck %s
// XFAIL: *

// Known bug (seed 001 FR6): continuous_bytes -- "from the input's last axis forward, the
// product of the contiguous axes, times the dtype size" -- leaves out the innermost
// axis's own length when the axis above it is not contiguous with it. Rows of s1
// float32 elements padded to s1 + 16 are contiguous runs of 4 * s1 bytes, but
// passes/indirect_plan.py:scores gives 4 (one element), which makes host tiling
// prefer SIMT on long padded rows. Remove the XFAIL line when fixed.

// CHECK: ascir.graph @padded_simd hint {{.*}} template "simd" {continuous_bytes = #ascir.expr<4 * s1>, index_outer_product = #ascir.expr<s0>
ascir.graph @padded hint sizes [s0, s1, s2] axes [0: a0 = s0, 1: a1 = s1, 2: b1 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [s0, s1 + 16], [s1 + 16, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1 + 16, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
}
