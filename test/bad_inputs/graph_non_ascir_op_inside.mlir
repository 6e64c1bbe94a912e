// Bad input: graph non ascir op inside.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  builtin.module {}
}
