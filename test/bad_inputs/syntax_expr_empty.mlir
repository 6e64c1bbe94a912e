// Bad input: an empty #ascir.expr<>.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<>} : !ascir.scalar<int64>
}
