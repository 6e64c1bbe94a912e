// Bad input: ascir.graph without its @name.
ascir.graph hint sizes [s0] axes [0: z0 = s0] {
}
