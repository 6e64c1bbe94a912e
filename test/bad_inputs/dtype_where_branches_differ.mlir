// Bad input: ascir.where with float32 and float16 branches.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %cl = ascir.load %c : !ascir.tensor<bool, [z0], [s0], [1]>
  %a = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %al = ascir.load %a : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.data {index = 2 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %bl = ascir.load %b : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.where %cl, %al, %bl : !ascir.tensor<float32, [z0], [s0], [1]>
}
