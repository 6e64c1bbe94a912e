// Bad input: an ascir.output view with constant sizes whose rows overlap (stride 3, rows of 4).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = 4] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 4], [3, 1]>
}
