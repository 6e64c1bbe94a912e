// Bad input: ascir.cast whose result view differs from its operand.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.cast %l : !ascir.tensor<float16, [z0], [4], [1]>
}
