// Bad input: an unterminated string literal.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1} : !ascir.scalar<int32>
}
