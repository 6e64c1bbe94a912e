// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Stores and outputs write GM: no stride 0 on an axis of size != 1, no two
// logical elements at one address (symbolic and constant strides), and a store keeps
// the view of its operand.

// ascir.store with stride 0 on an axis of size s0 (several elements to one GM address).
// CHECK: verify_gm_writes.mlir:[[# @LINE + 4]]:20: error: ascir.store %s: store view has stride 0 on axis 'z0' of size s0: several elements would be written to one GM address; give it a non-zero stride
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [0]>
}

// -----

// ascir.output with stride 0 on an axis of size s0.
// CHECK: verify_gm_writes.mlir:[[# @LINE + 5]]:21: error: ascir.output %o: an output view cannot have stride 0 on an axis of size != 1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [0]>
}

// -----

// An ascir.store view whose rows overlap (row stride s1 - 1 for rows of s1).
// CHECK: verify_gm_writes.mlir:[[# @LINE + 4]]:20: error: ascir.store %s: store view strides [s1 - 1, 1] on repeats [s0, s1] map two logical elements to one GM address: axis 'z0' has stride s1 - 1 but needs at least s1 (1 + the span of the axes with smaller strides) to keep its elements apart; give every axis its own addresses, e.g. the row-major strides [s1, 1]
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1 - 1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// An ascir.output view with strides [1, 1] on repeats [s0, s1]: two logical
// elements share one GM address.
// CHECK: verify_gm_writes.mlir:[[# @LINE + 5]]:21: error: ascir.output %o: output view strides [1, 1] on repeats [s0, s1] map two logical elements to one GM address: axis 'z1' has stride 1 but needs at least s0 (1 + the span of the axes with smaller strides) to keep its elements apart; give every axis its own addresses, e.g. the row-major strides [s1, 1]
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [1, 1]>
}

// -----

// An ascir.output view with constant sizes whose rows overlap (stride 3, rows of 4).
// CHECK: verify_gm_writes.mlir:[[# @LINE + 5]]:21: error: ascir.output %o: output view strides [3, 1] on repeats [s0, 4] map two logical elements to one GM address: axis 'z0' has stride 3 but needs at least 4 (1 + the span of the axes with smaller strides) to keep its elements apart; give every axis its own addresses, e.g. the row-major strides [4, 1]
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = 4] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 4], [3, 1]>
}

// -----

// ascir.store whose view has other repeats than the stored tensor.
// CHECK: verify_gm_writes.mlir:[[# @LINE + 4]]:20: error: ascir.store %s: operand x has view axis=['z0'] repeats=['s0'] but the result has axis=['z0'] repeats=['s1']; elementwise operands must match the result view: insert an explicit ascir.broadcast
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s1], [1]>
}
