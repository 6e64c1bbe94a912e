// Bad input: ascir.graph without its axes list.
ascir.graph @g hint sizes [s0] {
}
