// Bad input: __import__ in an axis size.
ascir.graph @g hint sizes [s0] axes [0: z0 = __import__("os").getcwd()] {
}
