// Bad input: an axis of size -4.
ascir.graph @g hint sizes [s0] axes [0: z0 = -4] {
}
