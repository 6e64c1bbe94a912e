// Bad input: autofuse of a uint32 remainder (no AscendC lowering: floats and signed integers only).
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint32, [z0], [s0], [1]>
  %q = ascir.remainder %l, %l : !ascir.tensor<uint32, [z0], [s0], [1]>
  %s = ascir.store %q : !ascir.tensor<uint32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<uint32, [z0], [s0], [1]>
}
