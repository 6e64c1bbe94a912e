// Bad input: an Arange base using an undeclared size variable.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<s5>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}
