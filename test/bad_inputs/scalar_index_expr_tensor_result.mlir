// Bad input: ascir.index_expr declared with a tensor result.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0>} : !ascir.tensor<int32, [z0], [s0], [1]>
}
