// Bad input: ascir.scalar int32 with the value 1.5.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1.5"} : !ascir.scalar<int32>
}
