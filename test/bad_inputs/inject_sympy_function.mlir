// Bad input: inject sympy function.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<Integer(3)>} : !ascir.scalar<int64>
}
