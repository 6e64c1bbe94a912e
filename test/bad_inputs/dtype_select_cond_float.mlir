// Bad input: ascir.select with a float32 condition (the condition is a uint8/bool mask).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.select %l, %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}
