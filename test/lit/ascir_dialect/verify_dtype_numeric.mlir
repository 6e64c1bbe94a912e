// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Dtype tables of the rounding, classification, bitwise and shift ops (issue 19): the
// bitwise ops take integers and bool, the shifts integers, the rounding ops numbers.

// CHECK: verify_dtype_numeric.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: ascir.bitwise_and %y: operand x1 dtype float32 is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.bitwise_and %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: verify_dtype_numeric.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: ascir.bitwise_not %y: operand x dtype float16 is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.bitwise_not %l : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// CHECK: verify_dtype_numeric.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: ascir.lshift %y: operand x1 dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.lshift %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// CHECK: verify_dtype_numeric.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: ascir.floor %y: operand x dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.floor %l : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// A classification is a mask: its result is bool or uint8.
// CHECK: verify_dtype_numeric.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: ascir.isnan %y: result dtype float32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.isnan %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// The shifted value may not be scalar-like (only the count may).
// CHECK: verify_dtype_numeric.mlir:[[# @LINE + 5]]:{{[0-9]+}}: error: ascir.rshift %y: operand x1 is a scalar-like value but only operand(s) x2 may be scalar-like; insert an explicit ascir.broadcast (seed 000 AL-9)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "2"} : !ascir.scalar<int32>
  %y = ascir.rshift %c, %l : !ascir.tensor<int32, [z0], [s0], [1]>
}
