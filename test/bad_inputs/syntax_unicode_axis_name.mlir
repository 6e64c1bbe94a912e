// Bad input: a non-ASCII axis name.
ascir.graph @g hint sizes [s0] axes [0: zß = s0] {
}
