// Bad input: syntax bad axis decl.
ascir.graph @g hint sizes [s0] axes [z0 = s0] {
}
