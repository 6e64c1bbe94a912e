// Bad input: a negative axis id.
ascir.graph @g hint sizes [s0] axes [-1: z0 = s0] {
}
