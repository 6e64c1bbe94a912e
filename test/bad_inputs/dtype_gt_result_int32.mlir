// Bad input: ascir.gt with an int32 result (compare results are uint8/bool masks).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.gt %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
}
