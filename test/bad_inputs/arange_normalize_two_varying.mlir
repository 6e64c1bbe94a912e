// Bad input: a 2-D Arange broadcast to 3-D with two varying axes (exactly one may vary).
// ARGS: -p normalize-arange-broadcast-views
ascir.graph @g hint sizes [] axes [0: z0 = 4, 1: z1 = 8, 2: z2 = 2] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1, z2], [8, 2], [2, 1]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1, z2], [4, 8, 2], [16, 2, 1]>
}
