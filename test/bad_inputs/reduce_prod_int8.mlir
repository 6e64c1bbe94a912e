// Bad input: ascir.reduce_prod of int8 -- arch 3510 has no int8 Mul and no Cast back to
// int8 from a wider integer, so lower-to-ascendc refuses it naming the node.
// ARGS: -p autofuse -t ascendc
builtin.module {
  ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<int8, [z0, z1], [s0, s1], [s1, 1]>
    %l = ascir.load %x : !ascir.tensor<int8, [z0, z1], [s0, s1], [s1, 1]>
    %r = ascir.reduce_prod %l : !ascir.tensor<int8, [z0, z1], [s0, 1], [1, 0]>
    %s = ascir.store %r : !ascir.tensor<int8, [z0, z1], [s0, 1], [1, 0]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<int8, [z0, z1], [s0, 1], [1, 0]>
  }
}
