// Bad input: autofuse of a truediv with a scalar operand (not supported yet).
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "2"} : !ascir.scalar<float32>
  %q = ascir.truediv %l, %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %q : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
