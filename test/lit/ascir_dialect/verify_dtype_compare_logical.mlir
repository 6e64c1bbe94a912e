// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Compares produce uint8/bool from operands of one dtype; the logical ops take
// and produce uint8/bool only.

// ascir.lt with a float32 result (compare results are uint8/bool masks).
// CHECK: verify_dtype_compare_logical.mlir:[[# @LINE + 4]]:17: error: ascir.lt %c: result dtype float32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.lt %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.gt with an int32 result (compare results are uint8/bool masks).
// CHECK: verify_dtype_compare_logical.mlir:[[# @LINE + 4]]:17: error: ascir.gt %y: result dtype int32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.gt %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.eq of float32 and float16 operands (operands must share one dtype).
// CHECK: verify_dtype_compare_logical.mlir:[[# @LINE + 6]]:17: error: ascir.eq %y: operands must have one dtype, got x1=float32, x2=float16; insert an ascir.cast
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %m = ascir.load %w : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.eq %l, %m : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.logical_and on float32 (logical ops take uint8/bool masks).
// CHECK: verify_dtype_compare_logical.mlir:[[# @LINE + 4]]:26: error: ascir.logical_and %y: operand x1 dtype float32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.logical_and %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.logical_and of bools with a float32 result (the result is a mask).
// CHECK: verify_dtype_compare_logical.mlir:[[# @LINE + 4]]:26: error: ascir.logical_and %y: result dtype float32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.logical_and %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.logical_or on int32.
// CHECK: verify_dtype_compare_logical.mlir:[[# @LINE + 4]]:25: error: ascir.logical_or %y: operand x1 dtype int32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.logical_or %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
}
