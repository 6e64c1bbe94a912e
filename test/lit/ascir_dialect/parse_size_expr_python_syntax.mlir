// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Python syntax inside a size expression is a parse error at the first token
// that is not part of the grammar (integers, size variables, + - *, floordiv, mod,
// min/max, parentheses): no attribute access, subscripts, lambdas, f-strings, walrus,
// keyword or star arguments, '**' or '//'.

// An attribute access s0.__add__ (no '.' in size variable names).
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:55: error: invalid size variable name 's0.__add__'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0.__add__>} : !ascir.scalar<int64>
}

// -----

// A subscript in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:47: error: '>' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0[0]>} : !ascir.scalar<int64>
}

// -----

// ().__class__.__bases__ in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:46: error: expected a size expression (integer, size variable, '(', 'min(' or 'max(')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<().__class__.__bases__[0]>} : !ascir.scalar<int64>
}

// -----

// A list comprehension in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:45: error: expected a size expression (integer, size variable, '(', 'min(' or 'max(')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<[s0 for s0 in s0]>} : !ascir.scalar<int64>
}

// -----

// A conditional expression in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:47: error: '>' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<1 if s0 else 0>} : !ascir.scalar<int64>
}

// -----

// An f-string in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:46: error: '>' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<f"{s0}">} : !ascir.scalar<int64>
}

// -----

// A lambda in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:51: error: '>' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<lambda: 0>} : !ascir.scalar<int64>
}

// -----

// An immediately called lambda in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:52: error: expected ')' in size expression
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<(lambda: s0)()>} : !ascir.scalar<int64>
}

// -----

// A walrus assignment in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:49: error: expected ')' in size expression
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<(s1 := s0)>} : !ascir.scalar<int64>
}

// -----

// Max() with a keyword argument.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:56: error: expected ')' to close 'max('
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<max(s0, key=s0)>} : !ascir.scalar<int64>
}

// -----

// Max(*args) in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:49: error: expected a size expression (integer, size variable, '(', 'min(' or 'max(')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<max(*s0)>} : !ascir.scalar<int64>
}

// -----

// Python ** in an expression (only + - * floordiv mod min max).
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:49: error: expected a size expression (integer, size variable, '(', 'min(' or 'max(')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 ** 2>} : !ascir.scalar<int64>
}

// -----

// Python's '//' instead of floordiv: it starts a comment, so the '>' is missing.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 3]]:1: error: '>' expected
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 // 2>} : !ascir.scalar<int64>
}

// -----

// A string literal as an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:45: error: expected a size expression (integer, size variable, '(', 'min(' or 'max(')
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<"s0">} : !ascir.scalar<int64>
}

// -----

// Shell backticks in an expression.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:45: error: Unexpected character: `
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<`id`>} : !ascir.scalar<int64>
}

// -----

// A semicolon-separated statement in an IndexExpr.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:47: error: Unexpected character: ;
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0; import os>} : !ascir.scalar<int64>
}

// -----

// A semicolon-separated statement in a stride.
// CHECK: parse_size_expr_python_syntax.mlir:[[# @LINE + 2]]:76: error: Unexpected character: ;
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1; import os]>
}
