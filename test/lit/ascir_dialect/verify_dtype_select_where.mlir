// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Select/Where: the condition is uint8/bool, both branches share one dtype.

// ascir.select with a float32 condition (the condition is a uint8/bool mask).
// CHECK: verify_dtype_select_where.mlir:[[# @LINE + 4]]:21: error: ascir.select %y: condition x1 dtype float32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.select %l, %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.where with an int32 condition.
// CHECK: verify_dtype_select_where.mlir:[[# @LINE + 4]]:20: error: ascir.where %w: condition x1 dtype int32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %w = ascir.where %l, %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.where with float32 and float16 branches.
// CHECK: verify_dtype_select_where.mlir:[[# @LINE + 8]]:20: error: ascir.where %y: operands must have one dtype, got x2=float32, x3=float16; insert an ascir.cast
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %cl = ascir.load %c : !ascir.tensor<bool, [z0], [s0], [1]>
  %a = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %al = ascir.load %a : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.data {index = 2 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %bl = ascir.load %b : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.where %cl, %al, %bl : !ascir.tensor<float32, [z0], [s0], [1]>
}
