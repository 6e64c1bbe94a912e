// RUN: ascir-opt %s --verify-diagnostics -p indirect-load-template-cases 2>&1 | filecheck %s

// A value computed before the gather and read again after it (a residual Add) is not the
// vertical fusion seed 001 supports: a located diagnostic, never an internal error.

// CHECK-NOT: internal error
// CHECK: template_cases_residual.mlir:[[# @LINE + 8]]:18: error: indirect-load-template-cases: ascir.add %s reads %n, computed before ascir.indirect_load %g: only vertical fusion is supported
ascir.graph @residual hint sizes [] axes [0: a0 = 4, 1: a1 = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, a1], [4, 8], [8, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, a1], [4, 8], [8, 1]>
  %n = ascir.neg %xl : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %g = ascir.indirect_load %n, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %s = ascir.add %g, %n : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %st = ascir.store %s : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
}
