// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.indirect_load's attribute spellings (issue 19): ours and the real Autofuse front end's
// (graph-autofusion autofuse/v35/ascir/generator/ascir_builtin_ops_v2.cpp: axis,
// negative_index_support, need_check_bound, max). The errors follow, each at its line
// and column.
// The real front end's spellings: axis (negative counts from the end), negative_index_support,
// need_check_bound and max; printed with ours (max has no counterpart and keeps its name).
// CHECK-LABEL: ascir.graph @g
// CHECK: %g = ascir.indirect_load %xl, %il {dim = 1 : i64, max = 6 : i64, need_check_bound = true, need_check_negative = true}
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {axis = -1 : i64, negative_index_support = true, need_check_bound = true, max = 6 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// A non-negative axis is the dim itself; negative_index_support = false is the default (not printed).
// CHECK-LABEL: ascir.graph @g
// CHECK: %g = ascir.indirect_load %xl, %il {dim = 0 : i64} :
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {axis = 0 : i64, negative_index_support = false} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// axis = -2 on rank 2 is dim 0.
// CHECK-LABEL: ascir.graph @g
// CHECK: %g = ascir.indirect_load %xl, %il {dim = 0 : i64} :
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {axis = -2 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// axis outside [-rank, rank).
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:37: error: ascir.indirect_load: axis -3 is out of range for input rank 2: use -2..1 (negative values count from the end)
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {axis = -3 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// axis = 2 on rank 2.
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:37: error: ascir.indirect_load: axis 2 is out of range for input rank 2: use -2..1 (negative values count from the end)
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {axis = 2 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// Both spellings of one attribute.
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:37: error: ascir.indirect_load: 'axis' is another spelling of 'dim': give one of them
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {axis = 1 : i64, dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// Both spellings of the negative-index flag.
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:37: error: ascir.indirect_load: 'negative_index_support' is another spelling of 'need_check_negative': give one of them
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64, negative_index_support = true, need_check_negative = true} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// dim keeps our meaning: it does not count from the end (axis does).
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: dim -1 is out of range for rank 2: use 0..1
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = -1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// axis given as a string.
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:37: error: ascir.indirect_load: axis must be an integer (e.g. axis = -1 : i64), got "1"
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {axis = "1"} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// negative_index_support given as an integer.
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:37: error: ascir.indirect_load: negative_index_support must be true or false, got 1 : i64
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64, negative_index_support = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// max larger than the gathered axis.
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: max 7 exceeds the input size 6 on dim 1: the index bound cannot be larger than the gathered axis
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {axis = 1 : i64, max = 7 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// max below 1.
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:28: error: ascir.indirect_load %g: max 0 must be >= 1 (the exclusive bound of the index values)
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 0 : i64, max = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}

// -----

// A misspelt front-end attribute names what is accepted.
// CHECK: verify_indirect_load_attrs.mlir:[[# @LINE + 6]]:37: error: unknown attribute 'negative_index' for ascir.indirect_load (expected one of: axis, dim, max, need_check_bound, need_check_negative, negative_index_support)
ascir.graph @g hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64, negative_index = true} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}
