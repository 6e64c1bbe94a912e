// Bad input: indirect load dim negative.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z0], [s0], [1]>
  %g = ascir.indirect_load %xl, %il {dim = -1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
