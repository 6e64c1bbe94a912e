// Bad input: ascir.broadcast of a [z1, z0] tensor to [z0, z1] (broadcast cannot transpose).
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z1, z0], [s1, 1], [1, 0]>
  %l = ascir.load %x : !ascir.tensor<float32, [z1, z0], [s1, 1], [1, 0]>
  %b = ascir.broadcast %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
