// Bad input: a node whose sched lists z0 twice.
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x sched [z0, z0] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
