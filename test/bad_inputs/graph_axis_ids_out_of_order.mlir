// Bad input: axis ids listed 1, 0 (an axis id is its position).
ascir.graph @g hint sizes [s0] axes [1: z1 = s0, 0: z0 = s0] {
}
