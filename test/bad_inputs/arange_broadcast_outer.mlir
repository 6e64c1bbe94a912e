// Bad input: arange broadcast outer.
ascir.graph @g hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 8], [0, 1]>
}
