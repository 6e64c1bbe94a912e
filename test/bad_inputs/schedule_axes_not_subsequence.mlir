// Bad input: two loads iterating [z0, z1] and [z1, z0] (no single fused loop space).
// ARGS: -p schedule
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
  %s = ascir.store %a : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %t = ascir.store %b : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
  %p = ascir.output %t {index = 1 : i64} : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
}
