// RUN: ascir-opt %s --split-input-file --verify-diagnostics -p normalize-arange-broadcast-views | filecheck %s

// normalize-arange-broadcast-views fails closed: a 1-D Arange is padded only when the
// padding is exact (seed 000 AL-2), otherwise the pass stops with "Normalize explicit
// Arange Broadcast views failed: <reason>" and rewrites nothing. These errors name the
// Arange but carry no file location.

// The varying axis must have stride 1 (a symbolic stride is not provably 1).
// CHECK: error: normalize-arange-broadcast-views: Normalize explicit Arange Broadcast views failed: ascir.arange %a: the varying axis 'z0' has stride s1, expected 1
ascir.graph @symbolic_stride hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s0], [s1]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// The Broadcast output must be dense in its innermost axis.
// CHECK: error: normalize-arange-broadcast-views: Normalize explicit Arange Broadcast views failed: ascir.arange %a: the Broadcast output's innermost stride is 4, expected 1
ascir.graph @inner_stride hint sizes [] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [4], [1]>
  %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [4, 8], [32, 4]>
}

// -----

// A lower-rank Arange with two varying axes cannot be placed (which axis goes where?).
// CHECK: error: normalize-arange-broadcast-views: Normalize explicit Arange Broadcast views failed: ascir.arange %a: needs exactly one non-degenerate axis, found 2
ascir.graph @two_varying hint sizes [] axes [0: z0 = 4, 1: z1 = 8, 2: z2 = 2] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1, z2], [8, 2], [2, 1]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1, z2], [4, 8, 2], [16, 2, 1]>
}

// -----

// An Arange feeding a Broadcast has no other user: rewriting its view would change what
// the other user reads.
// CHECK: error: normalize-arange-broadcast-views: Normalize explicit Arange Broadcast views failed: ascir.arange %a: an Arange feeding a Broadcast must have no other users (2 users)
ascir.graph @shared hint sizes [] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [4], [1]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, z1], [4, 8], [8, 1]>
  %n = ascir.neg %a : !ascir.tensor<int64, [z0], [4], [1]>
}

// -----

// Every pair is checked before any is rewritten: the paddable pair %ok comes first, yet
// the pass fails on %bad (stride 2) as a whole.
// CHECK: error: normalize-arange-broadcast-views: Normalize explicit Arange Broadcast views failed: ascir.arange %bad: the varying axis 'z1' has stride 2, expected 1
ascir.graph @fail_closed hint sizes [] axes [0: z0 = 4, 1: z1 = 8] {
  %ok = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [4], [1]>
  %okb = ascir.broadcast %ok : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
  %bad = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z1], [8], [2]>
  %badb = ascir.broadcast %bad : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
}

// -----

// The verifier refuses the cases the pass would refuse too (a rank above the Broadcast's,
// axes out of order) before the pass runs, at the Broadcast.
// CHECK: normalize_arange_errors.mlir:[[# @LINE + 3]]:24: error: ascir.broadcast %b: operand axes ['z0', 'z2'] must appear in the same order among the result axes ['z0', 'z1']
ascir.graph @axes_differ hint sizes [] axes [0: z0 = 4, 1: z1 = 8, 2: z2 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z2], [4, 1], [1, 0]>
  %b = ascir.broadcast %a : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
}
