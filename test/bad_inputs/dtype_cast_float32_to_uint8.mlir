// Bad input: ascir.cast float32 -> uint8 (not in the cast table).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.cast %l : !ascir.tensor<uint8, [z0], [s0], [1]>
}
