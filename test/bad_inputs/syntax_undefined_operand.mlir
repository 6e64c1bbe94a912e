// Bad input: syntax undefined operand.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %l = ascir.load %nope : !ascir.tensor<float32, [z0], [s0], [1]>
}
