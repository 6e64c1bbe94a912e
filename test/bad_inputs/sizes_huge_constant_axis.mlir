// Bad input: a 30-digit constant axis size that no kernel integer can hold.
// ARGS: -p autofuse -t ascendc
ascir.graph @g hint sizes [] axes [0: z0 = 100000000000000000000000000000] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [100000000000000000000000000000], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [100000000000000000000000000000], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [100000000000000000000000000000], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [100000000000000000000000000000], [1]>
}
