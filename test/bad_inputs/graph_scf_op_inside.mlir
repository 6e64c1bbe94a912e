// Bad input: an scf.yield (another dialect's terminator) directly inside a graph.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  scf.yield
}
