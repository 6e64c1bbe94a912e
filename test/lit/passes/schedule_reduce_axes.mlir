// RUN: ascir-opt %s --split-input-file -p schedule | filecheck %s

// schedule merges adjacent loop axes only when every tensor has the same reduction
// status on both (passes/loop_space.py): a reduced axis never merges with a kept one, two
// kept (or two reduced) axes do. The innermost merged axis is the vectorized one; a
// reduced innermost axis has vectorized stride 0 in the reduction result.

// Reduction over the inner axis of [s0, s1, s2]: z0 and z1 merge, z2 stays alone.
// CHECK-LABEL: ascir.graph @inner impl sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2, 3: z0z1 = s0 * s1 merged(z0, z1)] {
// CHECK-NEXT:    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
// CHECK-NEXT:    %l = ascir.load %x : !ascir.tensor<float32, [z0z1, z2], [s0 * s1, s2], [s2, 1], vectorized [z2], [1]>
// CHECK-NEXT:    %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0z1, z2], [s0 * s1, 1], [1, 0], vectorized [z2], [0]>
// CHECK-NEXT:    %st = ascir.store %r : !ascir.tensor<float32, [z0z1, z2], [s0 * s1, 1], [1, 0], vectorized [z2], [0]>
// The GM views of data and outputs keep the graph's logical axes.
// CHECK-NEXT:    %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, 1], [s1, 1, 0]>
ascir.graph @inner hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, 1], [s1, 1, 0]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, 1], [s1, 1, 0]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, 1], [s1, 1, 0]>
}

// -----

// Reduction over the outer axis: z1 and z2 merge into the vectorized axis, z0 (reduced)
// stays an outer loop; the result is size 1 / stride 0 on it.
// CHECK-LABEL: ascir.graph @outer impl sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2, 3: z1z2 = s1 * s2 merged(z1, z2)] {
// CHECK:         %l = ascir.load %x : !ascir.tensor<float32, [z0, z1z2], [s0, s1 * s2], [s1 * s2, 1], vectorized [z1z2], [1]>
// CHECK-NEXT:    %r = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1z2], [1, s1 * s2], [0, 1], vectorized [z1z2], [1]>
ascir.graph @outer hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1, z2], [1, s1, s2], [0, s2, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1, z2], [1, s1, s2], [0, s2, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [1, s1, s2], [0, s2, 1]>
}

// -----

// Reduction over the middle axis: it separates its neighbours, nothing merges, no
// merged axis is added.
// CHECK-LABEL: ascir.graph @middle impl sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
// CHECK:         %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1], vectorized [z2], [1]>
// CHECK-NEXT:    %r = ascir.reduce_min %l : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, s2], [s2, 0, 1], vectorized [z2], [1]>
ascir.graph @middle hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.reduce_min %l : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, s2], [s2, 0, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, s2], [s2, 0, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, s2], [s2, 0, 1]>
}

// -----

// Reduction over the two inner axes of [s0, s1, s2]: both reduced, they merge with
// each other (z1z2) but not with the kept z0.
// CHECK-LABEL: ascir.graph @inner_two impl sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2, 3: z1z2 = s1 * s2 merged(z1, z2)] {
// CHECK:         %l = ascir.load %x : !ascir.tensor<float32, [z0, z1z2], [s0, s1 * s2], [s1 * s2, 1], vectorized [z1z2], [1]>
// CHECK-NEXT:    %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1z2], [s0, 1], [1, 0], vectorized [z1z2], [0]>
ascir.graph @inner_two hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, 1], [1, 0, 0]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, 1], [1, 0, 0]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, 1], [1, 0, 0]>
}
