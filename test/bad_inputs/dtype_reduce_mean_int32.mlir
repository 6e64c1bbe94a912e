// Bad input: ascir.reduce_mean of int32 (torch.mean takes floating inputs only).
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_mean %l : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
}
