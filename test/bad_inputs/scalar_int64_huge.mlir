// Bad input: ascir.scalar int64 with a 30-digit value.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "123456789012345678901234567890"} : !ascir.scalar<int64>
}
