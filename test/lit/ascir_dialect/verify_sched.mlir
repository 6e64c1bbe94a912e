// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Sched lists: axes of the graph, each at most once; views use graph axes only.

// A node whose sched lists z0 twice.
// CHECK: verify_sched.mlir:[[# @LINE + 3]]:19: error: ascir.load %l: sched lists axis 'z0' twice (positions 0 and 1 of [z0, z0]); each loop axis appears once: remove the repeat
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x sched [z0, z0] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A sched list naming 'zz', which is not an axis of the graph.
// CHECK: verify_sched.mlir:[[# @LINE + 3]]:19: error: ascir.load %l: sched axis 'zz' is not an axis of graph @g (axes: z0)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x sched [zz] : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A tensor view on axis 'q9', which is not an axis of the graph.
// CHECK: verify_sched.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: result view uses axis 'q9', which is not an axis of graph @g (axes: z0)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [q9], [s0], [1]>
}
