// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.cast follows the Cast table of the seed: an unsupported pair names the
// targets its source dtype allows, so the fix (an intermediate dtype) is visible.

// ascir.cast bool -> int64 (not in the cast table).
// CHECK: verify_cast.mlir:[[# @LINE + 4]]:19: error: ascir.cast %y: cast bool -> int64 is not supported; from bool the allowed targets are: int32, uint8, float16, float32 (cast through an intermediate dtype)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.cast %l : !ascir.tensor<int64, [z0], [s0], [1]>
}

// -----

// ascir.cast float32 -> uint8 (not in the cast table).
// CHECK: verify_cast.mlir:[[# @LINE + 4]]:19: error: ascir.cast %y: cast float32 -> uint8 is not supported; from float32 the allowed targets are: int16, int32, int64, float16, bfloat16 (cast through an intermediate dtype)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.cast %l : !ascir.tensor<uint8, [z0], [s0], [1]>
}

// -----

// ascir.cast int64 -> float16 (not in the cast table).
// CHECK: verify_cast.mlir:[[# @LINE + 4]]:19: error: ascir.cast %y: cast int64 -> float16 is not supported; from int64 the allowed targets are: int32, float32 (cast through an intermediate dtype)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int64, [z0], [s0], [1]>
  %y = ascir.cast %l : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// ascir.cast from uint16 (no cast from uint16 exists).
// CHECK: verify_cast.mlir:[[# @LINE + 4]]:19: error: ascir.cast %y: cast uint16 -> float32 is not supported; from uint16 the allowed targets are: none (cast through an intermediate dtype)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint16, [z0], [s0], [1]>
  %y = ascir.cast %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// ascir.cast float32 -> uint64 (not in the cast table).
// CHECK: verify_cast.mlir:[[# @LINE + 4]]:19: error: ascir.cast %c: cast float32 -> uint64 is not supported; from float32 the allowed targets are: int16, int32, int64, float16, bfloat16 (cast through an intermediate dtype)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.cast %l : !ascir.tensor<uint64, [z0], [s0], [1]>
}

// -----

// ascir.cast whose result view differs from its operand.
// CHECK: verify_cast.mlir:[[# @LINE + 4]]:19: error: ascir.cast %c: operand x has view axis=['z0'] repeats=['s0'] but the result has axis=['z0'] repeats=['4']; elementwise operands must match the result view: insert an explicit ascir.broadcast
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.cast %l : !ascir.tensor<float16, [z0], [4], [1]>
}
