// Bad input: a load offset using an undeclared size variable.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x {offset = #ascir.expr<s9>} : !ascir.tensor<float32, [z0], [s0], [1]>
}
