// Bad input: unknown op.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.frobnicate : !ascir.tensor<float32, [z0], [s0], [1]>
}
