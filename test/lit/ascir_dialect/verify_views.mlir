// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Tensor views (axis, repeats, strides, vectorized layout): the type verifier points
// at the type, the op verifiers at the op.

// One axis but two repeats and two strides.
// CHECK: verify_views.mlir:[[# @LINE + 2]]:52: error: tensor view lists must have equal lengths, got axis=1, repeats=2, strides=2: give one repeat and one stride per axis
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0, s0], [s0, 1]>
}

// -----

// One axis and one repeat but no stride.
// CHECK: verify_views.mlir:[[# @LINE + 2]]:52: error: tensor view lists must have equal lengths, got axis=1, repeats=1, strides=0: give one repeat and one stride per axis
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], []>
}

// -----

// A stride of -1.
// CHECK: verify_views.mlir:[[# @LINE + 2]]:52: error: stride of axis 'z0' is negative (-1); strides must be >= 0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [-1]>
}

// -----

// A tensor view listing z0 twice.
// CHECK: verify_views.mlir:[[# @LINE + 2]]:52: error: tensor view repeats an axis: ['z0', 'z0']
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z0], [s0, s0], [s0, 1]>
}

// -----

// A repeat of 0.
// CHECK: verify_views.mlir:[[# @LINE + 2]]:52: error: repeat of axis 'z0' must be >= 1, got 0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [0], [1]>
}

// -----

// A vectorized axis that is not an axis of the view.
// CHECK: verify_views.mlir:[[# @LINE + 2]]:52: error: vectorized axis 'z9' is not an axis of the tensor view ['z0']
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z9], [1]>
}

// -----

// Vectorized axes and vectorized strides of different lengths.
// CHECK: verify_views.mlir:[[# @LINE + 2]]:52: error: vectorized_axis (1) and vectorized_strides (0) must have equal lengths
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], []>
}

// -----

// ascir.data with stride 0 on an axis of size s0 (a GM input view cannot broadcast).
// CHECK: verify_views.mlir:[[# @LINE + 2]]:19: error: ascir.data %x: a GM input view cannot have stride 0 on an axis of size != 1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [0]>
}

// -----

// ascir.add of a [z0] and a [z0, z1] tensor (no implicit broadcasting).
// CHECK: verify_views.mlir:[[# @LINE + 6]]:18: error: ascir.add %y: operand x2 has view axis=['z0'] repeats=['s0'] but the result has axis=['z0', 'z1'] repeats=['s0', 's1']; elementwise operands must match the result view: insert an explicit ascir.broadcast
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.add %a, %b : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// ascir.mul of tensors of sizes s0 and s1 on axis z0.
// CHECK: verify_views.mlir:[[# @LINE + 6]]:18: error: ascir.mul %y: operand x2 has view axis=['z0'] repeats=['s1'] but the result has axis=['z0'] repeats=['s0']; elementwise operands must match the result view: insert an explicit ascir.broadcast
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s1], [1]>
  %b = ascir.load %w : !ascir.tensor<float32, [z0], [s1], [1]>
  %y = ascir.mul %a, %b : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.broadcast of a [z1, z0] tensor to [z0, z1] (broadcast cannot transpose).
// CHECK: verify_views.mlir:[[# @LINE + 4]]:24: error: ascir.broadcast %b: operand axes ['z1', 'z0'] must appear in the same order among the result axes ['z0', 'z1']
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z1, z0], [s1, 1], [1, 0]>
  %l = ascir.load %x : !ascir.tensor<float32, [z1, z0], [s1, 1], [1, 0]>
  %b = ascir.broadcast %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// ascir.broadcast of an axis of size 4 to size 8 (only size 1 broadcasts).
// CHECK: verify_views.mlir:[[# @LINE + 4]]:24: error: ascir.broadcast %b: operand axis 'z0' has size 4; it must be 1 (broadcast) or equal to the result size 8
ascir.graph @g hint sizes [] axes [0: z0 = 8, 1: z1 = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [4, 1], [1, 0]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [4, 1], [1, 0]>
  %b = ascir.broadcast %l : !ascir.tensor<float32, [z0, z1], [8, 8], [8, 1]>
}
