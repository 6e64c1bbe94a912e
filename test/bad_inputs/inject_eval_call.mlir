// Bad input: inject eval call.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<eval("1")>} : !ascir.scalar<int64>
}
