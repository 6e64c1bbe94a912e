// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Size expressions are parsed by a small safe parser, never by Python's eval or
// sympy.sympify: the only calls are min(...) and max(...). Every other call is refused
// at the name, in every place an expression may appear (views, axis sizes, offsets,
// Arange base/step, IndexExpr).

// __import__("os").system(...) as a view repeat: refused at the call, never run.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 2]]:80: error: '__import__(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [__import__("os").system("true")], [1]>
}

// -----

// Eval(...) in an expression.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 2]]:50: error: 'eval(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<eval("1")>} : !ascir.scalar<int64>
}

// -----

// Exec(...) in an expression.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 2]]:50: error: 'exec(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<exec("import os")>} : !ascir.scalar<int64>
}

// -----

// Getattr(...) in an expression.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 2]]:53: error: 'getattr(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<getattr(s0, "real")>} : !ascir.scalar<int64>
}

// -----

// The classic sympify("__import__('os')...") payload in an expression.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 2]]:53: error: 'sympify(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<sympify("__import__('os').system('id')")>} : !ascir.scalar<int64>
}

// -----

// A sympy constructor (Integer(3)) in an expression: sympy names are not in scope.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 2]]:53: error: 'Integer(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<Integer(3)>} : !ascir.scalar<int64>
}

// -----

// Abs(...) in an expression (only min and max).
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 2]]:49: error: 'abs(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<abs(s0)>} : !ascir.scalar<int64>
}

// -----

// __import__ in an axis size.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 1]]:57: error: '__import__(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = __import__("os").getcwd()] {
}

// -----

// Open(...) in a load offset.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 3]]:49: error: 'open(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x {offset = #ascir.expr<open("/etc/passwd")>} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Globals() in an Arange step.
// CHECK: parse_size_expr_calls.mlir:[[# @LINE + 2]]:72: error: 'globals(' is not allowed: size expressions have no function calls except min(...) and max(...)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<globals()>} : !ascir.tensor<int32, [z0], [s0], [1]>
}
