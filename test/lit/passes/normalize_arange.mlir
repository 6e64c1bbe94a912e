// RUN: not ascir-opt %s --split-input-file -p normalize-arange-broadcast-views 2>&1 | filecheck %s

// A 1-D Arange is padded with degenerate axes at the Broadcast output's positions (AL-2).
// CHECK-LABEL: ascir.graph @pad_row
// CHECK:       %a = ascir.arange sched [z0, z1] {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
// CHECK-NEXT:  %b = ascir.broadcast %a
ascir.graph @pad_row hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %a = ascir.arange sched [z0] {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
  %b = ascir.broadcast %a sched [z0, z1] : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// Pattern B (trailing degenerate [4, 1] / [1, 0]) of the Broadcast's rank passes through.
// CHECK-LABEL: ascir.graph @pattern_b
// CHECK:       %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [4, 1], [1, 0]>
ascir.graph @pattern_b hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [4, 1], [1, 0]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1], [4, 8], [8, 1]>
}

// -----

// A lower-rank Arange is padded only from exactly one varying axis (AL-2).
// CHECK: error: normalize-arange-broadcast-views: Normalize explicit Arange Broadcast views failed: ascir.arange %a: needs exactly one non-degenerate axis, found 2
ascir.graph @two_varying hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8, 2: z2 = 2] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1, z2], [8, 2], [2, 1]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1, z2], [4, 8, 2], [16, 2, 1]>
}

// -----

// Same-rank views pass through unchanged, several varying axes and any strides included
// (AL-1; the 3-D linear combination of degenerate_arange_add_3d).
// CHECK-LABEL: ascir.graph @same_rank
// CHECK:       %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1, z2], [4, 1, 2], [2, 0, 1]>
ascir.graph @same_rank hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8, 2: z2 = 2] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1, z2], [4, 1, 2], [2, 0, 1]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1, z2], [4, 8, 2], [16, 2, 1]>
}

// -----

// CHECK: error: normalize-arange-broadcast-views: Normalize explicit Arange Broadcast views failed: ascir.arange %a: the varying axis 'z0' has stride 2, expected 1
ascir.graph @stride2 hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [4], [2]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1], [4, 8], [8, 1]>
}

// -----

// CHECK: error: normalize-arange-broadcast-views: Normalize explicit Arange Broadcast views failed: ascir.arange %a: an Arange feeding a Broadcast must have no other users (2 users)
ascir.graph @shared hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [4, 1], [1, 0]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1], [4, 8], [8, 1]>
  %s = ascir.store %a : !ascir.tensor<int64, [z0, z1], [4, 1], [1, 0]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<int64, [z0, z1], [4, 1], [1, 0]>
}
