// Bad input: ascir.data without its index.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data : !ascir.tensor<float32, [z0], [s0], [1]>
}
