// Bad input: autofuse of a graph with a workspace (single-stage lowering has none).
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.workspace %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %m = ascir.load %w : !ascir.tensor<float32, [z0], [s0], [1]>
  %t = ascir.store %m : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %t {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
