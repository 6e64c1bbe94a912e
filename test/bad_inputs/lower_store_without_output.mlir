// Bad input: a store without an output, through the whole pipeline (was a StopIteration in
// the lowering; now the verifier refuses it before any pass runs).
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %y {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
