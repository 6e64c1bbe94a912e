// Bad input: the classic sympify("__import__('os')...") payload in an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<sympify("__import__('os').system('id')")>} : !ascir.scalar<int64>
}
