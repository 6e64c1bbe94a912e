// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// The ascir.graph header: @name, level (hint/impl), sizes [...], axes [id: name =
// size kind(origins)], an optional template "name" {info}, then the body.

// ascir.graph without its @name.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:13: error: expect symbol name
ascir.graph hint sizes [s0] axes [0: z0 = s0] {
}

// -----

// Graph level 'fused' (only hint or impl).
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:16: error: expected graph level 'hint' or 'impl'
ascir.graph @g fused sizes [s0] axes [0: z0 = s0] {
}

// -----

// No level at all: 'sizes' where the level is expected.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:16: error: expected graph level 'hint' or 'impl'
ascir.graph @g sizes [s0] axes [0: z0 = s0] {
}

// -----

// ascir.graph without its sizes list.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:21: error: Expected 'sizes'
ascir.graph @g hint axes [0: z0 = 4] {
}

// -----

// A number in the sizes list.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:28: error: expected size variable name (letters, digits, '_')
ascir.graph @g hint sizes [3] axes [0: z0 = 3] {
}

// -----

// ascir.graph without its axes list.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:32: error: Expected 'axes'
ascir.graph @g hint sizes [s0] {
}

// -----

// An axis declaration without its id.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:38: error: Expected integer literal
ascir.graph @g hint sizes [s0] axes [z0 = s0] {
}

// -----

// A non-ASCII axis name.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:42: error: Expected '='
ascir.graph @g hint sizes [s0] axes [0: zß = s0] {
}

// -----

// The file ends inside the graph header.
// CHECK: parse_graph_header.mlir:[[# @LINE + 3]]:1: error: Expected '='
ascir.graph @g hint sizes [s0] axes [0: z0

// -----

// ascir.graph without a body region.
// CHECK: parse_graph_header.mlir:[[# @LINE + 3]]:1: error: Expected region!
ascir.graph @g hint sizes [s0] axes [0: z0 = s0]

// -----

// Template keyword in the wrong place.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:21: error: Expected 'sizes'
ascir.graph @g hint template "simt" sizes [] axes [0: a = 4] {
}

// -----

// Template name not a string.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:55: error: string literal expected
ascir.graph @g hint sizes [] axes [0: a = 4] template simd {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a], [4], [1]>
}

// -----

// Template info not a dictionary.
// CHECK: parse_graph_header.mlir:[[# @LINE + 1]]:82: error: attribute expected
ascir.graph @g hint sizes [] axes [0: a = 4] template "simd" {continuous_bytes = } {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a], [4], [1]>
}
