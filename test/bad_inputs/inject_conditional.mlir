// Bad input: a conditional expression in an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<1 if s0 else 0>} : !ascir.scalar<int64>
}
