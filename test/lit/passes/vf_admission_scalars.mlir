// RUN: ascir-opt %s -p vf-admission | filecheck %s

// vf-admission, scalar-like operands (seed 000 AL-9): inside a VF a runtime scalar
// (ascir.scalar_data, ascir.index_expr) is consumed by Add/Minimum/Maximum on either side
// (Adds/Mins/Maxs), by the second input of the six compares (Compares) and by Broadcast
// (Duplicate). Any other position needs an explicit Broadcast first; the reason names
// the operand. A constant ascir.scalar is admitted in every position: Autofuse inserts a
// Broadcast after each Scalar node (only Scalar, AL-9 "重要边界"), which the VF takes
// back as a value operand (Muls, or a Duplicate before the loop).

// CHECK-LABEL: ascir.graph @al9 impl
// CHECK:       %add_l = ascir.add %c, %l {vf = "ok"}
// CHECK-NEXT:  %add_r = ascir.add %l, %c {vf = "ok"}
// CHECK-NEXT:  %min_l = ascir.minimum %sd, %l {vf = "ok"}
// CHECK-NEXT:  %max_r = ascir.maximum %l, %sd {vf = "ok"}
// CHECK-NEXT:  %lt = ascir.lt %l, %c {vf = "ok"}
// CHECK-NEXT:  %ge = ascir.ge %l, %sd {vf = "ok"}
// CHECK-NEXT:  %eq = ascir.eq %i, %ie {vf = "ok"}
// CHECK-NEXT:  %ne = ascir.ne %i, %ie {vf = "ok"}
// CHECK-NEXT:  %bc = ascir.broadcast %c {vf = "ok"}
// CHECK-NEXT:  %sub = ascir.sub %l, %c {vf = "ok"}
// CHECK-NEXT:  %mul = ascir.mul %sd, %l {vf = "rejected: scalar-like input x1 of ascir.mul (AL-9 admits Add/Minimum/Maximum and the second input of compares; broadcast it first)"}
// CHECK-NEXT:  %div = ascir.div %l, %sd {vf = "rejected: scalar-like input x2 of ascir.div
// CHECK-NEXT:  %w = ascir.where %lt, %l, %c {vf = "ok"}
// CHECK-NEXT:  %sel = ascir.select %lt, %c, %l {vf = "ok"}
// CHECK-NEXT:  %w_sd = ascir.where %lt, %l, %sd {vf = "rejected: scalar-like input x3 of ascir.where
// The broadcast form of the same subtraction is admitted.
// CHECK-NEXT:  %sub_b = ascir.sub %l, %bc {vf = "ok"}
ascir.graph @al9 impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %sd = ascir.scalar_data {index = 1 : i64} : !ascir.scalar<float32>
  %xi = ascir.data {index = 2 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "0.25"} : !ascir.scalar<float32>
  %ie = ascir.index_expr {expr = #ascir.expr<s0 - 1>} : !ascir.scalar<int32>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %i = ascir.load %xi : !ascir.tensor<int32, [z0], [s0], [1]>
  %add_l = ascir.add %c, %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %add_r = ascir.add %l, %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %min_l = ascir.minimum %sd, %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %max_r = ascir.maximum %l, %sd : !ascir.tensor<float32, [z0], [s0], [1]>
  %lt = ascir.lt %l, %c : !ascir.tensor<bool, [z0], [s0], [1]>
  %ge = ascir.ge %l, %sd : !ascir.tensor<bool, [z0], [s0], [1]>
  %eq = ascir.eq %i, %ie : !ascir.tensor<bool, [z0], [s0], [1]>
  %ne = ascir.ne %i, %ie : !ascir.tensor<bool, [z0], [s0], [1]>
  %bc = ascir.broadcast %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %sub = ascir.sub %l, %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %mul = ascir.mul %sd, %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %div = ascir.div %l, %sd : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.where %lt, %l, %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %sel = ascir.select %lt, %c, %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %w_sd = ascir.where %lt, %l, %sd : !ascir.tensor<float32, [z0], [s0], [1]>
  %sub_b = ascir.sub %l, %bc : !ascir.tensor<float32, [z0], [s0], [1]>
}
