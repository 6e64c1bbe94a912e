// RUN: ascir-opt %s --split-input-file --verify-diagnostics -p schedule | filecheck %s

// schedule refuses graphs without one fused loop space, and builds nothing when it
// refuses (all graphs or none). Errors about a node are located at it; the line is not
// pinned because located pass errors are chunk-relative under --split-input-file
// (split_offset_pass_error.mlir), the column is.

// Two loads iterating [z0, z1] and [z1, z0]: no single loop order.
// CHECK: error: schedule: ascir.load %b iterates axes ['z1', 'z0'], which are not a subsequence of the loop axes ['z0', 'z1']; one fused loop space is required (IndirectLoad graphs use template cases)
ascir.graph @not_subsequence hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
  %s = ascir.store %a : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %t = ascir.store %b : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
  %p = ascir.output %t {index = 1 : i64} : !ascir.tensor<float32, [z1, z0], [s1, s0], [s0, 1]>
}

// -----

// Axis z0 of size s0 in one load and s1 in another.
// CHECK: schedule_errors.mlir:{{[0-9]+}}:19: error: schedule: ascir.load %b: axis 'z0' has size s1 and elsewhere s0
ascir.graph @size_conflict hint sizes [s0, s1] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s1], [1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z0], [s1], [1]>
  %s = ascir.store %a : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %t = ascir.store %b : !ascir.tensor<float32, [z0], [s1], [1]>
  %p = ascir.output %t {index = 1 : i64} : !ascir.tensor<float32, [z0], [s1], [1]>
}

// -----

// Reductions over different axes (x.sum(1) beside x.max(0)) share no pass structure.
// CHECK: schedule_errors.mlir:{{[0-9]+}}:25: error: schedule: ascir.reduce_max %q reduces loop positions [0] but ascir.reduce_sum %r reduces [1]: the reductions of one fused graph must reduce the same axes; compile reductions over different axes as separate graphs
ascir.graph @reductions_differ hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %q = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %t = ascir.store %q : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %p = ascir.output %t {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
}

// -----

// A graph of GM inputs only computes nothing.
// CHECK: error: schedule: graph @empty computes nothing (no loads, stores or compute nodes)
ascir.graph @empty hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Rank-0 tensors have no loop; the message says how to write them.
// CHECK: error: schedule: graph @rank0: every tensor is rank 0, so there is no loop to schedule; give the tensors a size-1 axis (e.g. axes [0: z0 = 1] and views [z0], [1], [1])
ascir.graph @rank0 hint sizes [] axes [] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [], [], []>
  %l = ascir.load %x : !ascir.tensor<float32, [], [], []>
  %s = ascir.store %l : !ascir.tensor<float32, [], [], []>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [], [], []>
}

// -----

// IndirectLoad graphs go through their template cases, not through schedule.
// CHECK: schedule_errors.mlir:{{[0-9]+}}:28: error: schedule: ascir.indirect_load %g: IndirectLoad graphs are compiled through their SIMD/SIMT/SK-like template cases (autofuse, compile_graph; indirect-load-template-cases shows them), not by schedule
ascir.graph @gather hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}
