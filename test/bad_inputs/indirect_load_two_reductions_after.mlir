// Bad input: two reductions after an IndirectLoad (at most one may follow it).
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %r = ascir.reduce_sum %g : !ascir.tensor<float32, [a, b], [4, 1], [1, 0]>
  %q = ascir.reduce_max %r : !ascir.tensor<float32, [a, b], [1, 1], [0, 0]>
  %st = ascir.store %q : !ascir.tensor<float32, [a, b], [1, 1], [1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [1, 1], [1, 1]>
}
