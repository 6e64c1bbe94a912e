// RUN: ascir-opt %s --split-input-file -p normalize-arange-broadcast-views | filecheck %s
// RUN: ascir-opt %s --split-input-file -p normalize-arange-broadcast-views | ascir-opt --split-input-file -p normalize-arange-broadcast-views | filecheck %s

// normalize-arange-broadcast-views, seed 000 AL-1: an Arange view of the Broadcast's rank
// passes through unchanged, whatever its degenerate (size 1, stride 0) and varying axes;
// the pass is idempotent (second RUN line: a normalized graph is a fixpoint).

// Pattern A (leading degenerate axis, [1, 8] / [0, 1]) and pattern B (trailing, [4, 1] /
// [1, 0]) of the same graph.
// CHECK-LABEL: ascir.graph @patterns hint
// CHECK-NEXT:    %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [1, 8], [0, 1]>
// CHECK-NEXT:    %b = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 1], [1, 0]>
// CHECK-NEXT:    %ab = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
// CHECK-NEXT:    %bb = ascir.broadcast %b : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
// CHECK-NEXT:    %s = ascir.add %ab, %bb
ascir.graph @patterns hint sizes [] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [1, 8], [0, 1]>
  %b = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 1], [1, 0]>
  %ab = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
  %bb = ascir.broadcast %b : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
  %s = ascir.add %ab, %bb : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
  %st = ascir.store %s : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
}

// -----

// A same-rank view with two varying axes and a non-unit stride (a linear combination
// 2 * i0 + i2 over a 3-D broadcast) also passes through: only a lower-rank Arange must
// have exactly one varying axis.
// CHECK-LABEL: ascir.graph @linear_3d hint
// CHECK-NEXT:    %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1, z2], [4, 1, 2], [2, 0, 1]>
// CHECK-NEXT:    %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1, z2], [4, 8, 2], [16, 2, 1]>
ascir.graph @linear_3d hint sizes [] axes [0: z0 = 4, 1: z1 = 8, 2: z2 = 2] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1, z2], [4, 1, 2], [2, 0, 1]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1, z2], [4, 8, 2], [16, 2, 1]>
}

// -----

// An Arange read directly (no Broadcast) is not the pass's business, even when it is
// used twice.
// CHECK-LABEL: ascir.graph @no_broadcast hint
// CHECK-NEXT:    %a = ascir.arange {base = #ascir.expr<s0>, step = #ascir.expr<2>} : !ascir.tensor<int32, [z0], [s0], [1]>
// CHECK-NEXT:    %d = ascir.add %a, %a
ascir.graph @no_broadcast hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<s0>, step = #ascir.expr<2>} : !ascir.tensor<int32, [z0], [s0], [1]>
  %d = ascir.add %a, %a : !ascir.tensor<int32, [z0], [s0], [1]>
  %st = ascir.store %d : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}
