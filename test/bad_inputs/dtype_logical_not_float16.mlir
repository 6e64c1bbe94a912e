// Bad input: ascir.logical_not on float16.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.logical_not %l : !ascir.tensor<float16, [z0], [s0], [1]>
}
