// Bad input: vf-partition on a graph that already has VF regions.
// ARGS: -p vf-partition
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}
