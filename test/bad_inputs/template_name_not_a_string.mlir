// Bad input: template name not a string.
ascir.graph @g hint sizes [] axes [0: a = 4] template simd {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a], [4], [1]>
}
