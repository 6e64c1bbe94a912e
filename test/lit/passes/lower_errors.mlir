// RUN: ascir-opt %s --split-input-file --verify-diagnostics -p autofuse -t ascendc | filecheck %s

// What lower-to-ascendc cannot lower yet, through the whole pipeline: the error names the
// pass that failed (autofuse reports its sub-pass) and is located at the node (the line
// is chunk-relative under --split-input-file, see split_offset_pass_error.mlir).
// Converted from test/bad_inputs/lower_*.

// FloorDiv is lowered for floats (target.math) and signed integers only.
// CHECK: lower_errors.mlir:{{[0-9]+}}:23: error: lower-to-ascendc: ascir.floordiv %q: uint16 floordiv has no AscendC lowering yet (floats and signed integers only)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint16, [z0], [s0], [1]>
  %q = ascir.floordiv %l, %l : !ascir.tensor<uint16, [z0], [s0], [1]>
  %s = ascir.store %q : !ascir.tensor<uint16, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<uint16, [z0], [s0], [1]>
}

// -----

// So is Remainder.
// CHECK: lower_errors.mlir:{{[0-9]+}}:24: error: lower-to-ascendc: ascir.remainder %q: uint32 remainder has no AscendC lowering yet (floats and signed integers only)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint32, [z0], [s0], [1]>
  %q = ascir.remainder %l, %l : !ascir.tensor<uint32, [z0], [s0], [1]>
  %s = ascir.store %q : !ascir.tensor<uint32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<uint32, [z0], [s0], [1]>
}

// -----

// TrueDiv by a scalar.
// CHECK: lower_errors.mlir:{{[0-9]+}}:22: error: lower-to-ascendc: ascir.truediv %q: TrueDiv with a scalar operand is not supported yet
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "2"} : !ascir.scalar<float32>
  %q = ascir.truediv %l, %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %q : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A workspace between stages of an ordinary graph.
// CHECK: lower_errors.mlir:{{[0-9]+}}:24: error: lower-to-ascendc: ascir.workspace %w: workspaces between stages are not supported by the single-stage lowering
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.workspace %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %m = ascir.load %w : !ascir.tensor<float32, [z0], [s0], [1]>
  %t = ascir.store %m : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %t {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// One kernel per build: one graph per module.
// CHECK: error: lower-to-ascendc: expected one graph per module (one kernel per build), found 2
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
ascir.graph @h hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
