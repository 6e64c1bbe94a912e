// Bad input: ascir.broadcast that changes the dtype.
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %b = ascir.broadcast %l : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
}
