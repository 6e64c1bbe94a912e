// Bad input: template info not a dictionary.
ascir.graph @g hint sizes [] axes [0: a = 4] template "simd" {continuous_bytes = } {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a], [4], [1]>
}
