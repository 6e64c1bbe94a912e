// Bad input: an immediately called lambda in an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<(lambda: s0)()>} : !ascir.scalar<int64>
}
