builtin.module {
  ascir.graph @dumped hint sizes [s0] axes [0: z0 = s0] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
    %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
    %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
    %s = ascir.store %e : !ascir.tensor<float32, [z0], [s0], [1]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  }
}
