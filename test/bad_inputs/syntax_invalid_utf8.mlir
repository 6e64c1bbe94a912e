// Bad input: invalid UTF-8 bytes in an SSA name.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %xÿþ = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
