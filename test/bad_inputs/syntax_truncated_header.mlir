// Bad input: the file ends inside the graph header.
ascir.graph @g hint sizes [s0] axes [0: z0
