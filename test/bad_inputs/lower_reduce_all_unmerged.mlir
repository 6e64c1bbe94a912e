// Bad input: a reduction over both axes of a view whose axes cannot merge (inner plus outer axes).
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1 + 1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1 + 1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [1, 1], [0, 0]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
}
