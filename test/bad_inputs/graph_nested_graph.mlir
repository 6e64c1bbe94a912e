// Bad input: an ascir.graph nested inside another graph.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  ascir.graph @inner hint sizes [s0] axes [0: z0 = s0] {
  }
}
