// RUN: ascir-opt %s --split-input-file -p schedule,vf-partition | filecheck %s

// Narrow kept values -- one per row, like a mean or a row's Arange position -- join the
// dense region they feed (issue 36): the region computes them once per call, before its
// loop, instead of a VF call of their own per row. Only where no other node needs them
// (they are never stored from a dense loop) and they compute in the loop's register width.

// LayerNorm's tail: mean = sum / n joins the region that subtracts it, and the variance's
// eps and rsqrt join the region that scales by it: two dense regions, no narrow one.
// CHECK-LABEL: ascir.graph @norm impl
// CHECK:         %d_out, %sq_out = ascir.vf @vf_0 loop_dtype float32 (%s, %n, %l) {
// CHECK:           %m = ascir.mul %s_in, %n_in {vf = "ok"} : !ascir.tensor<float32, [z0, z1], [s0, 1]
// CHECK-NEXT:      %mb = ascir.broadcast %m {vf = "ok"}
// CHECK-NEXT:      %d = ascir.sub %l_in, %mb {vf = "ok"}
// CHECK-NEXT:      %sq = ascir.mul %d, %d {vf = "ok"}
// CHECK:         %v = ascir.reduce_sum %sq_out
// CHECK:         %y_out = ascir.vf @vf_1 loop_dtype float32 (%v, %n, %eps, %d_out) {
// CHECK:           %vm = ascir.mul %v_in, %n_in {vf = "ok"} : !ascir.tensor<float32, [z0, z1], [s0, 1]
// CHECK-NEXT:      %ve = ascir.add %vm, %eps_in {vf = "ok"} : !ascir.tensor<float32, [z0, z1], [s0, 1]
// CHECK-NEXT:      %r = ascir.rsqrt %ve {vf = "ok"} : !ascir.tensor<float32, [z0, z1], [s0, 1]
// CHECK-NEXT:      %rb = ascir.broadcast %r {vf = "ok"}
// CHECK-NEXT:      %y = ascir.mul %d_out_in, %rb {vf = "ok"}
// CHECK-NEXT:      ascir.vf_yield %y
// CHECK-NOT:     ascir.vf @
ascir.graph @norm hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %n = ascir.scalar {value = "0.0078125"} : !ascir.scalar<float32>
  %eps = ascir.scalar {value = "1e-5"} : !ascir.scalar<float32>
  %s = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %m = ascir.mul %s, %n : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %mb = ascir.broadcast %m : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %d = ascir.sub %l, %mb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %sq = ascir.mul %d, %d : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %v = ascir.reduce_sum %sq : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %vm = ascir.mul %v, %n : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %ve = ascir.add %vm, %eps : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %r = ascir.rsqrt %ve : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %rb = ascir.broadcast %r : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.mul %d, %rb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// The mean is also stored (a narrow output: a dense loop would store it once per lane
// group): it stays a narrow region of its own. The rsqrt, read by two dense nodes of one
// region, joins that region.
// CHECK-LABEL: ascir.graph @shared impl
// CHECK:         %m_out = ascir.vf @vf_0 loop_dtype float32 (%s, %n) {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      %m = ascir.mul %s_in, %n_in
// CHECK-NEXT:      ascir.vf_yield %m
// CHECK:         %y1_out, %y2_out = ascir.vf @vf_1 loop_dtype float32 (%m_out, %l, %s, %t) {
// CHECK:           %r = ascir.rsqrt %s_in
ascir.graph @shared hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %n = ascir.scalar {value = "0.0078125"} : !ascir.scalar<float32>
  %s = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %m = ascir.mul %s, %n : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %mst = ascir.store %m : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %mo = ascir.output %mst {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %mb = ascir.broadcast %m : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %d = ascir.sub %l, %mb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.rsqrt %s : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %rb = ascir.broadcast %r : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y1 = ascir.mul %d, %rb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %t = ascir.truediv %e, %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y2 = ascir.mul %t, %rb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st1 = ascir.store %y1 : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st2 = ascir.store %y2 : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o2 = ascir.output %st2 {index = 2 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A narrow value of another register width stays out: the row's float16 value does not
// join the float32 loop that reads it (its register would hold twice the lanes).
// CHECK-LABEL: ascir.graph @width impl
// CHECK:         %h_out = ascir.vf @vf_0 loop_dtype float32 (%s) {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      %h = ascir.cast %s_in
// CHECK-NEXT:      ascir.vf_yield %h
// CHECK:         %y_out = ascir.vf @vf_1 loop_dtype float32 (%h_out, %l) {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      %hb = ascir.broadcast %h_out_in
ascir.graph @width hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %h = ascir.cast %s : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
  %hb = ascir.broadcast %h : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %hf = ascir.cast %hb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.add %l, %hf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A weight row broadcast to every row (an outer-axis Broadcast of a loaded row, pass 0)
// joins the normalisation's region (pass 1): inside it the Broadcast is its input's load,
// where on its own it was a VF copying the row for every row.
// CHECK-LABEL: ascir.graph @weight impl
// CHECK:         %y_out = ascir.vf @vf_0 loop_dtype float32 (%lw, %s, %l) {
// CHECK:           %wb = ascir.broadcast %lw_in {vf = "ok"}
// CHECK:           %y = ascir.mul %d, %wb {vf = "ok"}
// CHECK-NOT:     ascir.vf @
ascir.graph @weight hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %lw = ascir.load %w : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %wb = ascir.broadcast %lw : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %sb = ascir.broadcast %s : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %d = ascir.sub %l, %sb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.mul %d, %wb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
