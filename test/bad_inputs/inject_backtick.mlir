// Bad input: shell backticks in an expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<`id`>} : !ascir.scalar<int64>
}
