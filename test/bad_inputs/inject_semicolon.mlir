// Bad input: inject semicolon.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0; import os>} : !ascir.scalar<int64>
}
