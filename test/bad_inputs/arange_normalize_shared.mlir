// Bad input: an Arange feeding a Broadcast and a Store (it must have no other users).
// ARGS: -p normalize-arange-broadcast-views
ascir.graph @g hint sizes [] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [4, 1], [1, 0]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1], [4, 8], [8, 1]>
  %s = ascir.store %a : !ascir.tensor<int64, [z0, z1], [4, 1], [1, 0]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<int64, [z0, z1], [4, 1], [1, 0]>
}
