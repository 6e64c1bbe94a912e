// Bad input: the index of an IndirectLoad is the result of another IndirectLoad (a gather of a gather).
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %t = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 2 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %tl = ascir.load %t : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %tl, %il {dim = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %h = ascir.indirect_load %xl, %g {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %h : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}
