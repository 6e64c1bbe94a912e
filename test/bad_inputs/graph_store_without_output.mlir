// Bad input: an ascir.store that writes no ascir.output (nor workspace).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %r = ascir.relu %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0], [s0], [1]>
}
