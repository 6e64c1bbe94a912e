// Bad input: ascir.cast of a scalar-like value.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %y = ascir.cast %c : !ascir.tensor<float16, [z0], [s0], [1]>
}
