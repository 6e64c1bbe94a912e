// Bad input: ASCII control characters (BEL, ESC) between tokens.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data [31m{index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
