// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Dtype tables and attributes of the math ops (issue 19): float dtypes only.

// CHECK: verify_dtype_math.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: ascir.sigmoid %y: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.sigmoid %l : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// CHECK: verify_dtype_math.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: ascir.gelu %y: approximate is "exact"; expected one of "none", "tanh" (torch.nn.functional.gelu)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.gelu %l {approximate = "exact"} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// The exponent of Pow may be scalar-like, the base may not.
// CHECK: verify_dtype_math.mlir:[[# @LINE + 5]]:{{[0-9]+}}: error: ascir.pow %y: operand x1 is a scalar-like value but only operand(s) x2 may be scalar-like; insert an explicit ascir.broadcast (seed 000 AL-9)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "2"} : !ascir.scalar<float32>
  %y = ascir.pow %c, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: verify_dtype_math.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: ascir.clip_by_value %y: operand x dtype int8 is not supported; allowed: float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int8, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int8, [z0], [s0], [1]>
  %y = ascir.clip_by_value %l, %l, %l : !ascir.tensor<int8, [z0], [s0], [1]>
}
