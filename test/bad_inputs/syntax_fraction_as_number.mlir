// Bad input: VULGAR FRACTION ONE HALF (U+00BD), numeric to str.isnumeric(), in a size expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 * ½>} : !ascir.scalar<int64>
}
