// Bad input: ascir.data and ascir.scalar_data sharing input index 0.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.scalar_data {index = 0 : i64} : !ascir.scalar<float32>
}
