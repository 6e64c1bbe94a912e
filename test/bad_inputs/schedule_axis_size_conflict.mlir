// Bad input: two loads giving axis z0 the sizes s0 and s1.
// ARGS: -p schedule
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s1], [1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z0], [s1], [1]>
  %s = ascir.store %a : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %t = ascir.store %b : !ascir.tensor<float32, [z0], [s1], [1]>
  %p = ascir.output %t {index = 1 : i64} : !ascir.tensor<float32, [z0], [s1], [1]>
}
