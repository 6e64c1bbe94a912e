// Bad input: a vectorized axis that is not an axis of the view.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z9], [1]>
}
