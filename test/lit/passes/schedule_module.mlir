// RUN: ascir-opt %s --split-input-file -p schedule | filecheck %s

// schedule works graph by graph over a module: every hint graph becomes impl, an impl
// graph is left as it is, and a merged axis never takes the name of an existing axis.

// The merged axis of z0 and z1 would be "z0z1", already an axis name: it becomes z0z1_m.
// CHECK-LABEL: ascir.graph @collision impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z0z1 = 4, 3: z0z1_m = s0 * s1 merged(z0, z1)] {
// CHECK:         %l = ascir.load %x : !ascir.tensor<float32, [z0z1_m], [s0 * s1], [1], vectorized [z0z1_m], [1]>
ascir.graph @collision hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z0z1 = 4] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// Two graphs: the hint one is scheduled (a rank-1 graph has nothing to merge but gets
// its vectorized layout); the impl one keeps its tensors without a layout.
// CHECK-LABEL: ascir.graph @hint_one impl sizes [s0] axes [0: z0 = s0] {
// CHECK:         %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
// CHECK-LABEL: ascir.graph @impl_one impl sizes [s0] axes [0: z0 = s0] {
// CHECK:         %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
// CHECK-NEXT:    %st = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
ascir.graph @hint_one hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
ascir.graph @impl_one impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Four contiguous axes of constant and symbolic sizes merge into one; the merged size is
// the product, simplified (4 * 2 = 8).
// CHECK-LABEL: ascir.graph @four impl sizes [s0, s1] axes [0: a = 4, 1: b = s0, 2: c = 2, 3: d = s1, 4: abcd = 8 * s0 * s1 merged(a, b, c, d)] {
// CHECK:         %l = ascir.load %x : !ascir.tensor<float16, [abcd], [8 * s0 * s1], [1], vectorized [abcd], [1]>
ascir.graph @four hint sizes [s0, s1] axes [0: a = 4, 1: b = s0, 2: c = 2, 3: d = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [a, b, c, d], [4, s0, 2, s1], [2 * s0 * s1, 2 * s1, s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float16, [a, b, c, d], [4, s0, 2, s1], [2 * s0 * s1, 2 * s1, s1, 1]>
  %n = ascir.neg %l : !ascir.tensor<float16, [a, b, c, d], [4, s0, 2, s1], [2 * s0 * s1, 2 * s1, s1, 1]>
  %st = ascir.store %n : !ascir.tensor<float16, [a, b, c, d], [4, s0, 2, s1], [2 * s0 * s1, 2 * s1, s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [a, b, c, d], [4, s0, 2, s1], [2 * s0 * s1, 2 * s1, s1, 1]>
}
