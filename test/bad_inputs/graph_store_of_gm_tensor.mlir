// Bad input: an ascir.store of a workspace (a GM tensor) instead of a UB value.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %w = ascir.workspace {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %w : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
