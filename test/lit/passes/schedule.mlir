// RUN: not ascir-opt %s --split-input-file -p schedule 2>&1 | filecheck %s

// Contiguous axes merge into one loop axis with a dense UB layout (DS-1: the logical
// view and the vectorized layout are printed separately).
// CHECK-LABEL: ascir.graph @contiguous impl sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2, 3: z0z1z2 = s0 * s1 * s2 merged(z0, z1, z2)] {
// CHECK:       %l = ascir.load %x sched [z0z1z2] : !ascir.tensor<float16, [z0z1z2], [s0 * s1 * s2], [1], vectorized [z0z1z2], [1]>
// CHECK:       %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
ascir.graph @contiguous hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x sched [z0, z1, z2] : !ascir.tensor<float16, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.relu %l sched [z0, z1, z2] : !ascir.tensor<float16, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %st = ascir.store %r sched [z0, z1, z2] : !ascir.tensor<float16, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
}

// -----

// A broadcast along z1 stops merging between z1 and z2, but z0 and z1 merge. The
// broadcast source is padded with a degenerate axis (AL-1/AL-2) and stays size 1.
// CHECK-LABEL: ascir.graph @bcast impl sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2, 3: z0z1 = s0 * s1 merged(z0, z1)] {
// CHECK:       %bl = ascir.load %b sched [z0z1, z2] : !ascir.tensor<float32, [z0z1, z2], [s0 * s1, 1], [1, 0], vectorized [z2], [0]>
// CHECK:       %bb = ascir.broadcast %bl sched [z0z1, z2] : !ascir.tensor<float32, [z0z1, z2], [s0 * s1, s2], [s2, 1], vectorized [z2], [1]>
ascir.graph @bcast hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %b = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %xl = ascir.load %x sched [z0, z1, z2] : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %bl = ascir.load %b sched [z0, z1, z2] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %bb = ascir.broadcast %bl sched [z0, z1, z2] : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.add %xl, %bb sched [z0, z1, z2] : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %st = ascir.store %r sched [z0, z1, z2] : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
}

// -----

// Every other column of rows padded by one element: the row stride (2 * s1 + 1) is not
// s1 * 2, so the axes stay apart; an evenly strided view (2 * s1, 2) would merge.
// CHECK-LABEL: ascir.graph @strided impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
// CHECK:       %l = ascir.load %x sched [z0, z1] {offset = #ascir.expr<1>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [2 * s1 + 1, 2], vectorized [z1], [1]>
ascir.graph @strided hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 2 * s1 + 1], [2 * s1 + 1, 1]>
  %l = ascir.load %x sched [z0, z1] {offset = #ascir.expr<1>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [2 * s1 + 1, 2]>
  %st = ascir.store %l sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// CHECK: error: schedule: ascir.indirect_load %g: IndirectLoad graphs are compiled through their SIMD/SIMT/SK-like template cases
ascir.graph @gather hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z0], [s0], [1]>
  %g = ascir.indirect_load %xl, %il {dim = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
