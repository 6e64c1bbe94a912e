// RUN: ascir-opt %s --split-input-file --verify-diagnostics -p lower-to-ascendc | filecheck %s

// lower-to-ascendc on its own takes one scheduled graph without IndirectLoad (or the
// template cases of one): anything else names the pass to run first.

// A hint graph.
// CHECK: error: lower-to-ascendc: graph @g is not scheduled; run the schedule pass first
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An IndirectLoad graph whose cases were not generated.
// CHECK: error: lower-to-ascendc: graph @g holds an IndirectLoad or IndexPut: run indirect-load-template-cases first (-p autofuse does)
ascir.graph @g impl sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// A scheduled graph without a load, compute or store.
// CHECK: error: lower-to-ascendc: graph @g computes nothing: add the loads, compute and stores of a kernel
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
