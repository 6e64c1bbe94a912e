// Bad input: a merged axis whose origin axes are not declared before it.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1z2 = s0 merged(z1, z2)] {
}
