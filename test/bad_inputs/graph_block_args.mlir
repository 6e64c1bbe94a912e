// Bad input: graph block args.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
^bb0(%a: i32):
}
