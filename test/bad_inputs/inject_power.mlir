// Bad input: Python ** in an expression (only + - * floordiv mod min max).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 ** 2>} : !ascir.scalar<int64>
}
