// RUN: ascir-opt %s --split-input-file -p fold-constant-casts | filecheck %s

// Seed 000 FR12: the Cast of a broadcast constant becomes the broadcast of the converted
// constant (float 2.75 -> int32 truncates to 2); the unused float Broadcast and Scalar go.
// CHECK-LABEL: ascir.graph @fold
// CHECK-NOT:     ascir.cast
// CHECK-NOT:     "2.75"
// CHECK:         %c_int32 = ascir.scalar {value = "2"} : !ascir.scalar<int32>
// CHECK-NEXT:    %ci = ascir.broadcast %c_int32 : !ascir.tensor<int32, [z0], [s0], [1]>
// CHECK-NEXT:    %r = ascir.add %l, %ci
ascir.graph @fold hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "2.75"} : !ascir.scalar<float32>
  %cb = ascir.broadcast %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %ci = ascir.cast %cb : !ascir.tensor<int32, [z0], [s0], [1]>
  %r = ascir.add %l, %ci : !ascir.tensor<int32, [z0], [s0], [1]>
  %st = ascir.store %r : !ascir.tensor<int32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// The float Broadcast has another user: it stays, the Cast still folds. float32 -> float16
// rounds to the nearest half (0.1 -> 0.0999755859375).
// CHECK-LABEL: ascir.graph @shared
// CHECK:         %c = ascir.scalar {value = "0.1"} : !ascir.scalar<float32>
// CHECK-NEXT:    %cb = ascir.broadcast %c
// CHECK:         %c_float16 = ascir.scalar {value = "0.0999755859375"} : !ascir.scalar<float16>
// CHECK-NEXT:    %ch = ascir.broadcast %c_float16 : !ascir.tensor<float16, [z0], [s0], [1]>
// CHECK-NOT:     ascir.cast
ascir.graph @shared hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "0.1"} : !ascir.scalar<float32>
  %cb = ascir.broadcast %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %ch = ascir.cast %cb : !ascir.tensor<float16, [z0], [s0], [1]>
  %a = ascir.add %l, %cb : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %a : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %st2 = ascir.store %ch : !ascir.tensor<float16, [z0], [s0], [1]>
  %y2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// Not folded: a bool Cast (a compare of the constant with 0), a conversion that overflows
// to inf (70000.0 has no float16 literal), a Cast of a runtime value.
// CHECK-LABEL: ascir.graph @kept
// CHECK:         ascir.cast %bb : !ascir.tensor<bool
// CHECK:         ascir.cast %hb : !ascir.tensor<float16
// CHECK:         ascir.cast %l : !ascir.tensor<float16
ascir.graph @kept hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.scalar {value = "3"} : !ascir.scalar<uint8>
  %bb = ascir.broadcast %b : !ascir.tensor<uint8, [z0], [s0], [1]>
  %bc = ascir.cast %bb : !ascir.tensor<bool, [z0], [s0], [1]>
  %h = ascir.scalar {value = "70000.0"} : !ascir.scalar<float32>
  %hb = ascir.broadcast %h : !ascir.tensor<float32, [z0], [s0], [1]>
  %hc = ascir.cast %hb : !ascir.tensor<float16, [z0], [s0], [1]>
  %lc = ascir.cast %l : !ascir.tensor<float16, [z0], [s0], [1]>
  %s = ascir.add %hc, %lc : !ascir.tensor<float16, [z0], [s0], [1]>
  %st = ascir.store %s : !ascir.tensor<float16, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %st2 = ascir.store %bc : !ascir.tensor<bool, [z0], [s0], [1]>
  %y2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
}
