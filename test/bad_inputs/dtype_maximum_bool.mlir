// Bad input: ascir.maximum on bool operands.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.maximum %l, %l : !ascir.tensor<bool, [z0], [s0], [1]>
}
