// Bad input: an i64 attribute with a 40-digit value.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 1234567890123456789012345678901234567890 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
