// Bad input: ascir.data with index -1.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = -1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
