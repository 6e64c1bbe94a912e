// Bad input: ascir.bitwise_xor of float32 -- the bitwise ops take integers and bool (as torch), the verifier names the operand and the allowed dtypes.
// ARGS: -p autofuse -t ascendc
builtin.module {
  ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %y = ascir.bitwise_xor %l, %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %s = ascir.store %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  }
}
