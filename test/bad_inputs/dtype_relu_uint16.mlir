// Bad input: ascir.relu on uint16 (relu takes signed dtypes only).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint16, [z0], [s0], [1]>
  %y = ascir.relu %l : !ascir.tensor<uint16, [z0], [s0], [1]>
}
