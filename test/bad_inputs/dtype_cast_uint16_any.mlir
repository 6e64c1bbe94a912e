// Bad input: ascir.cast from uint16 (no cast from uint16 exists).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint16, [z0], [s0], [1]>
  %y = ascir.cast %l : !ascir.tensor<float32, [z0], [s0], [1]>
}
