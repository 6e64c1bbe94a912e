// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Node syntax: %name = ascir.<op> operands [sched [...]] [{attributes}] : type.
// Operand counts, SSA names (defined before use: graphs are topologically ordered),
// attribute names, sched lists; the generic form is verified the same way.

// ascir.add without operands.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 2]]:18: error: ascir.add takes operands (x1, x2), got 0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.add : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.load with two operands.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 3]]:26: error: ascir.load takes operands (x), got 2
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x, %x : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An operand list ending with a comma.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 4]]:22: error: expected an SSA operand after ','
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.add %l, : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An operand that is never defined.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 2]]:19: error: SSA value %nope is used before it is defined: ASCIR graphs list nodes in topological order
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %l = ascir.load %nope : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An operand defined later in the graph (graphs list nodes in topological order).
// CHECK: parse_op_syntax.mlir:[[# @LINE + 2]]:19: error: SSA value %x is used before it is defined: ASCIR graphs list nodes in topological order
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// The SSA name %x defined twice.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 3]]:3: error: SSA value %x is already defined
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %x = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An operand %l#1 of a single-result op.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 4]]:18: error: SSA value %l#1 does not exist
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.exp %l#1 : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A node declared with two results.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 4]]:3: error: Operation has 1 results, but was given 2 to bind.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %a, %b = ascir.add %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// No ':' before the result type.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 2]]:37: error: Expected ':' before the result type of ascir.data
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// The result type is missing at the end of the graph.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 3]]:1: error: Expected ':' before the result type of ascir.data
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64}
}

// -----

// An attribute ascir.data does not have.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 2]]:19: error: unknown attribute 'color' for ascir.data (expected one of: index)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64, color = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Sched without brackets.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 4]]:27: error: '[' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.exp %l sched z0 : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A sched axis that is not a name.
// CHECK: parse_op_syntax.mlir:[[# @LINE + 4]]:28: error: expected axis name (letters, digits, '_')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.exp %l sched [3] : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A node in MLIR generic form with a wrong result dtype (the diagnostic must still be located).
// CHECK: parse_op_syntax.mlir:[[# @LINE + 5]]:3: error: ascir.exp %z: result dtype float16 must equal the operand dtype float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = "ascir.exp"(%l) : (!ascir.tensor<float32, [z0], [s0], [1]>) -> !ascir.tensor<float32, [z0], [s0], [1]>
  %z = "ascir.exp"(%l) : (!ascir.tensor<float32, [z0], [s0], [1]>) -> !ascir.tensor<float16, [z0], [s0], [1]>
}
