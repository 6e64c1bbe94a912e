// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// What a graph body may hold: ascir node ops and ascir.vf regions, no block
// arguments; symbols are unique in a module.

// An arith.constant (another dialect) inside a graph.
// CHECK: verify_graph_body.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: 'arith.constant' cannot appear in a graph; only ascir node ops and ascir.vf regions can
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = arith.constant 1 : i32
}

// -----

// An ascir.graph nested inside another graph.
// CHECK: verify_graph_body.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: 'ascir.graph' cannot appear in a graph; only ascir node ops and ascir.vf regions can
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  ascir.graph @inner hint sizes [s0] axes [0: z0 = s0] {
  }
}

// -----

// A builtin.module nested in a graph body.
// CHECK: verify_graph_body.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: 'builtin.module' cannot appear in a graph; only ascir node ops and ascir.vf regions can
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  builtin.module {}
}

// -----

// An scf.yield (another dialect's terminator) directly inside a graph.
// CHECK: verify_graph_body.mlir:[[# @LINE + 2]]:3: error: 'scf.yield' expects parent op to be one of 'scf.for', 'scf.if', 'scf.execute_region', 'scf.while', 'scf.index_switch'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  scf.yield
}

// -----

// A graph body block with an argument.
// CHECK: verify_graph_body.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: the graph body takes no block arguments
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
^bb0(%a: i32):
}

// -----

// Two graphs named @g in one module.
// CHECK: verify_graph_body.mlir:[[# @LINE + 5]]:13: error: Redefinition of symbol "g"
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
}
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.vf_yield directly in the graph body, after a compute node.
// CHECK: verify_graph_body.mlir:[[# @LINE + 5]]:3: error: 'ascir.vf_yield' expects parent op 'ascir.vf'
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
  ascir.vf_yield %e
}
