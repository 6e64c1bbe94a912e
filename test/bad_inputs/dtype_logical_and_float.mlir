// Bad input: ascir.logical_and on float32 (logical ops take uint8/bool masks).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.logical_and %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}
