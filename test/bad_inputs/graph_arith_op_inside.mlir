// Bad input: an arith.constant (another dialect) inside a graph.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = arith.constant 1 : i32
}
