// Bad input: ascir.lshift of a scalar-like value -- only the shift count may be scalar-like (broadcast the value first).
// ARGS: -p autofuse -t ascendc
builtin.module {
  ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
    %l = ascir.load %x : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
    %c = ascir.scalar {value = "1"} : !ascir.scalar<int32>
    %y = ascir.lshift %c, %l : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
    %s = ascir.store %y : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  }
}
