// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Reductions keep every axis: a reduced axis becomes size 1 with stride 0, a kept
// axis keeps its size, and a reduction must reduce something.

// ascir.reduce_sum that drops the reduced axis (reductions keep every axis).
// CHECK: verify_reduce.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_sum %r: reductions keep every axis: result axes ['z0'] must equal operand axes ['z0', 'z1']
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.reduce_min that changes the size of a kept axis.
// CHECK: verify_reduce.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_min %r: axis 'z0' has size s1 in the result and s0 in the operand: a kept axis keeps its size, a reduced axis becomes size 1 with stride 0
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_min %l : !ascir.tensor<float32, [z0, z1], [s1, 1], [1, 0]>
}

// -----

// A reduced axis with stride 1 in the result (it must be 0).
// CHECK: verify_reduce.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_sum %r: reduced axis 'z1' must have stride 0 in the result, got 1
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 1]>
}

// -----

// ascir.reduce_sum whose result view equals its operand's (a y left unset in
// the Python API): it reduces no axis.
// CHECK: verify_reduce.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_sum %r: reduces no axis: its result view (axis=[z0, z1] repeats=[s0, s1] strides=[s1, 1]) keeps every axis of the operand view (axis=[z0, z1] repeats=[s0, s1] strides=[s1, 1]), so nothing would be reduced. A reduced axis has repeat 1 and stride 0 in the result: e.g. to reduce 'z1' give the result repeats [s0, 1] and strides [1, 0] (Python API: y.size = [s0, 1]; y.strides = [1, 0] -- an unset y takes the view of x), or remove the node if nothing is to be reduced
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// ascir.reduce_max over an operand whose axes all have size 1 (nothing to reduce).
// CHECK: verify_reduce.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_max %r: reduces no axis: its result view (axis=[z0, z1] repeats=[1, 1] strides=[0, 0]) keeps every axis of the operand view (axis=[z0, z1] repeats=[1, 1] strides=[1, 1]), so nothing would be reduced; the operand has no axis of size != 1 to reduce: remove the node
ascir.graph @g hint sizes [] axes [0: z0 = 1, 1: z1 = 1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
  %r = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [1, 1], [0, 0]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
}

// -----

// ascir.reduce_max with a scalar-like result.
// CHECK: verify_reduce.mlir:[[# @LINE + 5]]:25: error: result 'y' at position 0 does not verify:
// CHECK-NEXT: !ascir.scalar<float32> should be of base attribute ascir.tensor
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_max %l : !ascir.scalar<float32>
}

// -----

// ascir.reduce_sum with two operands.
// CHECK: verify_reduce.mlir:[[# @LINE + 4]]:32: error: ascir.reduce_sum takes operands (x), got 2
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l, %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}
