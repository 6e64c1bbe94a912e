// Bad input: a scalar as the first operand of ascir.lt (only the second may be scalar-like).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %y = ascir.lt %c, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}
