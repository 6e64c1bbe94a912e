// RUN: ascir-opt %s --split-input-file --verify-diagnostics -p indirect-load-template-cases | filecheck %s

// The topologies indirect-load-template-cases refuses (seed 001 "支持的融合范围": vertical
// fusion only, one gather), each located at the node it is about. Lines are not pinned:
// located pass errors are chunk-relative under --split-input-file
// (split_offset_pass_error.mlir). Converted from test/bad_inputs/indirect_load_*.

// An IndirectLoad whose result is never stored computes nothing.
// CHECK: template_cases_errors.mlir:{{[0-9]+}}:28: error: indirect-load-template-cases: ascir.indirect_load %g: its result is never stored; store it (ascir.store + ascir.output)
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// Only loads, Aranges, broadcasts and elementwise ops may precede the gather (seed 001: vertical
// fusion load -> broadcast? -> elementwise* -> IndirectLoad).
// CHECK: template_cases_errors.mlir:{{[0-9]+}}:25: error: indirect-load-template-cases: ascir.reduce_sum %r: only loads, Aranges, broadcasts and elementwise ops may precede an IndirectLoad
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 1], [1, 0]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 1], [1, 0]>
  %r = ascir.reduce_sum %xl : !ascir.tensor<float32, [a, b], [4, 1], [1, 0]>
  %g = ascir.indirect_load %r, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 1], [1, 0]>
  %st = ascir.store %g : !ascir.tensor<float32, [a, b], [4, 1], [1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 1], [1, 1]>
}

// -----

// One load feeding both the input and the index.
// CHECK: template_cases_errors.mlir:{{[0-9]+}}:20: error: indirect-load-template-cases: ascir.load %il feeds both the input and the index of ascir.indirect_load %g
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %i = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %il, %il {dim = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
}

// -----

// At most one reduction after the gather.
// CHECK: template_cases_errors.mlir:{{[0-9]+}}:25: error: indirect-load-template-cases: ascir.reduce_max %q: at most one reduction may follow an IndirectLoad
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %r = ascir.reduce_sum %g : !ascir.tensor<float32, [a, b], [4, 1], [1, 0]>
  %q = ascir.reduce_max %r : !ascir.tensor<float32, [a, b], [1, 1], [0, 0]>
  %st = ascir.store %q : !ascir.tensor<float32, [a, b], [1, 1], [1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [1, 1], [1, 1]>
}

// -----

// A gather of a gather (the index of %h is the result of %g) is refused; an Arange after
// the gather is an output-chain op (test/lit/indirect_load/multi_gather.mlir).
// CHECK: template_cases_errors.mlir:{{[0-9]+}}:28: error: indirect-load-template-cases: ascir.indirect_load %h reads the result of ascir.indirect_load %g (a gather of a gather): compute the inner gather in a graph of its own and load its result
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %t = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 2 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %tl = ascir.load %t : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %tl, %il {dim = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %h = ascir.indirect_load %xl, %g {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %h : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// A second output that does not depend on the gather (horizontal fusion) is refused, at
// the first op after the gather that reads a value from before it.
// CHECK: template_cases_errors.mlir:{{[0-9]+}}:18: error: indirect-load-template-cases: ascir.exp %e reads %xl, computed before ascir.indirect_load %g: only vertical fusion is supported
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %e = ascir.exp %xl : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st2 = ascir.store %e : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}
