// Bad input: a string literal as an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<"s0">} : !ascir.scalar<int64>
}
