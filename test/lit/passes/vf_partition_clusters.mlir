// RUN: ascir-opt %s --split-input-file -p schedule,vf-partition | filecheck %s

// How vf-partition clusters admitted nodes: connected through operands, in program
// order, and convex (no path leaves a region and comes back into it).

// A diamond with a memory-level node (TrueDiv) on one side: exp and relu share a region
// (relu does not depend on the TrueDiv), the Add that joins both sides cannot join them
// (the path exp -> truediv -> add would leave and re-enter) and gets a region of its own.
// CHECK-LABEL: ascir.graph @diamond impl
// CHECK:         %e_out, %r_out = ascir.vf @vf_0 loop_dtype float32 (%l) {
// CHECK:           %e = ascir.exp %l_in
// CHECK-NEXT:      %r = ascir.relu %e
// CHECK-NEXT:      ascir.vf_yield %e, %r
// CHECK:         %q = ascir.truediv %e_out, %l {vf = "rejected: ascir.truediv has no register-level lowering (computed at memory level)"}
// CHECK-NEXT:    %s_out = ascir.vf @vf_1 loop_dtype float32 (%q, %r_out) {
// CHECK:           %s = ascir.add %q_in, %r_out_in
ascir.graph @diamond hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %q = ascir.truediv %e, %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %r = ascir.relu %e : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.add %q, %r : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %s : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Two independent chains of different dtypes are two regions, each with its own
// loop_dtype (int8 has a register Abs; int64 a register Neg).
// CHECK-LABEL: ascir.graph @independent impl
// CHECK:         %a_out = ascir.vf @vf_0 loop_dtype int8 (%l) {
// CHECK:         %b_out = ascir.vf @vf_1 loop_dtype int64 (%k) {
ascir.graph @independent hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int8, [z0], [s0], [1]>
  %y0 = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int8, [z0], [s0], [1]>
  %k = ascir.load %y0 : !ascir.tensor<int64, [z0], [s0], [1]>
  %a = ascir.abs %l : !ascir.tensor<int8, [z0], [s0], [1]>
  %b = ascir.neg %k : !ascir.tensor<int64, [z0], [s0], [1]>
  %st0 = ascir.store %a : !ascir.tensor<int8, [z0], [s0], [1]>
  %o0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<int8, [z0], [s0], [1]>
  %st1 = ascir.store %b : !ascir.tensor<int64, [z0], [s0], [1]>
  %o1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
}

// -----

// Widening chain int8 -> float16 -> float32: the casts' elements are 1 to 4 bytes wide, more
// than the 2x one VF may span (target.vf_limits, Autofuse kMaxBitWidthGap), so the chain
// becomes two regions: int8 -> float16 (loop dtype float16, a 2:1 UNPACK), then the rest.
// CHECK-LABEL: ascir.graph @widening impl
// CHECK:         %h_out = ascir.vf @vf_0 loop_dtype float16 (%l) {
// CHECK-NEXT:    ^bb0(%l_in: !ascir.tensor<int8,
// CHECK-NEXT:      %h = ascir.cast %l_in {vf = "ok"}
// CHECK-NEXT:      ascir.vf_yield %h
// CHECK:         %e_out = ascir.vf @vf_1 loop_dtype float32 (%h_out) {
// CHECK-NEXT:    ^bb0(%h_out_in: !ascir.tensor<float16,
// CHECK-NEXT:      %f = ascir.cast %h_out_in {vf = "ok"}
// CHECK-NEXT:      %e = ascir.exp %f {vf = "ok"}
ascir.graph @widening hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int8, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int8, [z0], [s0], [1]>
  %h = ascir.cast %l : !ascir.tensor<float16, [z0], [s0], [1]>
  %f = ascir.cast %h : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %f : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %e : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An Arange inside a region (Reg::Arange), with an IndexExpr offset as a value
// parameter. Inputs are in first-use order: %off (used by %b) before %l (used by %s).
// CHECK-LABEL: ascir.graph @arange impl
// CHECK:         %s_out = ascir.vf @vf_0 loop_dtype int32 (%off, %l) {
// CHECK-NEXT:    ^bb0(%off_in: !ascir.scalar<int32>, %l_in: {{.*}}):
// CHECK-NEXT:      %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<2>, vf = "ok"}
// CHECK-NEXT:      %b = ascir.add %a, %off_in {vf = "ok"}
// CHECK-NEXT:      %s = ascir.add %l_in, %b {vf = "ok"}
ascir.graph @arange hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %off = ascir.index_expr {expr = #ascir.expr<s0 * 3>} : !ascir.scalar<int32>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<2>} : !ascir.tensor<int32, [z0], [s0], [1]>
  %b = ascir.add %a, %off : !ascir.tensor<int32, [z0], [s0], [1]>
  %s = ascir.add %l, %b : !ascir.tensor<int32, [z0], [s0], [1]>
  %st = ascir.store %s : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// Two clusters that are each convex can still need each other first: %a1 feeds %b1 (through
// a memory-level TrueDiv) and %b2 feeds %a2 (through another). Counting the region of %b1,
// %b2, %b3 as one node, %a2 joining %a1 would close the cycle a1 -> q1 -> B -> q2 -> a2, so
// %a2 gets a region of its own and the graph stays in topological order.
// CHECK-LABEL: ascir.graph @regions_as_nodes impl
// CHECK:         %a1_out = ascir.vf @vf_0 loop_dtype float32 (%l) {
// CHECK:         %q1 = ascir.truediv %a1_out, %l
// CHECK:         %b2_out, %b3_out = ascir.vf @vf_1 loop_dtype float32 (%l, %q1) {
// CHECK:           %b2 = ascir.relu %l_in
// CHECK-NEXT:      %b1 = ascir.neg %q1_in
// CHECK-NEXT:      %b3 = ascir.add %b1, %b2
// CHECK:         %q2 = ascir.truediv %b2_out, %l
// CHECK-NEXT:    %s_out = ascir.vf @vf_2 loop_dtype float32 (%a1_out, %q2, %b3_out) {
// CHECK:           %a2 = ascir.add %a1_out_in, %q2_in
ascir.graph @regions_as_nodes hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %a1 = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %b2 = ascir.relu %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %q1 = ascir.truediv %a1, %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %b1 = ascir.neg %q1 : !ascir.tensor<float32, [z0], [s0], [1]>
  %b3 = ascir.add %b1, %b2 : !ascir.tensor<float32, [z0], [s0], [1]>
  %q2 = ascir.truediv %b2, %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %a2 = ascir.add %a1, %q2 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.add %a2, %b3 : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %s : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
