// Bad input: ascir.scalar int8 with the value 300 (out of range).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "300"} : !ascir.scalar<int8>
}
