// Bad input: ascir.truediv with an int32 result (truediv yields a float).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.truediv %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
}
