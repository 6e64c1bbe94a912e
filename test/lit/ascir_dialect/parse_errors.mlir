// RUN: ascir-opt %s --split-input-file --parsing-diagnostics | filecheck %s
// RUN: not ascir-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=EXIT

// Parse errors are located diagnostics; nothing in an expression is ever evaluated.
// EXIT-NOT: Traceback

// CHECK: parse_errors.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: '__import__(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [__import__("os")], [1]>
}

// -----

// CHECK: parse_errors.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: 'mod' is an operator, not a size variable
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<mod>} : !ascir.scalar<int64>
}

// -----

// CHECK: error: division by zero in 'floordiv'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0 floordiv 0] {
}

// -----

// CHECK: error: expected graph level 'hint' or 'impl'
ascir.graph @g sizes [s0] axes [0: z0 = s0] {
}

// -----

// CHECK: error: unknown dtype 'float64' (known dtypes: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32, bool)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float64, [z0], [s0], [1]>
}

// -----

// CHECK: error: unknown axis kind 'diagonal'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = s0 diagonal(z0)] {
}

// -----

// CHECK: error: SSA value %x is used before it is defined: ASCIR graphs list nodes in topological order
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.load takes operands (x), got 2
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x, %x : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: unknown attribute 'offest' for ascir.load (expected one of: offset, pad_high, pad_low, pad_value)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x {offest = #ascir.expr<1>} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: Unexpected character: ;
// CHECK-NOT: Traceback
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 ; s0>} : !ascir.scalar<int64>
}
