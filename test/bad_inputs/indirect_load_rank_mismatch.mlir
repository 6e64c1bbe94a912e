// Bad input: indirect load rank mismatch.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = 4] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z1], [4], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, 4], [4, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z1], [4], [1]>
  %g = ascir.indirect_load %xl, %il {dim = 0 : i64} : !ascir.tensor<float32, [z1], [4], [1]>
}
