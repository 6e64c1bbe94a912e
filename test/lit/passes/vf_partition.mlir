// RUN: not ascir-opt %s --split-input-file -p schedule,vf-partition 2>&1 | filecheck %s
// RUN: ascir-opt %s --split-input-file -p "schedule,vf-partition{enable=false}" 2>&1 | filecheck %s --check-prefix=OFF

// Mixed dtypes: loads and stores stay outside; loop_dtype is the widest compute dtype (AL-7).
// CHECK-LABEL: ascir.graph @mixed impl
// CHECK:       %l = ascir.load %x
// CHECK-NEXT:  %h_out = ascir.vf @vf_0 loop_dtype float32 (%l) {
// CHECK-NEXT:  ^bb0(%l_in: !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>):
// CHECK-NEXT:    %f = ascir.cast %l_in {vf = "ok"}
// CHECK-NEXT:    %e = ascir.exp %f {vf = "ok"}
// CHECK-NEXT:    %h = ascir.cast %e {vf = "ok"}
// CHECK-NEXT:    ascir.vf_yield %h
// CHECK-NEXT:  } : !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>
// CHECK-NEXT:  %st = ascir.store %h_out
// OFF-LABEL:   ascir.graph @mixed impl
// OFF-NOT:     ascir.vf
// OFF:         %st = ascir.store %h
ascir.graph @mixed hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1]>
  %f = ascir.cast %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %f : !ascir.tensor<float32, [z0], [s0], [1]>
  %h = ascir.cast %e : !ascir.tensor<float16, [z0], [s0], [1]>
  %st = ascir.store %h : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// Scalar-like inputs (IndexExpr, Scalar) enter as region inputs (FR7 value parameters);
// several outputs; a rejected node (floordiv) between two admitted ones splits the
// cluster, because one region holding %e and %sum would enclose a path through %q.
// CHECK-LABEL: ascir.graph @scalars_and_split impl
// CHECK:       %ie = ascir.index_expr
// CHECK:       %e_out, %m_out = ascir.vf @vf_0 loop_dtype int32 (%l, %ie) {
// CHECK-NEXT:  ^bb0(%l_in: !ascir.tensor<int32, [z0], [s0], [1], vectorized [z0], [1]>, %ie_in: !ascir.scalar<int32>):
// CHECK-NEXT:    %e = ascir.maximum %l_in, %ie_in {vf = "ok"}
// CHECK-NEXT:    %m = ascir.lt %e, %ie_in {vf = "ok"}
// CHECK-NEXT:    ascir.vf_yield %e, %m
// CHECK:       %q = ascir.floordiv %e_out, %l {vf = "rejected: ascir.floordiv has no register-level lowering (computed at memory level)"}
// CHECK-NEXT:  %sum_out = ascir.vf @vf_1 loop_dtype int32 (%e_out, %q) {
// CHECK:         %sum = ascir.add %e_out_in, %q_in {vf = "ok"}
// CHECK:       ascir.store %m_out
// CHECK:       ascir.store %sum_out
ascir.graph @scalars_and_split hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %ie = ascir.index_expr {expr = #ascir.expr<s0 * 2>} : !ascir.scalar<int32>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %e = ascir.maximum %l, %ie : !ascir.tensor<int32, [z0], [s0], [1]>
  %m = ascir.lt %e, %ie : !ascir.tensor<bool, [z0], [s0], [1]>
  %q = ascir.floordiv %e, %l : !ascir.tensor<int32, [z0], [s0], [1]>
  %sum = ascir.add %e, %q : !ascir.tensor<int32, [z0], [s0], [1]>
  %st0 = ascir.store %m : !ascir.tensor<bool, [z0], [s0], [1]>
  %y0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %st1 = ascir.store %sum : !ascir.tensor<int32, [z0], [s0], [1]>
  %y1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// An int64 compare whose bool result leaves the region has no 8:1 PACK store: the node
// is evicted with the reason; the compare feeding a select stays inside as a mask.
// CHECK-LABEL: ascir.graph @evicted impl
// CHECK:       %c = ascir.ge %a, %b {vf = "rejected: its bool result cannot leave a VF loop over int64 (no PACK store for a 8:1 slot)"}
// CHECK:       %w_out = ascir.vf @vf_0 loop_dtype int64 (%a, %b) {
// CHECK:         %c2 = ascir.gt %a_in, %b_in {vf = "ok"}
// CHECK-NEXT:    %w = ascir.where %c2, %a_in, %b_in {vf = "ok"}
ascir.graph @evicted hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
  %a = ascir.load %x : !ascir.tensor<int64, [z0], [s0], [1]>
  %x2 = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
  %b = ascir.load %x2 : !ascir.tensor<int64, [z0], [s0], [1]>
  %c = ascir.ge %a, %b : !ascir.tensor<bool, [z0], [s0], [1]>
  %c2 = ascir.gt %a, %b : !ascir.tensor<bool, [z0], [s0], [1]>
  %w = ascir.where %c2, %a, %b : !ascir.tensor<int64, [z0], [s0], [1]>
  %st0 = ascir.store %c : !ascir.tensor<bool, [z0], [s0], [1]>
  %y0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %st1 = ascir.store %w : !ascir.tensor<int64, [z0], [s0], [1]>
  %y1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
}

// -----

// Nodes of the in-tile reduction loop and nodes after the reduction are separate loop
// nests, so separate regions; the reduction itself runs at memory level.
// CHECK-LABEL: ascir.graph @reduce_nests impl
// CHECK:       %e_out = ascir.vf @vf_0 loop_dtype float32 (%l) {
// CHECK:       %s = ascir.reduce_sum %e_out
// CHECK:       %r_out = ascir.vf @vf_1 loop_dtype float32 (%s) {
ascir.graph @reduce_nests hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.reduce_sum %e : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %r = ascir.relu %s : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
}

// -----

// A VF loop nest has at most four vectorized axes (AL-5): fail before any rewrite.
// CHECK: error: vf-partition: ascir.exp %e: its tensor has 5 vectorized axes (a, b, c, d, e) but a VF loop nest has at most 4 (seed 000 AL-5)
ascir.graph @five_axes impl sizes [s0] axes [0: a = 2, 1: b = 2, 2: c = 2, 3: d = 2, 4: e = 2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1], vectorized [a, b, c, d, e], [16, 8, 4, 2, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [a, b, c, d, e], [2, 2, 2, 2, 2], [16, 8, 4, 2, 1], vectorized [a, b, c, d, e], [16, 8, 4, 2, 1]>
}
