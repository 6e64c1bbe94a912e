// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Issue 19 reductions: each op's dtype whitelist and result dtype rule (Mean over floats,
// Any/All over bool/uint8 masks keeping the mask dtype, ArgMax/ArgMin with an int32 or
// int64 index result); the view rules are Sum's.

// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:26: error: ascir.reduce_mean %r: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_mean %l : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:26: error: ascir.reduce_mean %r: result dtype float32 must equal the operand dtype float16
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_mean %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_any %r: operand x dtype float32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_any %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_all %r: result dtype bool must equal the operand dtype uint8
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_all %l : !ascir.tensor<bool, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:26: error: ascir.reduce_prod %r: operand x dtype bool is not supported; allowed: int8, {{.*}}, float32
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_prod %l : !ascir.tensor<bool, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// The index of ArgMax is int32 or int64, never the operand dtype.
// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:28: error: ascir.reduce_argmax %r: result dtype float32 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_argmax %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:28: error: ascir.reduce_argmin %r: operand x dtype bool is not supported; allowed: int8, {{.*}}, float32
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_argmin %l : !ascir.tensor<int64, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// ArgMax reduces at least one axis, like Sum.
// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:28: error: ascir.reduce_argmax %r: reduces no axis
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_argmax %l : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A kept axis keeps its size (ArgMin over z1 of a [s0, s1] view).
// CHECK: verify_reduce_more.mlir:[[# @LINE + 4]]:28: error: ascir.reduce_argmin %r: axis 'z0' has size s1 in the result and s0 in the operand
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_argmin %l : !ascir.tensor<int32, [z0, z1], [s1, 1], [1, 0]>
}
