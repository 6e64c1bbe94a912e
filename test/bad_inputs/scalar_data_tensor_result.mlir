// Bad input: ascir.scalar_data declared with a tensor result.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %s = ascir.scalar_data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
