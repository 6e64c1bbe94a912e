// Bad input: index = 18446744073709551615 : i64 (2**64 - 1; stored by its bits it would read as -1).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 18446744073709551615 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
