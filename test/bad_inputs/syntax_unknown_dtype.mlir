// Bad input: syntax unknown dtype.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float64, [z0], [s0], [1]>
}
