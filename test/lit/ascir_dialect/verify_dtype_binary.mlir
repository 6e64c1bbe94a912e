// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Dtype tables of the two-input arithmetic ops: bool is refused everywhere, Div
// is float only, TrueDiv produces floats, the result keeps the operand dtype.

// ascir.add on bool operands (add takes numeric dtypes only).
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:18: error: ascir.add %y: operand x1 dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.add %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.sub on bool operands.
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:18: error: ascir.sub %y: operand x1 dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.sub %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.mul on bool operands.
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:18: error: ascir.mul %y: operand x1 dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.mul %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.maximum on bool operands.
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:22: error: ascir.maximum %y: operand x1 dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.maximum %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.minimum on bool operands.
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:22: error: ascir.minimum %y: operand x1 dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.minimum %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.floordiv on bool operands.
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:23: error: ascir.floordiv %y: operand x1 dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.floordiv %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.remainder on bool operands.
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:24: error: ascir.remainder %y: operand x1 dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.remainder %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// ascir.div on int32 (div is float-only; use truediv or floordiv).
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:18: error: ascir.div %y: operand x1 dtype int32 is not supported; allowed: float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.div %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.truediv with an int32 result (truediv yields a float).
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:22: error: ascir.truediv %y: result dtype int32 is not supported; allowed: float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.truediv %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.add of float32 operands with a float16 result (no implicit cast).
// CHECK: verify_dtype_binary.mlir:[[# @LINE + 4]]:18: error: ascir.add %y: result dtype float16 must equal the operand dtype float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.add %l, %l : !ascir.tensor<float16, [z0], [s0], [1]>
}
