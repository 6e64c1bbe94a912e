// Bad input: ascir.scalar value given as an integer attribute, not a string.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = 3 : i64} : !ascir.scalar<int32>
}
