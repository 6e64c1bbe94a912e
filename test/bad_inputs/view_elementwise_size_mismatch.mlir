// Bad input: ascir.mul of tensors of sizes s0 and s1 on axis z0.
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s1], [1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z0], [s1], [1]>
  %y = ascir.mul %a, %b : !ascir.tensor<float32, [z0], [s0], [1]>
}
