// Bad input: DEVANAGARI DIGIT ONE (U+0967) as a stride.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [१]>
}
