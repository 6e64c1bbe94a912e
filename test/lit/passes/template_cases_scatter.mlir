// RUN: ascir-opt %s --split-input-file --verify-diagnostics -p indirect-load-template-cases | filecheck %s

// An IndexPut graph becomes its one scatter case (issue 37, passes/index_put_case.py):
// renamed @<g>_scatter, marked template "scatter" with case_of, otherwise unchanged (the
// schedule and VF passes leave it; lower-to-ascendc lowers it from this hint form).

// CHECK-LABEL: ascir.graph @embbwd_scatter hint sizes [V, D, B, S]
// CHECK-SAME:    template "scatter" {case_of = "embbwd"}
// CHECK:         %m = ascir.mul %gl, %gl
// CHECK-NEXT:    %y = ascir.index_put %base, %il, %m {dim = 0 : i64, need_check_negative = true}
// CHECK-NEXT:    %st = ascir.store %y
ascir.graph @embbwd hint sizes [V, D, B, S] axes [0: v = V, 1: d = D, 2: b = B, 3: s = S] {
  %i = ascir.data {index = 0 : i64} : !ascir.tensor<int64, [b, s], [B, S], [S, 1]>
  %g = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [b, s, d], [B, S, D], [S * D, D, 1]>
  %zero = ascir.scalar {value = "0"} : !ascir.scalar<float32>
  %base = ascir.broadcast %zero : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [b, s], [B, S], [S, 1]>
  %gl = ascir.load %g : !ascir.tensor<float32, [b, s, d], [B, S, D], [S * D, D, 1]>
  %m = ascir.mul %gl, %gl : !ascir.tensor<float32, [b, s, d], [B, S, D], [S * D, D, 1]>
  %y = ascir.index_put %base, %il, %m {dim = 0 : i64, need_check_negative = true} : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
}

// -----

// Nothing in the kernel may read the result (complete only when the kernel ends).
ascir.graph @reader hint sizes [V, D, B] axes [0: v = V, 1: d = D, 2: b = B] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [b], [B], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [b, d], [B, D], [D, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [b], [B], [1]>
  %gl = ascir.load %g : !ascir.tensor<float32, [b, d], [B, D], [D, 1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 0 : i64} : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  // expected-error @+1 {{indirect-load-template-cases: ascir.exp %e reads the IndexPut's result, which is complete only when its kernel ends: store it and read it from another graph}}
  %e = ascir.exp %y : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %st = ascir.store %e : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
}

// -----

// The chains are evaluated per element: an op without a scalar form is refused by name.
ascir.graph @noscalar hint sizes [V, D, B] axes [0: v = V, 1: d = D, 2: b = B] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [b], [B], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [b, d], [B, D], [D, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [b], [B], [1]>
  %gl = ascir.load %g : !ascir.tensor<float32, [b, d], [B, D], [D, 1]>
  // expected-error @+1 {{indirect-load-template-cases: scatter: ascir.exp %e has no scalar form (SIMT)}}
  %e = ascir.exp %gl : !ascir.tensor<float32, [b, d], [B, D], [D, 1]>
  %y = ascir.index_put %xl, %il, %e {dim = 0 : i64} : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [v, d], [V, D], [D, 1]>
}
