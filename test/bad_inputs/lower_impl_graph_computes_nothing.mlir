// Bad input: lower-to-ascendc on an impl graph with no load, store or compute node.
// ARGS: -p lower-to-ascendc -t ascendc
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
