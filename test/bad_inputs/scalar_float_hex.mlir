// Bad input: ascir.scalar float32 with a hexadecimal literal (decimal only).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "0x1p3"} : !ascir.scalar<float32>
}
