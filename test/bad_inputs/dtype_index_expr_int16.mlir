// Bad input: ascir.index_expr of dtype int16 (IndexExpr is int32/int64 only).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 * 2>} : !ascir.scalar<int16>
}
