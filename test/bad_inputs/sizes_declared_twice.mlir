// Bad input: the size variable s0 declared twice.
ascir.graph @g hint sizes [s0, s0] axes [0: z0 = s0] {
}
