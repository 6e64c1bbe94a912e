// Bad input: a repeat of -2 on a constant axis.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [-2], [1]>
}
