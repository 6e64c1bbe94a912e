// RUN: ascir-opt %s -p "schedule,vf-partition{enable=false}" > %t.off
// RUN: filecheck %s < %t.off
// RUN: ascir-opt %s -p schedule | diff - %t.off

// vf-partition{enable=false} is the root-graph path: the scheduled graph is left exactly
// as schedule made it (the diff above) -- no regions and no admission marks, even on
// nodes that would be admitted.

// CHECK-LABEL: ascir.graph @add_relu impl
// CHECK-NOT:     ascir.vf
// CHECK-NOT:     vf =
// CHECK:         %sum = ascir.add %l0, %l1 : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
// CHECK-NEXT:    %act = ascir.relu %sum : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
// CHECK-NEXT:    %st = ascir.store %act
ascir.graph @add_relu hint sizes [s0] axes [0: z0 = s0] {
  %x0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %x1 = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l0 = ascir.load %x0 : !ascir.tensor<float32, [z0], [s0], [1]>
  %l1 = ascir.load %x1 : !ascir.tensor<float32, [z0], [s0], [1]>
  %sum = ascir.add %l0, %l1 : !ascir.tensor<float32, [z0], [s0], [1]>
  %act = ascir.relu %sum : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %act : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
