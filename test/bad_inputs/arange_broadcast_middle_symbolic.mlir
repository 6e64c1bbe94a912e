// Bad input: arange broadcast middle symbolic.
ascir.graph @g hint sizes [s0] axes [0: z0 = 4, 1: z1 = s0, 2: z2 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1, z2], [4, s0, 8], [8, 0, 1]>
}
