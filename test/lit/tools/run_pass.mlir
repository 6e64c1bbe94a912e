// RUN: ascir-run %s --sizes s0=3,s1=100 --seed 7 | filecheck %s
// This test builds one kernel with g++ (one of the few lit tests that compile C++).

// ascir-run compiles the graph (autofuse, then g++ against the simulator), runs it on
// seeded random inputs and compares every output with the reference interpreter: a
// softmax row sum and a NaN-propagating maximum, both exact enough to PASS. The counters
// line shows the kernel really ran (DMA calls, vector instructions, VF calls).

// CHECK:      graph @run sizes {'s0': 3, 's1': 100}: block_dim {{[0-9]+}}, compiled in {{[0-9.]+}} s
// CHECK-NEXT:   output 0 (float32, 300 elements): max |error| {{.*}} (finite values), 0 mismatches (0 NaN, 0 inf)  PASS
// CHECK-NEXT:   output 1 (float32, 3 elements): max |error| {{.*}} (finite values), 0 mismatches (0 NaN, 0 inf)  PASS
// CHECK-NEXT:   counters: {{.*}}dma_calls={{[1-9][0-9]*}},{{.*}} vector_instructions={{[1-9][0-9]*}}, vf_calls={{[1-9][0-9]*}}
ascir.graph @run hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %mb = ascir.broadcast %m : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %d = ascir.sub %l, %mb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %e = ascir.exp %d : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.reduce_sum %e : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %sb = ascir.broadcast %s : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.div %e, %sb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st1 = ascir.store %m : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %o1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
}
