// Bad input: an Arange base given as a plain integer attribute.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = 0 : i64, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}
