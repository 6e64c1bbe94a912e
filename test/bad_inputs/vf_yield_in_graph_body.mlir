// Bad input: ascir.vf_yield directly in the graph body, after a compute node.
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
  ascir.vf_yield %e
}
