// Bad input: syntax missing operand.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.add : !ascir.tensor<float32, [z0], [s0], [1]>
}
