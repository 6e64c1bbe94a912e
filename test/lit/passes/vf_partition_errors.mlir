// RUN: ascir-opt %s --split-input-file --verify-diagnostics -p vf-partition | filecheck %s

// vf-partition runs on scheduled graphs, once, and fails before any rewrite when a VF
// loop nest would need more than four vectorized axes.

// A hint graph: schedule first.
// CHECK: error: vf-partition: graph @hint_graph is not scheduled; run the schedule pass first
ascir.graph @hint_graph hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %e : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A graph that already holds a region is not partitioned again.
// CHECK: error: vf-partition: graph @twice is already partitioned into VF regions
ascir.graph @twice impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %st = ascir.store %o : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Five vectorized axes (seed 000 AL-5: a VF loop nest has at most four), located at the
// first admitted node that has them.
// CHECK: vf_partition_errors.mlir:{{[0-9]+}}:18: error: vf-partition: ascir.exp %e: its tensor has 5 vectorized axes (a, b, c, d, e) but a VF loop nest has at most 4 (seed 000 AL-5); merge contiguous axes or keep outer axes as loops outside the VF
ascir.graph @five_axes impl sizes [] axes [0: a = 2, 1: b = 2, 2: c = 2, 3: d = 2, 4: e = 2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1], vectorized [a, b, c, d, e], [16, 8, 4, 2, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1], vectorized [a, b, c, d, e], [16, 8, 4, 2, 1]>
}

// -----

// Four vectorized axes are allowed.
// CHECK-LABEL: ascir.graph @four_axes impl
// CHECK:         %e_out = ascir.vf @vf_0 loop_dtype float32 (%l) {
ascir.graph @four_axes impl sizes [] axes [0: a = 2, 1: b = 2, 2: c = 2, 3: d = 2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b, c, d], [2, 2, 2, 2], [8, 4, 2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [a, b, c, d], [2, 2, 2, 2], [8, 4, 2, 1], vectorized [a, b, c, d], [8, 4, 2, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [a, b, c, d], [2, 2, 2, 2], [8, 4, 2, 1], vectorized [a, b, c, d], [8, 4, 2, 1]>
  %st = ascir.store %e : !ascir.tensor<float32, [a, b, c, d], [2, 2, 2, 2], [8, 4, 2, 1], vectorized [a, b, c, d], [8, 4, 2, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b, c, d], [2, 2, 2, 2], [8, 4, 2, 1]>
}
