// Bad input: GM data used directly by ascir.add (GM is read through ascir.load).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.add %x, %x : !ascir.tensor<float32, [z0], [s0], [1]>
}
