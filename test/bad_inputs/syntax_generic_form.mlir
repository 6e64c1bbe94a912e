// Bad input: a node in MLIR generic form with a wrong result dtype (the diagnostic must still be located).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = "ascir.exp"(%l) : (!ascir.tensor<float32, [z0], [s0], [1]>) -> !ascir.tensor<float32, [z0], [s0], [1]>
  %z = "ascir.exp"(%l) : (!ascir.tensor<float32, [z0], [s0], [1]>) -> !ascir.tensor<float16, [z0], [s0], [1]>
}
