// Bad input: abs(...) in an expression (only min and max).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<abs(s0)>} : !ascir.scalar<int64>
}
