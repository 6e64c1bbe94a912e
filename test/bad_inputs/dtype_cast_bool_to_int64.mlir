// Bad input: ascir.cast bool -> int64 (not in the cast table).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.cast %l : !ascir.tensor<int64, [z0], [s0], [1]>
}
