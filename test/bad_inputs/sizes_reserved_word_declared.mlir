// Bad input: the operator word 'mod' declared as a size variable.
ascir.graph @g hint sizes [mod] axes [0: z0 = 4] {
}
