// Bad input: ascir.data with a string index.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = "0"} : !ascir.tensor<float32, [z0], [s0], [1]>
}
