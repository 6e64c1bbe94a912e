// RUN: ascir-opt %s --split-input-file -p schedule | filecheck %s

// What schedule rewrites and what it leaves: every UB tensor (loads, compute, stores,
// Arange) moves onto the merged loop axes with its vectorized layout, sched lists
// included; scalar-like nodes and the GM views (data, output, workspace) stay as written.

// Two outputs from one load, one through a scalar Add: one loop space, one merged axis.
// CHECK-LABEL: ascir.graph @two_outputs impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z0z1 = s0 * s1 merged(z0, z1)] {
// CHECK-NEXT:    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT:    %c = ascir.scalar {value = "1.5"} : !ascir.scalar<float32>
// CHECK-NEXT:    %l = ascir.load %x : !ascir.tensor<float32, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
// CHECK-NEXT:    %a = ascir.add %l, %c : !ascir.tensor<float32, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
// CHECK-NEXT:    %e = ascir.exp %l : !ascir.tensor<float32, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
// CHECK-NEXT:    %st0 = ascir.store %a : !ascir.tensor<float32, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
// CHECK-NEXT:    %y0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT:    %st1 = ascir.store %e : !ascir.tensor<float32, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
// CHECK-NEXT:    %y1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
ascir.graph @two_outputs hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %c = ascir.scalar {value = "1.5"} : !ascir.scalar<float32>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %a = ascir.add %l, %c : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st0 = ascir.store %a : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st1 = ascir.store %e : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A dense 2-D Arange is addressed like a GM view: contiguous, so it merges; its sched list
// is rewritten to the merged axis; the IndexExpr clamping it stays a scalar.
// CHECK-LABEL: ascir.graph @arange_clamp impl
// CHECK-NEXT:    %ie = ascir.index_expr {expr = #ascir.expr<s1 - 1>} : !ascir.scalar<int64>
// CHECK-NEXT:    %a = ascir.arange sched [z0z1] {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
// CHECK-NEXT:    %m = ascir.minimum %a, %ie sched [z0z1] : !ascir.tensor<int64, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
ascir.graph @arange_clamp hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %ie = ascir.index_expr {expr = #ascir.expr<s1 - 1>} : !ascir.scalar<int64>
  %a = ascir.arange sched [z0, z1] {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.minimum %a, %ie sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %m sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A padded 1-D Arange broadcast to the matrix (after normalize-arange-broadcast-views):
// size 1 on z1 in the Arange but full in the Broadcast, so z0 and z1 stay apart; the
// Arange keeps stride 0 and vectorized stride 0 on z1.
// CHECK-LABEL: ascir.graph @arange_row impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
// CHECK-NEXT:    %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0], vectorized [z1], [0]>
// CHECK-NEXT:    %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
ascir.graph @arange_row hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
  %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %b : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A workspace round trip: the workspace is a GM tensor and keeps its view; the load
// reading it back is a UB tensor on the merged axis.
// CHECK-LABEL: ascir.graph @workspace impl
// CHECK:         %st = ascir.store %l : !ascir.tensor<float32, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
// CHECK-NEXT:    %w = ascir.workspace %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT:    %b = ascir.load %w : !ascir.tensor<float32, [z0z1], [s0 * s1], [1], vectorized [z0z1], [1]>
ascir.graph @workspace hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.workspace %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st2 = ascir.store %b : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st2 {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
