// Bad input: a compute node with 5 vectorized axes (a VF loop nest has at most 4).
// ARGS: -p vf-partition
ascir.graph @g impl sizes [] axes [0: a = 2, 1: b = 2, 2: c = 2, 3: d = 2, 4: e = 2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1], vectorized [a, b, c, d, e], [16, 8, 4, 2, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1], vectorized [a, b, c, d, e], [16, 8, 4, 2, 1]>
}
