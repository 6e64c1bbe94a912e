// RUN: ascir-opt %s -p vf-admission | filecheck %s
// RUN: ascir-opt %s -p vf-admission | ascir-opt -p vf-admission | filecheck %s

// vf-admission marks compute nodes only: GM and scalar-like nodes (data, load, store,
// output, workspace, scalar, scalar_data, index_expr) are never VF members and carry no
// vf attribute -- a stale one is removed. A stale decision on a compute node is replaced
// by the current one, so the pass is idempotent (second RUN line).

// CHECK-LABEL: ascir.graph @marks hint
// CHECK-NEXT:  %x = ascir.data {index = 0 : i64} :
// CHECK-NEXT:  %c = ascir.scalar {value = "2"} :
// CHECK-NEXT:  %sd = ascir.scalar_data {index = 1 : i64} :
// CHECK-NEXT:  %ie = ascir.index_expr {expr = #ascir.expr<s0>} :
// CHECK-NEXT:  %l = ascir.load %x :
// CHECK-NEXT:  %e = ascir.exp %l {vf = "ok"} :
// CHECK-NEXT:  %q = ascir.truediv %e, %l {vf = "rejected: ascir.truediv has no register-level lowering (computed at memory level)"} :
// CHECK-NEXT:  %st = ascir.store %q :
// CHECK-NEXT:  %w = ascir.workspace %st {index = 0 : i64} :
// CHECK-NEXT:  %b = ascir.load %w :
// CHECK-NEXT:  %st2 = ascir.store %b :
// CHECK-NEXT:  %y = ascir.output %st2 {index = 0 : i64} :
ascir.graph @marks hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "2", vf = "ok"} : !ascir.scalar<float32>
  %sd = ascir.scalar_data {index = 1 : i64, vf = "ok"} : !ascir.scalar<float32>
  %ie = ascir.index_expr {expr = #ascir.expr<s0>, vf = "ok"} : !ascir.scalar<int64>
  %l = ascir.load %x {vf = "ok"} : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l {vf = "rejected: stale"} : !ascir.tensor<float32, [z0], [s0], [1]>
  %q = ascir.truediv %e, %l {vf = "ok"} : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %q {vf = "ok"} : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.workspace %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z0], [s0], [1]>
  %st2 = ascir.store %b : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st2 {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// Arange (AL-6, DS-6): a plain or degenerate view is admitted, its Reg::Arange makes one
// contiguous sequence.
// CHECK-LABEL: ascir.graph @aranges hint
// CHECK-NEXT:  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>, vf = "ok"} : !ascir.tensor<int32, [z0], [s0], [1]>
// CHECK-NEXT:  %r = ascir.arange {base = #ascir.expr<s0>, step = #ascir.expr<-1>, vf = "ok"} : !ascir.tensor<int64, [z0, z1], [s0, 1], [1, 0]>
ascir.graph @aranges hint sizes [s0] axes [0: z0 = s0, 1: z1 = 4] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0], [s0], [1]>
  %r = ascir.arange {base = #ascir.expr<s0>, step = #ascir.expr<-1>} : !ascir.tensor<int64, [z0, z1], [s0, 1], [1, 0]>
}
