// Bad input: ().__class__.__bases__ in an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<().__class__.__bases__[0]>} : !ascir.scalar<int64>
}
