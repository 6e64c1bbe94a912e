// Bad input: unknown dialect.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = foo.bar : !ascir.tensor<float32, [z0], [s0], [1]>
}
