// RUN: ascir-opt %s --split-input-file -p normalize-arange-broadcast-views | filecheck %s

// normalize-arange-broadcast-views, seed 000 FR8 / AL-2: a 1-D Arange feeding a Broadcast
// is padded to the Broadcast's axes. Its one varying axis keeps its size and gets stride 1
// at its position among the output axes; every other position gets size 1 / stride 0.
// dtype, base, step, the name and a sched list (rewritten to the output axes) are kept.

// A column index (the varying axis is the inner one), with a sched list and a reversed
// sequence (base s1 - 1, step -1).
// CHECK-LABEL: ascir.graph @pad_col hint
// CHECK-NEXT:    %a = ascir.arange sched [z0, z1] {base = #ascir.expr<s1 - 1>, step = #ascir.expr<-1>} : !ascir.tensor<int64, [z0, z1], [1, s1], [0, 1]>
// CHECK-NEXT:    %b = ascir.broadcast %a sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT:    %st = ascir.store %b
ascir.graph @pad_col hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %a = ascir.arange sched [z1] {base = #ascir.expr<s1 - 1>, step = #ascir.expr<-1>} : !ascir.tensor<int64, [z1], [s1], [1]>
  %b = ascir.broadcast %a sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %b sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// The middle axis of a 3-D Broadcast: degenerate on both sides; no sched list is added
// when the Arange had none.
// CHECK-LABEL: ascir.graph @pad_middle hint
// CHECK-NEXT:    %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1, z2], [1, 8, 1], [0, 1, 0]>
// CHECK-NEXT:    %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1, z2], [4, 8, 2], [16, 2, 1]>
ascir.graph @pad_middle hint sizes [] axes [0: z0 = 4, 1: z1 = 8, 2: z2 = 2] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z1], [8], [1]>
  %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1, z2], [4, 8, 2], [16, 2, 1]>
}

// -----

// The triu mask of seed 000: a row index and a column index, each broadcast to the
// matrix, compared. Both pairs are padded in one run; an Arange that feeds no Broadcast
// (%lone) is left as it is.
// CHECK-LABEL: ascir.graph @triu_mask hint
// CHECK-NEXT:    %r = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [s0, 1], [1, 0]>
// CHECK-NEXT:    %c = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [1, s1], [0, 1]>
// CHECK-NEXT:    %rb = ascir.broadcast %r
// CHECK-NEXT:    %cb = ascir.broadcast %c
// CHECK-NEXT:    %m = ascir.ge %rb, %cb
// CHECK:         %lone = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1], [s1], [1]>
ascir.graph @triu_mask hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %r = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s0], [1]>
  %c = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1], [s1], [1]>
  %rb = ascir.broadcast %r : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %cb = ascir.broadcast %c : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.ge %rb, %cb : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %m : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %lone = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1], [s1], [1]>
}

// -----

// A Broadcast output whose innermost axis has size 1 has stride 0 there (canonical
// strides): it is as contiguous as a stride 1 (found by the Arange fuzzer: refused before).
// CHECK-LABEL: ascir.graph @unit_inner hint
// CHECK-NEXT:    %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [1, 1], [0, 1]>
ascir.graph @unit_inner hint sizes [] axes [0: z0 = 1, 1: z1 = 1] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z1], [1], [1]>
  %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [1, 1], [0, 0]>
  %st = ascir.store %b : !ascir.tensor<int32, [z0, z1], [1, 1], [0, 0]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [1, 1], [0, 0]>
}
