// Bad input: a number in the sizes list.
ascir.graph @g hint sizes [3] axes [0: z0 = 3] {
}
