// RUN: ascir-opt %s --split-input-file -p narrow-index-compares | filecheck %s

// Positions compared with positions compute in int32 (issue 36): both int64 Aranges of a
// causal mask, and their Broadcasts, become int32; each Arange is range_checked (host
// tiling and the reference refuse sizes at which its values leave int32).
// CHECK-LABEL: ascir.graph @causal hint
// CHECK:         %q = ascir.arange {base = #ascir.expr<p>, range_checked, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [s, 1], [1, 0]>
// CHECK-NEXT:    %k = ascir.arange {base = #ascir.expr<0>, range_checked, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [1, p + s], [0, 1]>
// CHECK-NEXT:    %qb = ascir.broadcast %q : !ascir.tensor<int32, [z0, z1], [s, p + s], [p + s, 1]>
// CHECK-NEXT:    %kb = ascir.broadcast %k : !ascir.tensor<int32, [z0, z1], [s, p + s], [p + s, 1]>
// CHECK-NEXT:    %m = ascir.gt %kb, %qb : !ascir.tensor<bool,
ascir.graph @causal hint sizes [s, p] axes [0: z0 = s, 1: z1 = p + s] {
  %q = ascir.arange {base = #ascir.expr<p>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [s, 1], [1, 0]>
  %k = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [1, p + s], [0, 1]>
  %qb = ascir.broadcast %q : !ascir.tensor<int64, [z0, z1], [s, p + s], [p + s, 1]>
  %kb = ascir.broadcast %k : !ascir.tensor<int64, [z0, z1], [s, p + s], [p + s, 1]>
  %m = ascir.gt %kb, %qb : !ascir.tensor<bool, [z0, z1], [s, p + s], [p + s, 1]>
  %st = ascir.store %m : !ascir.tensor<bool, [z0, z1], [s, p + s], [p + s, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s, p + s], [p + s, 1]>
}

// -----

// A position compared with a constant length that fits int32: both int32 (the constant
// needs no check); a constant past int32 leaves its comparison as it is.
// CHECK-LABEL: ascir.graph @length hint
// CHECK:         %k = ascir.arange {base = #ascir.expr<0>, range_checked, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s], [1]>
// CHECK-NEXT:    %n = ascir.scalar {value = "5"} : !ascir.scalar<int32>
// CHECK-NEXT:    %m = ascir.lt %k, %n
// CHECK:         %k2 = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s], [1]>
// CHECK-NEXT:    %big = ascir.scalar {value = "4294967296"} : !ascir.scalar<int64>
ascir.graph @length hint sizes [s] axes [0: z0 = s] {
  %k = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s], [1]>
  %n = ascir.scalar {value = "5"} : !ascir.scalar<int64>
  %m = ascir.lt %k, %n : !ascir.tensor<bool, [z0], [s], [1]>
  %k2 = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s], [1]>
  %big = ascir.scalar {value = "4294967296"} : !ascir.scalar<int64>
  %m2 = ascir.lt %k2, %big : !ascir.tensor<bool, [z0], [s], [1]>
  %st = ascir.store %m : !ascir.tensor<bool, [z0], [s], [1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<bool, [z0], [s], [1]>
  %st2 = ascir.store %m2 : !ascir.tensor<bool, [z0], [s], [1]>
  %o2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<bool, [z0], [s], [1]>
}

// -----

// Left as they are: a position also read by arithmetic (%q is stored, its int64 values
// matter), and a position compared with a loaded index (no range to check).
// CHECK-LABEL: ascir.graph @kept hint
// CHECK-NOT:     range_checked
// CHECK-NOT:     int32
ascir.graph @kept hint sizes [s] axes [0: z0 = s] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int64, [z0], [s], [1]>
  %l = ascir.load %x : !ascir.tensor<int64, [z0], [s], [1]>
  %q = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<2>} : !ascir.tensor<int64, [z0], [s], [1]>
  %k = ascir.arange {base = #ascir.expr<1>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s], [1]>
  %q2 = ascir.add %q, %q : !ascir.tensor<int64, [z0], [s], [1]>
  %m = ascir.lt %k, %q : !ascir.tensor<bool, [z0], [s], [1]>
  %k2 = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s], [1]>
  %m2 = ascir.le %k2, %l : !ascir.tensor<bool, [z0], [s], [1]>
  %st = ascir.store %m : !ascir.tensor<bool, [z0], [s], [1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<bool, [z0], [s], [1]>
  %st2 = ascir.store %q2 : !ascir.tensor<int64, [z0], [s], [1]>
  %o2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<int64, [z0], [s], [1]>
  %st3 = ascir.store %m2 : !ascir.tensor<bool, [z0], [s], [1]>
  %o3 = ascir.output %st3 {index = 2 : i64} : !ascir.tensor<bool, [z0], [s], [1]>
}
