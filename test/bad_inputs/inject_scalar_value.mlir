// Bad input: inject scalar value.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "__import__('os')"} : !ascir.scalar<float32>
}
