// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Input and output indices of a graph are unique and dense (0..n-1) so that
// arguments are passed by position; the diagnostic is on the graph.

// Two ascir.data nodes with index 0.
// CHECK: verify_graph_io.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: input (ascir.data / ascir.scalar_data) index 0 is used by both %x and %y; indices must be unique
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.data and ascir.scalar_data sharing input index 0.
// CHECK: verify_graph_io.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: input (ascir.data / ascir.scalar_data) index 0 is used by both %x and %s; indices must be unique
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.scalar_data {index = 0 : i64} : !ascir.scalar<float32>
}

// -----

// The only input has index 1 (input indices must be 0..n-1).
// CHECK: verify_graph_io.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: input (ascir.data / ascir.scalar_data) indices are [1]; they must be 0..0 so that arguments can be passed by position
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Two outputs with index 0.
// CHECK: verify_graph_io.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: output (ascir.output) index 0 is used by both %o and %p; indices must be unique
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %t = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %p = ascir.output %t {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// The only output has index 3 (output indices must be 0..n-1).
// CHECK: verify_graph_io.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: output (ascir.output) indices are [3]; they must be 0..0 so that arguments can be passed by position
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 3 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
