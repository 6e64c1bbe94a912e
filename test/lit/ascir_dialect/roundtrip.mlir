// RUN: ascir-opt %s | filecheck %s
// RUN: ascir-opt %s | ascir-opt | filecheck %s
// RUN: ascir-opt %s --print-op-generic | ascir-opt | filecheck %s
// RUN: ascir-opt %s > %t.custom && ascir-opt %s --print-op-generic | ascir-opt > %t.again && diff %t.custom %t.again

// Every op of the dialect, printed in its custom syntax and round-tripped through the
// generic form (custom -> generic -> custom must give identical text).

// CHECK-LABEL: ascir.graph @all_ops hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z0z1 = s0 * s1 merged(z0, z1)] {
ascir.graph @all_ops hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z0z1 = s0*s1 merged(z0, z1)] {
  // CHECK-NEXT: %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  // CHECK-NEXT: %sd = ascir.scalar_data {index = 1 : i64} : !ascir.scalar<float32>
  %sd = ascir.scalar_data {index = 1 : i64} : !ascir.scalar<float32>
  // CHECK-NEXT: %c = ascir.scalar {value = "2.5"} : !ascir.scalar<float32>
  %c = ascir.scalar {value = "2.5"} : !ascir.scalar<float32>
  // CHECK-NEXT: %ie = ascir.index_expr {expr = #ascir.expr<s0 * s1 - 1>} : !ascir.scalar<int64>
  %ie = ascir.index_expr {expr = #ascir.expr<-1 + s1*s0>} : !ascir.scalar<int64>
  // CHECK-NEXT: %zero = ascir.index_expr {expr = #ascir.expr<0>} : !ascir.scalar<int32>
  %zero = ascir.index_expr {expr = #ascir.expr<0>} : !ascir.scalar<int32>
  // CHECK-NEXT: %ar = ascir.arange sched [z0, z1] {base = #ascir.expr<s0 floordiv 2>, step = #ascir.expr<-3>} : !ascir.tensor<int64, [z0, z1], [1, s1], [0, 1]>
  %ar = ascir.arange sched [z0, z1] {step = #ascir.expr<-3>, base = #ascir.expr<s0 floordiv 2>} : !ascir.tensor<int64, [z0, z1], [1, s1], [0, 1]>
  // CHECK-NEXT: %l = ascir.load %x sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x sched [z0, z1] {offset = #ascir.expr<0>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  // CHECK-NEXT: %lo = ascir.load %x sched [z0, z1] {offset = #ascir.expr<s1 mod 4 + max(2, s0)>} : !ascir.tensor<float32, [z0, z1], [1, 1], [0, 0]>
  %lo = ascir.load %x sched [z0, z1] {offset = #ascir.expr<max(2, s0) + s1 mod 4>} : !ascir.tensor<float32, [z0, z1], [1, 1], [0, 0]>
  %b = ascir.broadcast %lo sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %bs = ascir.broadcast %sd sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %bi = ascir.broadcast %ie sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %ba = ascir.broadcast %ar sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %add = ascir.add %l, %b sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  // CHECK: %adds = ascir.add %add, %c
  %adds = ascir.add %add, %c sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %sub = ascir.sub %adds, %bs sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %mul = ascir.mul %sub, %sub sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %div = ascir.div %mul, %l sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %tdiv = ascir.truediv %ba, %bi sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %fdiv = ascir.floordiv %ba, %bi sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %rem = ascir.remainder %fdiv, %ie sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %mn = ascir.minimum %ie, %rem sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %mx = ascir.maximum %mn, %ba sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %neg = ascir.neg %div sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %abs = ascir.abs %neg sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %exp = ascir.exp %abs sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %relu = ascir.relu %exp sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %sqrt = ascir.sqrt %relu sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  // CHECK: %lt = ascir.lt %mx, %ie sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %lt = ascir.lt %mx, %ie sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %le = ascir.le %sqrt, %tdiv sched [z0, z1] : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %gt = ascir.gt %sqrt, %c sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %ge = ascir.ge %sqrt, %sqrt sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %eq = ascir.eq %mx, %fdiv sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %ne = ascir.ne %mx, %fdiv sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %and = ascir.logical_and %lt, %gt sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %or = ascir.logical_or %and, %eq sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %not = ascir.logical_not %or sched [z0, z1] : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.where %not, %sqrt, %c sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %sel = ascir.select %ne, %w, %sqrt sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  // CHECK: %h = ascir.cast %sel sched [z0, z1] : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %h = ascir.cast %sel sched [z0, z1] : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %sum = ascir.reduce_sum %h sched [z0, z1] : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
  %rmax = ascir.reduce_max %h sched [z0, z1] : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %rmin = ascir.reduce_min %mx sched [z0, z1] : !ascir.tensor<int64, [z0, z1], [1, 1], [0, 0]>
  %idx = ascir.cast %fdiv sched [z0, z1] : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  // CHECK: %g = ascir.indirect_load %h, %idx sched [z0, z1] {dim = 1 : i64, need_check_bound = true, need_check_negative = true}
  %g = ascir.indirect_load %h, %idx sched [z0, z1] {dim = 1 : i64, need_check_negative = true, need_check_bound = true} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %g sched [z0, z1] : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %st2 = ascir.store %sum sched [z0, z1] : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
  // CHECK: %ws = ascir.workspace %st2 {index = 0 : i64}
  %ws = ascir.workspace %st2 {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
  %back = ascir.load %ws sched [z0, z1] : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
  %st3 = ascir.store %back sched [z0, z1] : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
  %y1 = ascir.output %st3 {index = 1 : i64} : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
  %empty = ascir.workspace {index = 1 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// Several graphs per module; impl-level graphs may carry broadcast-baked Arange views (AL-4)
// and vectorized layouts.
// CHECK-LABEL: ascir.graph @impl_level impl sizes [s0] axes [0: z0 = s0, 1: z1 = 8, 2: z1t = (s0 + 3) floordiv 4 tile_outer(z1)] {
ascir.graph @impl_level impl sizes [s0] axes [0: z0 = s0, 1: z1 = 8, 2: z1t = (s0 + 3) floordiv 4 tile_outer(z1)] {
  // CHECK-NEXT: ascir.arange sched [z0, z1] {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [s0, 8], [1, 0], vectorized [z0, z1], [8, 1]>
  %a = ascir.arange sched [z0, z1] {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [s0, 8], [1, 0], vectorized [z0, z1], [8, 1]>
}
