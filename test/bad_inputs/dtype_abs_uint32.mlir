// Bad input: ascir.abs on uint32 (abs takes signed dtypes only).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint32, [z0], [s0], [1]>
  %y = ascir.abs %l : !ascir.tensor<uint32, [z0], [s0], [1]>
}
