// RUN: ascir-opt %s -p schedule,vf-partition | filecheck %s

// vf-partition on softmax (DS-3, passes/phases.py): a VF region never spans two passes
// over the reduced axis. Softmax has two reduction levels, so its admitted nodes form two
// regions: broadcast-sub-exp of level 1 (after the max) and broadcast-div of level 2
// (after the sum). The reductions stay outside at memory level; region inputs are the
// values crossing the boundary, in first-use order, named <value>_in inside and
// <value>_out outside.

// CHECK-LABEL: ascir.graph @softmax impl
// CHECK:         %l = ascir.load %x
// CHECK-NEXT:    %m = ascir.reduce_max %l {vf = "rejected: reductions use the memory-level Reduce APIs"}
// CHECK-NEXT:    %e_out = ascir.vf @vf_0 loop_dtype float32 (%m, %l) {
// CHECK-NEXT:    ^bb0(%m_in: !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0], vectorized [z1], [0]>, %l_in: !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>):
// CHECK-NEXT:      %mb = ascir.broadcast %m_in {vf = "ok"}
// CHECK-NEXT:      %d = ascir.sub %l_in, %mb {vf = "ok"}
// CHECK-NEXT:      %e = ascir.exp %d {vf = "ok"}
// CHECK-NEXT:      ascir.vf_yield %e
// CHECK-NEXT:    } : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %s = ascir.reduce_sum %e_out {vf = "rejected: reductions use the memory-level Reduce APIs"}
// CHECK-NEXT:    %y_out = ascir.vf @vf_1 loop_dtype float32 (%s, %e_out) {
// CHECK-NEXT:    ^bb0(%s_in: {{.*}}, %e_out_in: {{.*}}):
// CHECK-NEXT:      %sb = ascir.broadcast %s_in {vf = "ok"}
// CHECK-NEXT:      %y = ascir.div %e_out_in, %sb {vf = "ok"}
// CHECK-NEXT:      ascir.vf_yield %y
// CHECK-NEXT:    }
// CHECK-NEXT:    %st = ascir.store %y_out
// CHECK-NOT:     ascir.vf @
ascir.graph @softmax hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
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
}
