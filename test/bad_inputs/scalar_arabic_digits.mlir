// Bad input: ascir.scalar int32 with the value "١٢" (ARABIC-INDIC digits; int() reads 12).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "١٢"} : !ascir.scalar<int32>
}
