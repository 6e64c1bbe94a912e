// Bad input: two reductions over different axes in one graph.
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %q = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 1]>
  %t = ascir.store %q : !ascir.tensor<float32, [z0, z1], [1, s1], [1, 1]>
  %p = ascir.output %t {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [1, 1]>
}
