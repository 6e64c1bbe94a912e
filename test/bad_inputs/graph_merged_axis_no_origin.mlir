// Bad input: a merged axis with an empty origin list.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: m = s0 merged()] {
}
