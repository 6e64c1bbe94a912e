// Bad input: ascir.scalar bool with the value 'yes'.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "yes"} : !ascir.scalar<bool>
}
