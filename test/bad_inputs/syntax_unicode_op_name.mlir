// Bad input: a non-ASCII op name.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.dätä {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
