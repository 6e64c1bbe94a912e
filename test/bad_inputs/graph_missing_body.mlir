// Bad input: ascir.graph without a body region.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0]
