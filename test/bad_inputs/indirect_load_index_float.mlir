// Bad input: indirect load index float.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %g = ascir.indirect_load %xl, %xl {dim = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
