// Bad input: an axis with the name of a size variable.
ascir.graph @g hint sizes [s0] axes [0: s0 = s0] {
}
