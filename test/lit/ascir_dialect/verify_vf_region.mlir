// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.vf regions (DS-3): in impl graphs only, isolated from above, holding
// compute nodes only, loop_dtype = the widest compute dtype (AL-7), one block
// argument per input, yields matching the results.

// A VF region in a hint graph.
// CHECK: verify_vf_region.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: VF regions belong to scheduled (impl) graphs
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// An ascir.data inside a VF region (GM nodes never appear inside a region).
// CHECK: verify_vf_region.mlir:[[# @LINE + 4]]:17: error: ascir.vf @vf_0: ascir.data cannot appear in a VF region (a region computes on registers; GM data enters as a region input and leaves as a yielded value)
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %d = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// An ascir.load inside a VF region (loads stay outside, at memory level).
// CHECK: verify_vf_region.mlir:[[# @LINE + 6]]:21: error: ascir.load %e: loads read GM tensors (ascir.data or ascir.workspace), not a block argument
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.load %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// An unused ascir.store inside a VF region (loads, stores and GM nodes never appear inside a region).
// CHECK: verify_vf_region.mlir:[[# @LINE + 4]]:17: error: ascir.vf @vf_0: ascir.store cannot appear in a VF region (a region computes on registers; GM data enters as a region input and leaves as a yielded value)
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %s = ascir.store %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// An ascir.scalar inside a VF region (scalar-like values enter as region inputs).
// CHECK: verify_vf_region.mlir:[[# @LINE + 4]]:17: error: ascir.vf @vf_0: ascir.scalar %e produces a scalar-like value; scalar-like values enter a VF as value parameters (region inputs)
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.scalar {value = "1"} : !ascir.scalar<float32>
    ascir.vf_yield %e
  } : !ascir.scalar<float32>
}

// -----

// Loop_dtype float16 for a region computing in float32 (AL-7).
// CHECK: verify_vf_region.mlir:[[# @LINE + 4]]:17: error: ascir.vf @vf_0: loop_dtype float16 is not the widest compute dtype of the region (float32); AL-7: every mask follows the widest compute dtype
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float16 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// A region with one input whose entry block takes no argument. The diagnostic is reported
// at the graph's closing brace, not at the ascir.vf op: its line is not pinned here.
// CHECK: verify_vf_region.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ascir.vf @vf_0: the entry block must take one argument per input (1)
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0():
    %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// A region yielding a float32 tensor for a float16 result.
// CHECK: verify_vf_region.mlir:[[# @LINE + 4]]:17: error: ascir.vf @vf_0: yields 1 values whose types differ from its results
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// A region without its ascir.vf_yield terminator.
// CHECK: verify_vf_region.mlir:[[# @LINE + 6]]:20: error: Operation ascir.exp terminates block in single-block region but is not a terminator
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}

// -----

// A VF region member using a value defined outside the region (regions are isolated
// from above). Located at the ascir.vf op, whose member %e is printed in the message.
// CHECK: verify_vf_region.mlir:[[# @LINE + 4]]:17: error: Operation using value defined out of its IsolatedFromAbove parent: AddOp(%e = ascir.add %a, %l : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>)
ascir.graph @g impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %o = ascir.vf @vf_0 loop_dtype float32 (%l) {
  ^bb0(%a : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>):
    %e = ascir.add %a, %l : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
}
