// Bad input: an IndexExpr using an undeclared size variable.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 + s7>} : !ascir.scalar<int64>
}
