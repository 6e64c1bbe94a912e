// Bad input: ascir.scalar float32 with the value "１.5" (a FULLWIDTH DIGIT; float() reads 1.5).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "１.5"} : !ascir.scalar<float32>
}
