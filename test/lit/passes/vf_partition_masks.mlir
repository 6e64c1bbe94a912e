// RUN: ascir-opt %s --split-input-file -p schedule,vf-partition | filecheck %s

// Masks in VF regions: a compare produces a bool (a mask register inside the VF); a
// Where/Select consuming it stays in the same region; the bool leaves the region only
// when something outside uses it (here a store: a bool output).

// A threshold mask, used by the Where and stored: both are region results, in member
// order. The scalar threshold enters once, as a region input, and feeds both the compare
// (its second input, AL-9) and the Broadcast.
// CHECK-LABEL: ascir.graph @threshold impl
// CHECK:         %gt_out, %w_out = ascir.vf @vf_0 loop_dtype float16 (%l, %t) {
// CHECK-NEXT:    ^bb0(%l_in: !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>, %t_in: !ascir.scalar<float16>):
// CHECK-NEXT:      %gt = ascir.gt %l_in, %t_in {vf = "ok"} : !ascir.tensor<bool,
// CHECK-NEXT:      %z = ascir.broadcast %t_in {vf = "ok"}
// CHECK-NEXT:      %w = ascir.where %gt, %l_in, %z {vf = "ok"}
// CHECK-NEXT:      ascir.vf_yield %gt, %w
// CHECK-NEXT:    } : !ascir.tensor<bool, [z0], [s0], [1], vectorized [z0], [1]>, !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>
// CHECK-NEXT:    %st0 = ascir.store %w_out
// CHECK:         %st1 = ascir.store %gt_out
ascir.graph @threshold hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %t = ascir.scalar {value = "0.5"} : !ascir.scalar<float16>
  %l = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1]>
  %gt = ascir.gt %l, %t : !ascir.tensor<bool, [z0], [s0], [1]>
  %z = ascir.broadcast %t : !ascir.tensor<float16, [z0], [s0], [1]>
  %w = ascir.where %gt, %l, %z : !ascir.tensor<float16, [z0], [s0], [1]>
  %st0 = ascir.store %w : !ascir.tensor<float16, [z0], [s0], [1]>
  %y0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %st1 = ascir.store %gt : !ascir.tensor<bool, [z0], [s0], [1]>
  %y1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// A mask read from GM (uint8) selecting between two float32 tensors: the uint8 input
// enters a float32 loop by a 4:1 UNPACK load, so the Select is admitted. The mask used
// only inside the region is not a result.
// CHECK-LABEL: ascir.graph @gm_mask impl
// CHECK:         %r_out = ascir.vf @vf_0 loop_dtype float32 (%ml, %al, %bl) {
// CHECK-NEXT:    ^bb0(%ml_in: !ascir.tensor<uint8,
// CHECK-NEXT:      %s = ascir.select %ml_in, %al_in, %bl_in {vf = "ok"}
// CHECK-NEXT:      %r = ascir.relu %s {vf = "ok"}
// CHECK-NEXT:      ascir.vf_yield %r
ascir.graph @gm_mask hint sizes [s0] axes [0: z0 = s0] {
  %m = ascir.data {index = 0 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
  %a = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %ml = ascir.load %m : !ascir.tensor<uint8, [z0], [s0], [1]>
  %al = ascir.load %a : !ascir.tensor<float32, [z0], [s0], [1]>
  %bl = ascir.load %b : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.select %ml, %al, %bl : !ascir.tensor<float32, [z0], [s0], [1]>
  %r = ascir.relu %s : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// The same mask over int64 data: a uint8 tensor cannot enter an int64 loop (8:1 has no
// UNPACK distribution), so the Select is evicted with the reason and the clustering is
// redone without it: the Neg it reads is a region of its own.
// CHECK-LABEL: ascir.graph @int64_mask impl
// CHECK:         %n_out = ascir.vf @vf_0 loop_dtype int64 (%al) {
// CHECK:           %n = ascir.neg %al_in {vf = "ok"}
// CHECK:         %w = ascir.where %ml, %n_out, %al {vf = "rejected: its uint8 input %ml cannot enter a VF loop over int64 (no UNPACK load for a 8:1 slot)"}
// CHECK-NEXT:    %st = ascir.store %w
ascir.graph @int64_mask hint sizes [s0] axes [0: z0 = s0] {
  %m = ascir.data {index = 0 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
  %a = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
  %ml = ascir.load %m : !ascir.tensor<uint8, [z0], [s0], [1]>
  %al = ascir.load %a : !ascir.tensor<int64, [z0], [s0], [1]>
  %n = ascir.neg %al : !ascir.tensor<int64, [z0], [s0], [1]>
  %w = ascir.where %ml, %n, %al : !ascir.tensor<int64, [z0], [s0], [1]>
  %st = ascir.store %w : !ascir.tensor<int64, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
}
