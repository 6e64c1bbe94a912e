// Bad input: ascir.where with a scalar-like condition (the condition must be a tensor).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "1"} : !ascir.scalar<bool>
  %y = ascir.where %c, %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}
