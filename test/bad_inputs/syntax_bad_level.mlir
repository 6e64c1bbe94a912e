// Bad input: syntax bad level.
ascir.graph @g sizes [s0] axes [0: z0 = s0] {
}
