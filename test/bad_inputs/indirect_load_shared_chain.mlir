// Bad input: one load feeding both the input and the index of an IndirectLoad.
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %i = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %il, %il {dim = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
}
