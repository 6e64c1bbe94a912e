// Bad input: getattr(...) in an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<getattr(s0, "real")>} : !ascir.scalar<int64>
}
