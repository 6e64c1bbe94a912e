// Bad input: the vf attribute given as an integer.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.exp %l {vf = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
