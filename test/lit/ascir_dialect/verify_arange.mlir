// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.arange: dtype, base/step expressions, and the AL-6 rule that a view with a
// stride-0 axis of size != 1 (broadcast-baked) is refused wherever the axis is.
// Converted from test/bad_inputs/arange_*; each diagnostic is checked at its line and column.

// Inner axis z1 broadcast-baked into the Arange view (stride 0, size 8).
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: ascir.arange %a: axis 'z1' has stride 0 but size 8 (a broadcast-baked Arange view); use 1D Arange followed by explicit Broadcast
ascir.graph @g hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 8], [1, 0]>
}

// -----

// Outer axis z0 broadcast-baked (stride 0, size 4): refused as well.
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: ascir.arange %a: axis 'z0' has stride 0 but size 4 (a broadcast-baked Arange view); use 1D Arange followed by explicit Broadcast
ascir.graph @g hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 8], [0, 1]>
}

// -----

// Middle axis of symbolic size s0 with stride 0: refused whatever the size.
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: ascir.arange %a: axis 'z1' has stride 0 but size s0 (a broadcast-baked Arange view); use 1D Arange followed by explicit Broadcast
ascir.graph @g hint sizes [s0] axes [0: z0 = 4, 1: z1 = s0, 2: z2 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1, z2], [4, s0, 8], [8, 0, 1]>
}

// -----

// ascir.arange with a float32 result (Arange is int32/int64 only).
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: ascir.arange %a: Arange output dtype float32 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.arange of dtype uint8.
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: ascir.arange %a: Arange output dtype uint8 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<uint8, [z0], [s0], [1]>
}

// -----

// An Arange base given as a plain integer attribute.
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: 0 : i64 should be of base attribute ascir.expr
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = 0 : i64, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// An Arange base using an undeclared size variable.
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: ascir.arange %a: expression 's5' uses undeclared size variable(s) s5; declare them in the 'sizes [...]' of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<s5>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// __builtins__ used as a size variable without being declared.
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: ascir.arange %a: expression '__builtins__' uses undeclared size variable(s) __builtins__; declare them in the 'sizes [...]' of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<__builtins__>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.arange without its step property.
// CHECK: verify_arange.mlir:[[# @LINE + 2]]:21: error: property 'step' expected in operation 'ascir.arange'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0>} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// ascir.arange given an operand (it takes none).
// CHECK: verify_arange.mlir:[[# @LINE + 4]]:24: error: ascir.arange takes operands (), got 1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %a = ascir.arange %l {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}
