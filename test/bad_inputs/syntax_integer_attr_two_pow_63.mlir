// Bad input: index = 9223372036854775808 : i64 (2**63; stored by its bits it would read as -2**63).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 9223372036854775808 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
