// Bad input: !ascir.scalar<> without a dtype.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %s = ascir.scalar_data {index = 0 : i64} : !ascir.scalar<>
}
