// Bad input: ascir.reduce_argmax whose result is the operand's float dtype (an index is
// int32 or int64).
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_argmax %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}
