// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.indirect_load (seed 001 FR1): operand count, dim in range, int32/int64
// index, equal ranks, index sizes bounded by the input's off dim, output view = index view.

// IndirectLoad with only the input operand.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:32: error: ascir.indirect_load takes operands (x1, x2), got 1
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// IndirectLoad without dim.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: property 'dim' expected in operation 'ascir.indirect_load'
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// Dim = -1 (dims are not counted from the end).
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: dim -1 is out of range for rank 1: use 0..0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z0], [s0], [1]>
  %g = ascir.indirect_load %xl, %il {dim = -1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// IndirectLoad dim out of range.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: dim 2 is out of range for rank 2: use 0..1
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 2 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// IndirectLoad with dim given as a string.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: "1" should be of base attribute integer
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = "1"} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// IndirectLoad dim given as a float.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: 1.000000e+00 : f32 should be of base attribute integer
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1.0 : f32} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// IndirectLoad flag not a bool.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: "yes" should be of base attribute integer
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64, need_check_bound = "yes"} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// IndirectLoad with a float index.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: index x2 dtype float32 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// A float32 index on rank-1 tensors.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 4]]:28: error: ascir.indirect_load %g: index x2 dtype float32 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %g = ascir.indirect_load %xl, %xl {dim = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// IndirectLoad with an int16 index (int32/int64 only).
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: index x2 dtype int16 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int16, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int16, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// IndirectLoad with a scalar-like index.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 8]]:28: error: operand 'x2' at position 1 does not verify:
// CHECK-NEXT: !ascir.scalar<int32> should be of base attribute ascir.tensor
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %s = ascir.index_expr {expr = #ascir.expr<1>} : !ascir.scalar<int32>
  %g = ascir.indirect_load %xl, %s {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// A rank-2 input gathered with a rank-1 index.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: input rank 2 differs from index rank 1; gather needs equal ranks (index_select/embedding: broadcast the index to the input rank first)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = 4] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z1], [4], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z1], [4], [1]>
  %g = ascir.indirect_load %xl, %il {dim = 0 : i64} : !ascir.tensor<float32, [z1], [4], [1]>
}

// -----

// IndirectLoad whose index is larger than the input on a non-dim axis.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: index size 4 exceeds input size 2 on axis 0 (not dim): index.size(d) <= input.size(d) is required for d != dim
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [2, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [2, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// IndirectLoad output dtype differs from the input.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: output dtype float16 must equal the input dtype float32
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float16, [a, b], [4, 6], [6, 1]>
}

// -----

// IndirectLoad whose output view is not the index view.
// CHECK: verify_indirect_load.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: output view (axis=['a', 'b'], repeats=['4', '3']) must equal the index view (axis=['a', 'b'], repeats=['4', '6'])
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 3], [3, 1]>
}
