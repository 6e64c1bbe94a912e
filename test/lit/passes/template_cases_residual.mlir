// RUN: ascir-opt %s --verify-diagnostics -p indirect-load-template-cases 2>&1 | filecheck %s
// XFAIL: *

// Known bug: a value computed before the gather and read again after it (a residual
// Add) crashes indirect-load-template-cases with an internal error: the SK-like stage
// split (passes/sklike_stages.py, _extract) erases %n while the Add still uses it
// ("Attempting to delete SSA value that still has uses"); -p autofuse crashes the same
// way. Expected: three cases, or a located diagnostic refusing the topology. Remove the
// XFAIL line when fixed.

// CHECK-NOT: internal error
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
