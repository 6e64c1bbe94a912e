// Bad input: ascir.scalar without a value.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar : !ascir.scalar<int32>
}
