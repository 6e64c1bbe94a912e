// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Loads, stores, outputs, broadcasts and reductions keep the dtype: a dtype
// change is an explicit ascir.cast.

// ascir.load whose result dtype differs from the data dtype.
// CHECK: verify_dtype_data_movement.mlir:[[# @LINE + 3]]:19: error: ascir.load %l: load changes dtype float16 -> float32; use ascir.cast after the load
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.store whose result dtype differs from the stored tensor.
// CHECK: verify_dtype_data_movement.mlir:[[# @LINE + 4]]:20: error: ascir.store %s: store changes dtype float32 -> float16; cast before storing
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// ascir.output whose dtype differs from the stored tensor.
// CHECK: verify_dtype_data_movement.mlir:[[# @LINE + 5]]:21: error: ascir.output %o: output dtype int32 differs from the stored dtype float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.broadcast that changes the dtype.
// CHECK: verify_dtype_data_movement.mlir:[[# @LINE + 4]]:24: error: ascir.broadcast %b: broadcast keeps the dtype: operand float32, result float16
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %b = ascir.broadcast %l : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// ascir.reduce_max with a result dtype different from its operand.
// CHECK: verify_dtype_data_movement.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_max %r: result dtype float32 must equal the operand dtype float16
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}

// -----

// ascir.reduce_sum of a bool tensor (reductions take numeric dtypes).
// CHECK: verify_dtype_data_movement.mlir:[[# @LINE + 4]]:25: error: ascir.reduce_sum %r: operand x dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<bool, [z0, z1], [s0, 1], [1, 0]>
}
