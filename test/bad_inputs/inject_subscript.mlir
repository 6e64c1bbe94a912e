// Bad input: a subscript in an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0[0]>} : !ascir.scalar<int64>
}
