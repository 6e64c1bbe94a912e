// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Types and dtypes: !ascir.tensor<dtype, [axes], [repeats], [strides][, vectorized
// [axes], [strides]]>, !ascir.scalar<dtype>; dtypes are the twelve of the seed.

// Float64 is not a dtype of the seed.
// CHECK: parse_types.mlir:[[# @LINE + 2]]:53: error: unknown dtype 'float64' (known dtypes: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32, bool)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float64, [z0], [s0], [1]>
}

// -----

// !ascir.tensor<> without a dtype.
// CHECK: parse_types.mlir:[[# @LINE + 2]]:53: error: expected a dtype name such as float32 or int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<>
}

// -----

// !ascir.scalar<> without a dtype.
// CHECK: parse_types.mlir:[[# @LINE + 2]]:60: error: expected a dtype name such as float32 or int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %s = ascir.scalar_data {index = 0 : i64} : !ascir.scalar<>
}

// -----

// #ascir.dtype<complex64> (no such dtype).
// CHECK: parse_types.mlir:[[# @LINE + 4]]:40: error: unknown dtype 'complex64' (known dtypes: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32, bool)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.exp %l {vf = #ascir.dtype<complex64>} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A type the ascir dialect does not have.
// CHECK: parse_types.mlir:[[# @LINE + 2]]:52: error: 'ascir.matrix' is not registered
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.matrix<float32>
}

// -----

// 'vectorised' instead of 'vectorized' in a tensor type.
// CHECK: parse_types.mlir:[[# @LINE + 2]]:79: error: Expected 'vectorized'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1], vectorised [z0], [1]>
}

// -----

// The vf attribute given as an integer.
// CHECK: parse_types.mlir:[[# @LINE + 4]]:18: error: 1 : i64 should be of base attribute string
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.exp %l {vf = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
