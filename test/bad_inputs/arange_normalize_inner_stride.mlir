// Bad input: a 1-D Arange broadcast to an output whose innermost stride is 4.
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [4], [1]>
  %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [4, 8], [1, 4]>
}
