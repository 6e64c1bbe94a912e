// Bad input: ascir.reduce_sum of a scalar-like value (reductions take tensors).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %r = ascir.reduce_sum %c : !ascir.tensor<float32, [z0], [s0], [1]>
}
