// Bad input: ascir.neg on uint8 (neg takes signed dtypes only).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint8, [z0], [s0], [1]>
  %y = ascir.neg %l : !ascir.tensor<uint8, [z0], [s0], [1]>
}
