// Bad input: two axes named z0.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z0 = s0] {
}
