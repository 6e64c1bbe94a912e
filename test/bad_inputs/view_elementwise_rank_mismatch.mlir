// Bad input: ascir.add of a [z0] and a [z0, z1] tensor (no implicit broadcasting).
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.add %a, %b : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
