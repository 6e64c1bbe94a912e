// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Dtype tables of the one-input compute ops (seed 000 op specs): each op names
// its operand, the dtype it got and the dtypes it allows.

// ascir.abs on uint32 (abs takes signed dtypes only).
// CHECK: verify_dtype_unary.mlir:[[# @LINE + 4]]:18: error: ascir.abs %y: operand x dtype uint32 is not supported; allowed: int8, int16, int32, int64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint32, [z0], [s0], [1]>
  %y = ascir.abs %l : !ascir.tensor<uint32, [z0], [s0], [1]>
}

// -----

// ascir.exp on int32 (exp is float-only).
// CHECK: verify_dtype_unary.mlir:[[# @LINE + 4]]:18: error: ascir.exp %y: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.exp %l : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.neg on uint8 (neg takes signed dtypes only).
// CHECK: verify_dtype_unary.mlir:[[# @LINE + 4]]:18: error: ascir.neg %y: operand x dtype uint8 is not supported; allowed: int8, int16, int32, int64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint8, [z0], [s0], [1]>
  %y = ascir.neg %l : !ascir.tensor<uint8, [z0], [s0], [1]>
}

// -----

// ascir.relu on uint16 (relu takes signed dtypes only).
// CHECK: verify_dtype_unary.mlir:[[# @LINE + 4]]:19: error: ascir.relu %y: operand x dtype uint16 is not supported; allowed: int8, int16, int32, int64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint16, [z0], [s0], [1]>
  %y = ascir.relu %l : !ascir.tensor<uint16, [z0], [s0], [1]>
}

// -----

// ascir.sqrt on int32 (sqrt is float-only).
// CHECK: verify_dtype_unary.mlir:[[# @LINE + 4]]:19: error: ascir.sqrt %s: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %s = ascir.sqrt %l : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.logical_not on float16.
// CHECK: verify_dtype_unary.mlir:[[# @LINE + 4]]:26: error: ascir.logical_not %y: operand x dtype float16 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.logical_not %l : !ascir.tensor<float16, [z0], [s0], [1]>
}
