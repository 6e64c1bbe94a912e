// Bad input: ascir.exp of a scalar-like value (broadcast it first).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %y = ascir.exp %c : !ascir.tensor<float32, [z0], [s0], [1]>
}
