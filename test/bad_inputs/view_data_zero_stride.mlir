// Bad input: ascir.data with stride 0 on an axis of size s0 (a GM input view cannot broadcast).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [0]>
}
