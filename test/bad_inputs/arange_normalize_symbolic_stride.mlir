// Bad input: a 1-D Arange with symbolic stride s1 feeding a Broadcast (normalization cannot prove stride 1).
// ARGS: -p normalize-arange-broadcast-views
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [s1]>
  %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
}
