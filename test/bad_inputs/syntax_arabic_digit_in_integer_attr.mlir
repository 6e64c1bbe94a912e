// Bad input: ARABIC-INDIC DIGIT THREE (U+0663) as the value of an integer attribute.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = ٣ : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
