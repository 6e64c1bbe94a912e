// Bad input: ascir.reduce_any of a float32 tensor (Any/All take bool/uint8 masks).
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_any %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}
