// Bad input: graph level 'fused' (only hint or impl).
ascir.graph @g fused sizes [s0] axes [0: z0 = s0] {
}
