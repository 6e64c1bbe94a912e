// Bad input: ascir.floor of bool -- the rounding ops take numbers (torch.floor refuses bool).
// ARGS: -p autofuse -t ascendc
builtin.module {
  ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
    %l = ascir.load %x : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
    %y = ascir.floor %l : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
    %s = ascir.store %y : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  }
}
