// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Scalar-like values (seed 000 AL-9): where they may appear as operands, and
// where a tensor is required.

// ascir.add of two scalar-like values (at most one operand may be scalar-like).
// CHECK: verify_scalar_operands.mlir:[[# @LINE + 4]]:18: error: ascir.add %y: at most one operand may be scalar-like; broadcast the others
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %d = ascir.scalar {value = "2"} : !ascir.scalar<float32>
  %y = ascir.add %c, %d : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A scalar as the first operand of ascir.lt (only the second may be scalar-like).
// CHECK: verify_scalar_operands.mlir:[[# @LINE + 5]]:17: error: ascir.lt %y: operand x1 is a scalar-like value but only operand(s) x2 may be scalar-like; insert an explicit ascir.broadcast (seed 000 AL-9)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %y = ascir.lt %c, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.exp of a scalar-like value (broadcast it first).
// CHECK: verify_scalar_operands.mlir:[[# @LINE + 3]]:18: error: ascir.exp %y: operand x is a scalar-like value but no operand may be scalar-like; insert an explicit ascir.broadcast (seed 000 AL-9)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %y = ascir.exp %c : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.cast of a scalar-like value.
// CHECK: verify_scalar_operands.mlir:[[# @LINE + 3]]:19: error: ascir.cast %y: operand x is a scalar-like value (!ascir.scalar<float32>); this position needs a tensor: insert an explicit ascir.broadcast (seed 000 AL-9)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %y = ascir.cast %c : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// ascir.where with a scalar-like condition (the condition must be a tensor).
// CHECK: verify_scalar_operands.mlir:[[# @LINE + 5]]:20: error: ascir.where %y: operand x1 (condition) is a scalar-like value (!ascir.scalar<bool>); this position needs a tensor: insert an explicit ascir.broadcast (seed 000 AL-9)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "1"} : !ascir.scalar<bool>
  %y = ascir.where %c, %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.reduce_sum of a scalar-like value (reductions take tensors).
// CHECK: verify_scalar_operands.mlir:[[# @LINE + 4]]:25: error: operand 'x' at position 0 does not verify:
// CHECK-NEXT: !ascir.scalar<float32> should be of base attribute ascir.tensor
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %r = ascir.reduce_sum %c : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.add declared with a scalar-like result (node results are tensors).
// CHECK: verify_scalar_operands.mlir:[[# @LINE + 5]]:18: error: result 'y' at position 0 does not verify:
// CHECK-NEXT: !ascir.scalar<float32> should be of base attribute ascir.tensor
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.add %l, %l : !ascir.scalar<float32>
}
