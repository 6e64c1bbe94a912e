// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Size variables: declared once, with valid names, and every expression of a view,
// offset or IndexExpr uses declared ones only (the message says where to declare them).

// The size variable s0 declared twice.
// CHECK: verify_sizes.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: size variables are declared twice: ['s0', 's0']
ascir.graph @g hint sizes [s0, s0] axes [0: z0 = s0] {
}

// -----

// The operator word 'mod' declared as a size variable.
// CHECK: verify_sizes.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: invalid size variable name 'mod'
ascir.graph @g hint sizes [mod] axes [0: z0 = 4] {
}

// -----

// A load offset using an undeclared size variable.
// CHECK: verify_sizes.mlir:[[# @LINE + 3]]:19: error: ascir.load %l: expression 's9' uses undeclared size variable(s) s9; declare them in the 'sizes [...]' of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x {offset = #ascir.expr<s9>} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A stride using an undeclared size variable.
// CHECK: verify_sizes.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: expression 's3' uses undeclared size variable(s) s3; declare them in the 'sizes [...]' of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [s3]>
}

// -----

// A vectorized stride using an undeclared size variable.
// CHECK: verify_sizes.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: expression 's5' uses undeclared size variable(s) s5; declare them in the 'sizes [...]' of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [s5]>
}

// -----

// A view repeat using the undeclared size variable s1.
// CHECK: verify_sizes.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: expression 's1' uses undeclared size variable(s) s1; declare them in the 'sizes [...]' of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s1], [1]>
}

// -----

// A view repeat named __class__: an undeclared size variable, never a Python name.
// CHECK: verify_sizes.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: expression '__class__' uses undeclared size variable(s) __class__; declare them in the 'sizes [...]' of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [__class__], [1]>
}

// -----

// A repeat of -2 on a constant axis.
// CHECK: verify_sizes.mlir:[[# @LINE + 2]]:52: error: repeat of axis 'z0' must be >= 1, got -2
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [-2], [1]>
}
