// Bad input: a list comprehension in an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<[s0 for s0 in s0]>} : !ascir.scalar<int64>
}
