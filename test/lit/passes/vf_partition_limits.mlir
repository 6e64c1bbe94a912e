// RUN: ascir-opt %s --split-input-file -p schedule,vf-partition | filecheck %s
// vf-partition keeps every region within one VF of the device (ascendc_emitter/target/
// vf_limits.py): a node that would break a limit starts a new region.

// 34 unary ops: a region holds at most 30 instructions (Autofuse kMaxInsNum) -- here the
// load, the mask, 27 ops and the store; the remaining 7 ops form a second region.
// CHECK-LABEL: ascir.graph @long_chain impl
// CHECK:         %c26_out = ascir.vf @vf_0 loop_dtype float32 (%l0) {
// CHECK:           ascir.vf_yield %c26
// CHECK:         %c33_out = ascir.vf @vf_1 loop_dtype float32 (%c26_out) {
// CHECK-NEXT:    ^bb0(%c26_out_in:
// CHECK-NEXT:      %c27 = ascir.abs %c26_out_in
// CHECK:           ascir.vf_yield %c33
ascir.graph @long_chain hint sizes [s0] axes [0: z0 = s0] {
  %x0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l0 = ascir.load %x0 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c0 = ascir.exp %l0 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c1 = ascir.abs %c0 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c2 = ascir.exp %c1 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c3 = ascir.abs %c2 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c4 = ascir.exp %c3 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c5 = ascir.abs %c4 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c6 = ascir.exp %c5 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c7 = ascir.abs %c6 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c8 = ascir.exp %c7 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c9 = ascir.abs %c8 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c10 = ascir.exp %c9 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c11 = ascir.abs %c10 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c12 = ascir.exp %c11 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c13 = ascir.abs %c12 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c14 = ascir.exp %c13 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c15 = ascir.abs %c14 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c16 = ascir.exp %c15 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c17 = ascir.abs %c16 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c18 = ascir.exp %c17 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c19 = ascir.abs %c18 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c20 = ascir.exp %c19 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c21 = ascir.abs %c20 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c22 = ascir.exp %c21 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c23 = ascir.abs %c22 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c24 = ascir.exp %c23 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c25 = ascir.abs %c24 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c26 = ascir.exp %c25 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c27 = ascir.abs %c26 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c28 = ascir.exp %c27 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c29 = ascir.abs %c28 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c30 = ascir.exp %c29 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c31 = ascir.abs %c30 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c32 = ascir.exp %c31 : !ascir.tensor<float32, [z0], [s0], [1]>
  %c33 = ascir.abs %c32 : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %c33 : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Ten inputs summed: at most 8 inputs plus outputs per region (Autofuse kMaxIONum).
// CHECK-LABEL: ascir.graph @many_inputs impl
// CHECK:         %s6_out = ascir.vf @vf_0 loop_dtype float32 (%l0, %l1, %l2, %l3, %l4, %l5, %l6) {
// CHECK:         %s9_out = ascir.vf @vf_1 loop_dtype float32 (%s6_out, %l7, %l8, %l9) {
ascir.graph @many_inputs hint sizes [s0] axes [0: z0 = s0] {
  %x0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l0 = ascir.load %x0 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x1 = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l1 = ascir.load %x1 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x2 = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l2 = ascir.load %x2 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x3 = ascir.data {index = 3 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l3 = ascir.load %x3 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x4 = ascir.data {index = 4 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l4 = ascir.load %x4 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x5 = ascir.data {index = 5 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l5 = ascir.load %x5 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x6 = ascir.data {index = 6 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l6 = ascir.load %x6 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x7 = ascir.data {index = 7 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l7 = ascir.load %x7 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x8 = ascir.data {index = 8 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l8 = ascir.load %x8 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x9 = ascir.data {index = 9 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l9 = ascir.load %x9 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s1 = ascir.add %l0, %l1 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s2 = ascir.add %s1, %l2 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s3 = ascir.add %s2, %l3 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s4 = ascir.add %s3, %l4 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s5 = ascir.add %s4, %l5 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s6 = ascir.add %s5, %l6 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s7 = ascir.add %s6, %l7 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s8 = ascir.add %s7, %l8 : !ascir.tensor<float32, [z0], [s0], [1]>
  %s9 = ascir.add %s8, %l9 : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %s9 : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Nine compares whose masks are all live before the selects use them: at most 8 mask
// registers (MaskReg.md), the iteration mask included -- seven compares fit.
// CHECK-LABEL: ascir.graph @many_masks impl
// CHECK:         %w6_out = ascir.vf @vf_0 loop_dtype float32 (%l0, %l1, %l2) {
// CHECK-COUNT-7:   = ascir.{{gt|ge|lt|le|ne|eq}}
// CHECK-NOT:       = ascir.{{gt|ge|lt|le|ne|eq}}
// CHECK:           ascir.vf_yield %w6
// CHECK:         %w8_out = ascir.vf @vf_1 loop_dtype float32 (%l1, %l2, %l0, %w6_out) {
ascir.graph @many_masks hint sizes [s0] axes [0: z0 = s0] {
  %x0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l0 = ascir.load %x0 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x1 = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l1 = ascir.load %x1 : !ascir.tensor<float32, [z0], [s0], [1]>
  %x2 = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l2 = ascir.load %x2 : !ascir.tensor<float32, [z0], [s0], [1]>
  %m0 = ascir.gt %l0, %l1 : !ascir.tensor<bool, [z0], [s0], [1]>
  %m1 = ascir.ge %l1, %l2 : !ascir.tensor<bool, [z0], [s0], [1]>
  %m2 = ascir.lt %l0, %l2 : !ascir.tensor<bool, [z0], [s0], [1]>
  %m3 = ascir.le %l1, %l0 : !ascir.tensor<bool, [z0], [s0], [1]>
  %m4 = ascir.gt %l2, %l1 : !ascir.tensor<bool, [z0], [s0], [1]>
  %m5 = ascir.ge %l2, %l0 : !ascir.tensor<bool, [z0], [s0], [1]>
  %m6 = ascir.ne %l0, %l1 : !ascir.tensor<bool, [z0], [s0], [1]>
  %m7 = ascir.eq %l1, %l2 : !ascir.tensor<bool, [z0], [s0], [1]>
  %m8 = ascir.lt %l2, %l0 : !ascir.tensor<bool, [z0], [s0], [1]>
  %w0 = ascir.where %m0, %l0, %l2 : !ascir.tensor<float32, [z0], [s0], [1]>
  %w1 = ascir.where %m1, %l1, %w0 : !ascir.tensor<float32, [z0], [s0], [1]>
  %w2 = ascir.where %m2, %l0, %w1 : !ascir.tensor<float32, [z0], [s0], [1]>
  %w3 = ascir.where %m3, %l1, %w2 : !ascir.tensor<float32, [z0], [s0], [1]>
  %w4 = ascir.where %m4, %l0, %w3 : !ascir.tensor<float32, [z0], [s0], [1]>
  %w5 = ascir.where %m5, %l1, %w4 : !ascir.tensor<float32, [z0], [s0], [1]>
  %w6 = ascir.where %m6, %l0, %w5 : !ascir.tensor<float32, [z0], [s0], [1]>
  %w7 = ascir.where %m7, %l1, %w6 : !ascir.tensor<float32, [z0], [s0], [1]>
  %w8 = ascir.where %m8, %l0, %w7 : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %w8 : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

