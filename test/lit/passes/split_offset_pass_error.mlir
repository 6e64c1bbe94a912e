// RUN: ascir-opt %s --split-input-file --verify-diagnostics -p schedule | filecheck %s

// With --split-input-file, a located pass error (passes.diagnostics.PassError with
// at=op) is reported at the op's line in the file, not inside its chunk (ascir-opt makes
// every chunk's locations file lines after parsing).

// CHECK: split_offset_pass_error.mlir:[[# @LINE + 4]]:19: error: schedule: ascir.load %b: axis 'z0' has size s1 and elsewhere s0
ascir.graph @first hint sizes [s0, s1] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.load %x : !ascir.tensor<float32, [z0], [s1], [1]>
}

// -----

// CHECK: split_offset_pass_error.mlir:[[# @LINE + 4]]:19: error: schedule: ascir.load %b: axis 'z0' has size s1 and elsewhere s0
ascir.graph @second hint sizes [s0, s1] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.load %x : !ascir.tensor<float32, [z0], [s1], [1]>
}
