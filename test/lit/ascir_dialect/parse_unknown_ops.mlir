// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Unknown dialects and ops, and text that is not IR at all.

// An op the ascir dialect does not have.
// CHECK: parse_unknown_ops.mlir:[[# @LINE + 2]]:25: error: Operation ascir.frobnicate is not registered
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.frobnicate : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An op of an unknown dialect.
// CHECK: parse_unknown_ops.mlir:[[# @LINE + 2]]:16: error: Operation foo.bar is not registered
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = foo.bar : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// An unknown ascir op at module level.
// CHECK: parse_unknown_ops.mlir:[[# @LINE + 1]]:14: error: Operation ascir.kernel is not registered
ascir.kernel @k {
}

// -----

// A non-ASCII op name: the lexer stops at the first non-ASCII letter.
// CHECK: parse_unknown_ops.mlir:[[# @LINE + 2]]:15: error: Operation ascir.d is not registered
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.dätä {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Plain text.
// CHECK: parse_unknown_ops.mlir:[[# @LINE + 1]]:6: error: Operation this is not registered
this is not IR at all

// -----

// A comment-only chunk followed by a lone '%'. xDSL's message is not formatted here
// (it prints '{first_char}' literally): only its start is pinned.
// nothing here
// CHECK: parse_unknown_ops.mlir:[[# @LINE + 1]]:1: error: Expected suffix identifier after
%
