// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// The grammar of size expressions: operands, operators, min/max arity, division by
// zero in a constant expression, reserved words, balanced brackets.

// An empty #ascir.expr<>.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:45: error: expected a size expression (integer, size variable, '(', 'min(' or 'max(')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<>} : !ascir.scalar<int64>
}

// -----

// A '+' without its right operand.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:73: error: expected a size expression (integer, size variable, '(', 'min(' or 'max(')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0 +], [1]>
}

// -----

// '^' is not an operator of size expressions: the lexer takes it for a block label
// (xDSL's message prints '{first_char}' literally: only its start is pinned).
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:72: error: Expected suffix identifier after
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0 ^ 2], [1]>
}

// -----

// A float literal in an expression.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:45: error: expected a size expression (integer, size variable, '(', 'min(' or 'max(')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<2.5>} : !ascir.scalar<int64>
}

// -----

// Max() with a single argument.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:52: error: 'max' needs at least two arguments
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<max(s0)>} : !ascir.scalar<int64>
}

// -----

// Min() with a single argument.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:76: error: 'min' needs at least two arguments
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [min(s0)], [1]>
}

// -----

// A constant division by zero with floordiv.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:82: error: division by zero in 'floordiv'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0 floordiv 0], [1]>
}

// -----

// A constant division by zero with mod.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:77: error: division by zero in 'mod'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0 mod 0], [1]>
}

// -----

// The operator word 'mod' used as a size variable.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:72: error: 'mod' is an operator, not a size variable
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [mod], [1]>
}

// -----

// An unclosed '('.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:76: error: expected ')' in size expression
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [(s0 + 1], [1]>
}

// -----

// #ascir.expr without its closing '>'.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:42: error: '>' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// An emoji in a size expression.
// CHECK: parse_size_expr.mlir:[[# @LINE + 2]]:48: error: Unexpected character: 💣
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 💣>} : !ascir.scalar<int64>
}
