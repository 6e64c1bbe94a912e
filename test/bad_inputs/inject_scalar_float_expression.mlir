// Bad input: ascir.scalar float32 whose value is an arithmetic expression.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1e3 * 2"} : !ascir.scalar<float32>
}
