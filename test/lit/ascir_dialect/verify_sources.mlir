// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Graph inputs and scalar sources: ascir.data / ascir.scalar_data indices,
// ascir.index_expr dtypes, result kinds (tensor vs scalar).

// ascir.data with index -1.
// CHECK: verify_sources.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: index must be >= 0, got -1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = -1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.scalar_data with index -1.
// CHECK: verify_sources.mlir:[[# @LINE + 2]]:26: error: ascir.scalar_data %s: index must be >= 0, got -1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %s = ascir.scalar_data {index = -1 : i64} : !ascir.scalar<float32>
}

// -----

// ascir.data without its index.
// CHECK: verify_sources.mlir:[[# @LINE + 2]]:19: error: property 'index' expected in operation 'ascir.data'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.data with a string index.
// CHECK: verify_sources.mlir:[[# @LINE + 2]]:19: error: "0" should be of base attribute integer
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = "0"} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.scalar_data of dtype bool (ScalarData takes numeric dtypes).
// CHECK: verify_sources.mlir:[[# @LINE + 2]]:26: error: ascir.scalar_data %s: ScalarData dtype bool is not supported; allowed: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %s = ascir.scalar_data {index = 0 : i64} : !ascir.scalar<bool>
}

// -----

// ascir.scalar_data declared with a tensor result.
// CHECK: verify_sources.mlir:[[# @LINE + 3]]:26: error: result 'y' at position 0 does not verify:
// CHECK-NEXT: !ascir.tensor<float32, [z0], [s0], [1]> should be of base attribute ascir.scalar
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %s = ascir.scalar_data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.index_expr of dtype float16.
// CHECK: verify_sources.mlir:[[# @LINE + 2]]:25: error: ascir.index_expr %i: IndexExpr output dtype float16 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0>} : !ascir.scalar<float16>
}

// -----

// ascir.index_expr of dtype int16 (IndexExpr is int32/int64 only).
// CHECK: verify_sources.mlir:[[# @LINE + 2]]:25: error: ascir.index_expr %i: IndexExpr output dtype int16 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 * 2>} : !ascir.scalar<int16>
}

// -----

// ascir.index_expr declared with a tensor result.
// CHECK: verify_sources.mlir:[[# @LINE + 3]]:25: error: result 'y' at position 0 does not verify:
// CHECK-NEXT: !ascir.tensor<int32, [z0], [s0], [1]> should be of base attribute ascir.scalar
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0>} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// An IndexExpr using an undeclared size variable.
// CHECK: verify_sources.mlir:[[# @LINE + 2]]:25: error: ascir.index_expr %i: expression 's0 + s7' uses undeclared size variable(s) s7; declare them in the 'sizes [...]' of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 + s7>} : !ascir.scalar<int64>
}
