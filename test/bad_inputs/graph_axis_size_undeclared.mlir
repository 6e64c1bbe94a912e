// Bad input: an axis sized by an undeclared size variable.
ascir.graph @g hint sizes [s0] axes [0: z0 = s9] {
}
