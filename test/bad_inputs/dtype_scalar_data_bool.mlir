// Bad input: ascir.scalar_data of dtype bool (ScalarData takes numeric dtypes).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %s = ascir.scalar_data {index = 0 : i64} : !ascir.scalar<bool>
}
