// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.transpose / concat / split / pad: the verifier refuses every size, axis, dtype and
// literal rule it can decide (ascir_dialect/ops/movement.py), and a padded ascir.load
// (what lower-movement makes of Pad and Concat) is complete.

// Transpose: perm must name every operand axis once.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:24: error: ascir.transpose %m: perm [0, 0] is not a permutation of 0..1: name every operand axis once
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.transpose %l {perm = [0, 0]} : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
}

// -----

// Transpose: result axis i has the size of operand axis perm[i].
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:24: error: ascir.transpose %m: result axis 1 has size s0 + 1 but operand axis perm[1] = 0 is s0
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.transpose %l {perm = [1, 0]} : !ascir.tensor<float32, [z1, z0], [s1, s0 + 1], [s0 + 1, 1]>
}

// -----

// Movement never converts.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:24: error: ascir.transpose %m: result dtype float16 must equal the operand dtype float32: data movement does not convert; use ascir.cast
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.transpose %l {perm = [1, 0]} : !ascir.tensor<float16, [z1, z0], [s1, s0], [s0, 1]>
}

// -----

// Concat: the result's concat axis is the sum of the operands'.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:21: error: ascir.concat %m: result axis 1 has size 2 * s1 + 1 but the sum of the operands' sizes on the concat axis is 2 * s1
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.concat %l, %l {axis = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 2 * s1 + 1], [2 * s1 + 1, 1]>
}

// -----

// Concat: the axis is in range.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:21: error: ascir.concat %m: axis 2 is out of range for rank 2 (allowed -2..1)
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.concat %l, %l {axis = 2 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 2 * s1], [2 * s1, 1]>
}

// -----

// Split: the index names a piece.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:20: error: ascir.split %m: index 2 names no piece of sizes (pieces 0..1)
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.split %l {axis = 1 : i64, sizes = [#ascir.expr<1>, #ascir.expr<s1 - 1>], index = 2 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// Split: the pieces add up to the operand's size.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:20: error: ascir.split %m: the piece sizes [1, s1] add up to s1 + 1 but the operand has size s1 on axis 1
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.split %l {axis = 1 : i64, sizes = [#ascir.expr<1>, #ascir.expr<s1>], index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// Pad: pads are not negative (cropping is Split).
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:18: error: ascir.pad %m: low pad -1 is negative (cropping is ascir.split)
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.pad %l {low = [#ascir.expr<0>, #ascir.expr<-1>], high = [#ascir.expr<0>, #ascir.expr<0>]} : !ascir.tensor<float32, [z0, z1], [s0, s1 - 1], [s1 - 1, 1]>
}

// -----

// Pad: one pad per axis.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:18: error: ascir.pad %m: low has 1 entries; give one per axis (2)
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.pad %l {low = [#ascir.expr<1>], high = [#ascir.expr<0>]} : !ascir.tensor<float32, [z0, z1], [s0 + 1, s1], [s1, 1]>
}

// -----

// Pad: the value is a literal of the dtype.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:18: error: ascir.pad %m: value 'abc' is not a decimal floating-point literal
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.pad %l {low = [#ascir.expr<0>, #ascir.expr<0>], high = [#ascir.expr<0>, #ascir.expr<0>], value = "abc"} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// Pad: the result is low + size + high.
// CHECK: verify_movement.mlir:[[# @LINE + 4]]:18: error: ascir.pad %m: result axis 0 has size s0 but low + operand size + high is s0 + 1
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.pad %l {low = [#ascir.expr<1>, #ascir.expr<0>], high = [#ascir.expr<0>, #ascir.expr<0>]} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A padded load gives its three pad attributes together.
// CHECK: verify_movement.mlir:[[# @LINE + 3]]:19: error: ascir.load %m: a padded load gives pad_low, pad_high and pad_value together
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.load %x {pad_low = [#ascir.expr<0>, #ascir.expr<1>], pad_high = [#ascir.expr<0>, #ascir.expr<0>]} : !ascir.tensor<float32, [z0, z1], [s0, s1 + 1], [s1, 1]>
}
