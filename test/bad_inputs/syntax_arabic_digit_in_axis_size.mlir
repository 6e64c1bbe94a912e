// Bad input: ARABIC-INDIC DIGIT FOUR (U+0664) as an axis size.
ascir.graph @g hint sizes [s0] axes [0: z0 = ٤] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [4], [1]>
}
