// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Inputs cut short or with unbalanced braces: the error is at the end of the
// chunk or at the stray token.

// The chunk ends inside an attribute dictionary.
// CHECK: parse_truncated.mlir:[[# @LINE + 4]]:1: error: attribute expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 

// -----

// The chunk ends inside a tensor type.
// CHECK: parse_truncated.mlir:[[# @LINE + 4]]:1: error: ']' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0

// -----

// A tensor type without its closing '>'.
// CHECK: parse_truncated.mlir:[[# @LINE + 3]]:1: error: '>' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]
}

// -----

// A graph body without its closing brace. xDSL's message is empty here (" in block
// definition"): only the location is pinned.
// CHECK: parse_truncated.mlir:[[# @LINE + 4]]:1: error:{{ *}}in block definition
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>

// -----

// A stray closing brace after the graph.
// CHECK: parse_truncated.mlir:[[# @LINE + 5]]:1: error: Could not parse entire input!
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
}
}
