// Bad input: a FULLWIDTH DIGIT ONE (U+FF11) in a size expression (Python's int() would read it as 1).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 - １>} : !ascir.scalar<int64>
}
