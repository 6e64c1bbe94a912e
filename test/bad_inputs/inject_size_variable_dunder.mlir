// Bad input: __builtins__ used as a size variable without being declared.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<__builtins__>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
}
