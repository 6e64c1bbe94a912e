// Bad input: ascir.broadcast of an axis of size 4 to size 8 (only size 1 broadcasts).
ascir.graph @g hint sizes [] axes [0: z0 = 8, 1: z1 = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [4, 1], [1, 0]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [4, 1], [1, 0]>
  %b = ascir.broadcast %l : !ascir.tensor<float32, [z0, z1], [8, 8], [8, 1]>
}
