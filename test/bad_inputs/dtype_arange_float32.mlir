// Bad input: ascir.arange with a float32 result (Arange is int32/int64 only).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<float32, [z0], [s0], [1]>
}
