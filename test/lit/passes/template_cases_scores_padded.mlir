// RUN: ascir-opt %s -p indirect-load-template-cases | filecheck %s

// Seed 001 FR6 gives continuous_bytes by its own pseudo-code: from the input's last axis
// forward, multiply repeats[i] while strides[i - 1] == repeats[i] * strides[i]. Rows of s1
// float32 elements padded to s1 + 16 stop it at once: the product stays 1 and the score
// is one element, 4 bytes -- the formula as the seed writes it (a dense [s0, s1] input
// scores 4 * s1, the innermost axis counted once the axis above it continues it).

// CHECK: ascir.graph @padded_simd hint {{.*}} template "simd" {continuous_bytes = #ascir.expr<4>, index_outer_product = #ascir.expr<s0>
ascir.graph @padded hint sizes [s0, s1, s2] axes [0: a0 = s0, 1: a1 = s1, 2: b1 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [s0, s1 + 16], [s1 + 16, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1 + 16, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
}
