// Bad input: max() with a single argument.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<max(s0)>} : !ascir.scalar<int64>
}
