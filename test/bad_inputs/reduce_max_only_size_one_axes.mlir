// Bad input: ascir.reduce_max over an operand whose axes all have size 1 (nothing to reduce).
ascir.graph @g hint sizes [] axes [0: z0 = 1, 1: z1 = 1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
  %r = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [1, 1], [0, 0]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 1], [1, 1]>
}
