// Bad input: globals() in an Arange step.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<globals()>} : !ascir.tensor<int32, [z0], [s0], [1]>
}
