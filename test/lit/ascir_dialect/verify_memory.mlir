// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// The GM <-> UB protocol: data is read through ascir.load, a store feeds exactly one
// ascir.output or ascir.workspace, outputs are read by no node.

// GM data used directly by ascir.add (GM is read through ascir.load).
// CHECK: verify_memory.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: GM data is read only through ascir.load, but it is used by ascir.add
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.add %x, %x : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.load reading a UB tensor (loads read GM data or workspaces).
// CHECK: verify_memory.mlir:[[# @LINE + 4]]:19: error: ascir.load %m: loads read GM tensors (ascir.data or ascir.workspace), not ascir.load
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %m = ascir.load %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An ascir.store of a workspace (a GM tensor) instead of a UB value.
// CHECK: verify_memory.mlir:[[# @LINE + 3]]:20: error: ascir.store %s: a store copies a UB tensor to GM, but %w is the GM tensor ascir.workspace: ascir.load it first
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %w = ascir.workspace {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %w : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A store result used by ascir.add (a store feeds an output or a workspace).
// CHECK: verify_memory.mlir:[[# @LINE + 4]]:20: error: ascir.store %s: a store feeds ascir.output or ascir.workspace, not ascir.add
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.add %s, %s : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// One ascir.store feeding two ascir.output nodes (a store writes exactly one).
// CHECK: verify_memory.mlir:[[# @LINE + 4]]:20: error: ascir.store %s: the store feeds 2 GM tensors (%o, %p); a store writes exactly one ascir.output or ascir.workspace: give each output its own ascir.store of the value
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %p = ascir.output %s {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An ascir.store that writes no ascir.output (nor workspace).
// CHECK: verify_memory.mlir:[[# @LINE + 5]]:20: error: ascir.store %s: the store writes no GM tensor: a store feeds exactly one ascir.output (or ascir.workspace); add the output it writes (Python API: out = ascir.ops.Output(...); out.x = <store>) or remove the store
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %r = ascir.relu %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.output fed by a load instead of a store.
// CHECK: verify_memory.mlir:[[# @LINE + 4]]:21: error: ascir.output %o: an output is written by an ascir.store, not ascir.load
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %l {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An ascir.output whose result is read by another node (outputs are sinks).
// CHECK: verify_memory.mlir:[[# @LINE + 5]]:21: error: ascir.output %o: an output is a result of the graph and is read by no node, but ascir.store %t uses it: use the stored UB value, or an ascir.workspace to read data back from GM
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %t = ascir.store %o : !ascir.tensor<float32, [z0], [s0], [1]>
  %p = ascir.output %t {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.workspace written by a load (only a store writes a workspace).
// CHECK: verify_memory.mlir:[[# @LINE + 4]]:24: error: ascir.workspace %w: a workspace is written only by an ascir.store
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.workspace %l {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.vf_yield at graph level, yielding GM data: the data rule fires first.
// CHECK: verify_memory.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: GM data is read only through ascir.load, but it is used by ascir.vf_yield
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  ascir.vf_yield %x
}
