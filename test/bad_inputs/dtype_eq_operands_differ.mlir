// Bad input: ascir.eq of float32 and float16 operands (operands must share one dtype).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %m = ascir.load %w : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.eq %l, %m : !ascir.tensor<bool, [z0], [s0], [1]>
}
