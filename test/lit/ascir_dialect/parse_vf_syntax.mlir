// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.vf syntax: ascir.vf @name loop_dtype <dtype> (inputs) { ^bb0(args): ...
// ascir.vf_yield ... } : result types.

// ascir.vf without its @name.
// CHECK: parse_vf_syntax.mlir:[[# @LINE + 4]]:17: error: expect symbol name
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    ascir.vf_yield %a
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// ascir.vf without loop_dtype.
// CHECK: parse_vf_syntax.mlir:[[# @LINE + 4]]:23: error: Expected 'loop_dtype'
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    ascir.vf_yield %a
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// Loop_dtype float33.
// CHECK: parse_vf_syntax.mlir:[[# @LINE + 4]]:34: error: unknown dtype 'float33' (known dtypes: int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32, bool)
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float33 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// ascir.vf without ': <result types>' after the region.
// CHECK: parse_vf_syntax.mlir:[[# @LINE + 8]]:1: error: Expected ':' before the result types of ascir.vf
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    ascir.vf_yield %a
  }
}

// -----

// A block argument typed unlike the region input it receives.
// CHECK: parse_vf_syntax.mlir:[[# @LINE + 4]]:43: error: operand is used with type !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>, but has been previously used or defined with type !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// A region input that is never defined.
// CHECK: parse_vf_syntax.mlir:[[# @LINE + 10]]:1: error: values used but not defined: [%nope]
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%nope) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}
