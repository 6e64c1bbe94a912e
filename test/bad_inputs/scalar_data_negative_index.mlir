// Bad input: ascir.scalar_data with index -1.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %s = ascir.scalar_data {index = -1 : i64} : !ascir.scalar<float32>
}
