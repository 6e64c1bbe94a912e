// Bad input: vf missing loop dtype.
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    ascir.vf_yield %a
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}
