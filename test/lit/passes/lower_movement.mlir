// RUN: not ascir-opt %s --split-input-file -p lower-movement 2>&1 | filecheck %s
// RUN: not ascir-opt %s --split-input-file -p lower-movement,schedule 2>&1 | filecheck %s --check-prefix=SCHED
// RUN: not ascir-opt %s --split-input-file -p 'autofuse{vf=false}' -t ascendc 2>&1 | filecheck %s --check-prefix=CPP

// lower-movement: data movement becomes views at the GM boundary (passes/lower_movement.py).

// RoPE's rotate-half: Split gives the halves, Concat(-x2, x1). Each Concat piece is its
// chain re-made over the whole axis from padded loads (valid on the piece's range only),
// chosen by position with an Arange compare and a Where. The Split pieces are load
// offsets (x2 starts s1 further).
// CHECK-LABEL: ascir.graph @rot
// CHECK-NOT:   ascir.split
// CHECK-NOT:   ascir.concat
// CHECK:       %[[B:.*]] = ascir.load %x {{.*}}offset = #ascir.expr<s1>, pad_high = [#ascir.expr<0>, #ascir.expr<s1>], pad_low = [#ascir.expr<0>, #ascir.expr<0>], pad_value = "1"}
// CHECK:       %[[NB:.*]] = ascir.neg %[[B]]
// CHECK:       %[[A:.*]] = ascir.load %x {{.*}}{pad_high = [#ascir.expr<0>, #ascir.expr<0>], pad_low = [#ascir.expr<0>, #ascir.expr<s1>], pad_value = "1"}
// CHECK:       %[[POS:.*]] = ascir.arange
// CHECK:       %[[POSB:.*]] = ascir.broadcast %[[POS]]
// CHECK:       %[[END:.*]] = ascir.index_expr {expr = #ascir.expr<s1>}
// CHECK:       %[[IN:.*]] = ascir.lt %[[POSB]], %[[END]]
// CHECK:       %[[SEL:.*]] = ascir.where %[[IN]], %[[NB]], %[[A]]
// CHECK:       ascir.store %[[SEL]]
// A padded axis is not merged with its neighbour (its coordinate decides what is valid).
// SCHED-LABEL: ascir.graph @rot impl
// SCHED:       ascir.load %x {{.*}}pad_high = [#ascir.expr<0>, #ascir.expr<s1>]
// The kernel fills the tile, then copies the valid part at its position in the tile with
// DataCopyPad's leftPadding / rightPadding.
// CPP-LABEL:   // ===== device_impl.cpp =====
// CPP:         AscendC::Duplicate(
// CPP:         AscendC::DataCopyPad({{.*}}AscendC::DataCopyPadExtParams<float>{true, static_cast<uint8_t>({{.*}}), static_cast<uint8_t>({{.*}}), 1.0f});
ascir.graph @rot hint sizes [s0, s1] axes [0: z0 = s0, 1: zd = 2 * s1, 2: zh = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, zd], [s0, 2 * s1], [2 * s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, zd], [s0, 2 * s1], [2 * s1, 1]>
  %a = ascir.split %l {axis = 1 : i64, sizes = [#ascir.expr<s1>, #ascir.expr<s1>], index = 0 : i64} : !ascir.tensor<float32, [z0, zh], [s0, s1], [s1, 1]>
  %b = ascir.split %l {axis = 1 : i64, sizes = [#ascir.expr<s1>, #ascir.expr<s1>], index = 1 : i64} : !ascir.tensor<float32, [z0, zh], [s0, s1], [s1, 1]>
  %nb = ascir.neg %b : !ascir.tensor<float32, [z0, zh], [s0, s1], [s1, 1]>
  %r = ascir.concat %nb, %a {axis = 1 : i64} : !ascir.tensor<float32, [z0, zd], [s0, 2 * s1], [2 * s1, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, zd], [s0, 2 * s1], [2 * s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, zd], [s0, 2 * s1], [2 * s1, 1]>
}

// -----

// Transpose of the last two axes through an elementwise producer: the Exp is re-made over
// the result's axes and the load reads GM with the permuted strides (inner stride s1).
// CHECK-LABEL: ascir.graph @tr
// CHECK:       %[[L:.*]] = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, 1, s1]>
// CHECK:       %[[E:.*]] = ascir.exp %[[L]] : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
// CHECK:       ascir.add %[[E]], %lb
// CHECK-NOT:   ascir.transpose
// SCHED-LABEL: ascir.graph @tr impl
// CPP-LABEL:   // ===== device_impl.cpp =====
// CPP:         AscendC::DataCopyPad<float, AscendC::PaddingMode::Compact>(
ascir.graph @tr hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z2, z1], [s0, s2, s1], [s1 * s2, s1, 1]>
  %b = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %lx = ascir.load %x : !ascir.tensor<float32, [z0, z2, z1], [s0, s2, s1], [s1 * s2, s1, 1]>
  %e = ascir.exp %lx : !ascir.tensor<float32, [z0, z2, z1], [s0, s2, s1], [s1 * s2, s1, 1]>
  %t = ascir.transpose %e {perm = [0, 2, 1]} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %lb = ascir.load %b : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %a = ascir.add %t, %lb : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %st = ascir.store %a : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
}

// -----

// Pad of a load: a padded load with the user's value; the Relu consumes it as is.
// CHECK-LABEL: ascir.graph @pad
// CHECK:       %[[P:.*]] = ascir.load %x {pad_high = [#ascir.expr<2>, #ascir.expr<2>], pad_low = [#ascir.expr<1>, #ascir.expr<3>], pad_value = "-1.5"} : !ascir.tensor<float32, [p0, p1], [s0 + 3, s1 + 5], [s1, 1]>
// CHECK:       ascir.relu %[[P]]
// SCHED-LABEL: ascir.graph @pad impl
// SCHED:       ascir.load %x {{.*}}vectorized [p1], [1]>
// CPP-LABEL:   // ===== device_impl.cpp =====
// CPP:         AscendC::DataCopyPadExtParams<float>{true, {{.*}}, -1.5f}
ascir.graph @pad hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: p0 = s0 + 3, 3: p1 = s1 + 5] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %p = ascir.pad %l {low = [#ascir.expr<1>, #ascir.expr<3>], high = [#ascir.expr<2>, #ascir.expr<2>], value = "-1.5"} : !ascir.tensor<float32, [p0, p1], [s0 + 3, s1 + 5], [s1 + 5, 1]>
  %r = ascir.relu %p : !ascir.tensor<float32, [p0, p1], [s0 + 3, s1 + 5], [s1 + 5, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [p0, p1], [s0 + 3, s1 + 5], [s1 + 5, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [p0, p1], [s0 + 3, s1 + 5], [s1 + 5, 1]>
}

// -----

// A Pad of a computed value is refused, naming the node and the reason.
// CHECK: lower_movement.mlir:[[# @LINE + 5]]:{{[0-9]+}}: error: lower-movement: ascir.pad %p: pads a value computed by ascir.exp %e; padding commutes with no computation
ascir.graph @padexp hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %p = ascir.pad %e {low = [#ascir.expr<0>, #ascir.expr<1>], high = [#ascir.expr<0>, #ascir.expr<0>]} : !ascir.tensor<float32, [z0, z1], [s0, s1 + 1], [s1 + 1, 1]>
  %st = ascir.store %p : !ascir.tensor<float32, [z0, z1], [s0, s1 + 1], [s1 + 1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1 + 1], [s1 + 1, 1]>
}

// -----

// A concat piece of size 1 along the axis (a keepdim reduction's result, loaded with
// stride 0 there): padded to the whole axis, its one element read with stride 1, the
// innermost stride the padded copy needs.
// CHECK-LABEL: ascir.graph @cat1
// CHECK:       ascir.load %m {pad_high = [#ascir.expr<0>, #ascir.expr<0>], pad_low = [#ascir.expr<0>, #ascir.expr<s1>], pad_value = "1"} : !ascir.tensor<float32, [z0, zc], [s0, s1 + 1], [1, 1]>
// CPP-LABEL:   // ===== device_impl.cpp =====
// CPP:         AscendC::DataCopyPadExtParams<float>{true, {{.*}}, 1.0f}
ascir.graph @cat1 hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: zc = s1 + 1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %lx = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %lm = ascir.load %m : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %c = ascir.concat %lx, %lm {axis = 1 : i64} : !ascir.tensor<float32, [z0, zc], [s0, s1 + 1], [s1 + 1, 1]>
  %st = ascir.store %c : !ascir.tensor<float32, [z0, zc], [s0, s1 + 1], [s1 + 1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, zc], [s0, s1 + 1], [s1 + 1, 1]>
}

// -----

// A concat along the innermost axis of a transposed piece (GM reads that axis with stride
// s0): the padded load keeps the stride; the kernel copies the run from its first 32-byte
// boundary in one Compact DataCopyPad and the elements before it with the scalar unit.
// CHECK-LABEL: ascir.graph @catt
// CHECK:       ascir.load %b {pad_high = [#ascir.expr<0>, #ascir.expr<0>], pad_low = [#ascir.expr<0>, #ascir.expr<s1>], pad_value = "1"} : !ascir.tensor<float32, [z0, zc], [s0, s1 + s2], [1, s0]>
// CPP-LABEL:   // ===== device_impl.cpp =====
// CPP:         for (int64_t head_lane
// CPP:         gm_b.GetValue(
// CPP-NEXT:    .SetValue(
// CPP:         AscendC::DataCopyPad<float, AscendC::PaddingMode::Compact>({{.*}}, 1.0f});
ascir.graph @catt hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: za = s1, 2: zb = s2, 3: zc = s1 + s2] {
  %a = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, za], [s0, s1], [s1, 1]>
  %b = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [zb, z0], [s2, s0], [s0, 1]>
  %la = ascir.load %a : !ascir.tensor<float32, [z0, za], [s0, s1], [s1, 1]>
  %lb = ascir.load %b : !ascir.tensor<float32, [zb, z0], [s2, s0], [s0, 1]>
  %tb = ascir.transpose %lb {perm = [1, 0]} : !ascir.tensor<float32, [z0, zb], [s0, s2], [s2, 1]>
  %c = ascir.concat %la, %tb {axis = 1 : i64} : !ascir.tensor<float32, [z0, zc], [s0, s1 + s2], [s1 + s2, 1]>
  %st = ascir.store %c : !ascir.tensor<float32, [z0, zc], [s0, s1 + s2], [s1 + s2, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, zc], [s0, s1 + s2], [s1 + s2, 1]>
}

// -----

// A concat piece computed from an Arange (RoPE's frequency table): the Arange is re-made
// over the result's extent, its base shifted back by the piece's start (its value at
// result position p is the piece's value at p - s1: 3 + 2 * (p - s1)).
// CHECK-LABEL: ascir.graph @catar
// CHECK:       ascir.arange {base = #ascir.expr<3 - 2 * s1>, step = #ascir.expr<2>} : !ascir.tensor<int64, [z0, zd], [1, 2 * s1], [0, 1]>
// CHECK-NOT:   ascir.concat
ascir.graph @catar hint sizes [s0, s1] axes [0: z0 = s0, 1: zh = s1, 2: zd = 2 * s1] {
  %a = ascir.arange {base = #ascir.expr<3>, step = #ascir.expr<2>} : !ascir.tensor<int64, [z0, zh], [1, s1], [0, 1]>
  %b = ascir.broadcast %a : !ascir.tensor<int64, [z0, zh], [s0, s1], [s1, 1]>
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int64, [z0, zh], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<int64, [z0, zh], [s0, s1], [s1, 1]>
  %c = ascir.concat %l, %b {axis = 1 : i64} : !ascir.tensor<int64, [z0, zd], [s0, 2 * s1], [2 * s1, 1]>
  %st = ascir.store %c : !ascir.tensor<int64, [z0, zd], [s0, 2 * s1], [2 * s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int64, [z0, zd], [s0, 2 * s1], [2 * s1, 1]>
}

// -----

// The second half of a Split of an Arange: the Arange over the piece, its base moved to
// the piece's start (5 + s1 * 1).
// CHECK-LABEL: ascir.graph @splitar
// CHECK:       ascir.arange {base = #ascir.expr<s1 + 5>, step = #ascir.expr<1>} : !ascir.tensor<int64, [zh], [s1], [1]>
// CHECK-NOT:   ascir.split
ascir.graph @splitar hint sizes [s1] axes [0: zd = 2 * s1, 1: zh = s1] {
  %a = ascir.arange {base = #ascir.expr<5>, step = #ascir.expr<1>} : !ascir.tensor<int64, [zd], [2 * s1], [1]>
  %p = ascir.split %a {axis = 0 : i64, sizes = [#ascir.expr<s1>, #ascir.expr<s1>], index = 1 : i64} : !ascir.tensor<int64, [zh], [s1], [1]>
  %st = ascir.store %p : !ascir.tensor<int64, [zh], [s1], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<int64, [zh], [s1], [1]>
}
