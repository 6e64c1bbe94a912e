// Bad input: axis ids 0, 2 (ids must be consecutive positions).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 2: z2 = s0] {
}
