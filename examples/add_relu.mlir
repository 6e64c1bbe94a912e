// y = relu(x0 + x1) over a [s0, s1] float32 tensor.
builtin.module {
  ascir.graph @add_relu hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %x1 = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %l0 = ascir.load %x0 sched [z0, z1] {offset = #ascir.expr<0>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %l1 = ascir.load %x1 sched [z0, z1] {offset = #ascir.expr<0>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %sum = ascir.add %l0, %l1 sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %act = ascir.relu %sum sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %st = ascir.store %act sched [z0, z1] {offset = #ascir.expr<0>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  }
}
