// Bad input: #ascir.expr without its closing '>'.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}
