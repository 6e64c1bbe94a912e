// Bad input: ascir.graph without its sizes list.
ascir.graph @g hint axes [0: z0 = 4] {
}
