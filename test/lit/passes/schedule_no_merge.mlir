// RUN: ascir-opt %s --split-input-file -p schedule | filecheck %s

// Axes merge only where every GM-addressed view (loads, stores, Arange) is contiguous
// across them: stride(outer) == repeat(inner) * stride(inner). Each case here has one
// view that is not, so no merged axis appears and the tensors keep both axes.

// A transposed read (strides [1, s0]) stored row-major.
// CHECK-LABEL: ascir.graph @transposed impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
// CHECK-NEXT:    %x = ascir.data
// CHECK-NEXT:    %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [1, s0], vectorized [z1], [1]>
// CHECK-NEXT:    %st = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
ascir.graph @transposed hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [1, s0]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [1, s0]>
  %st = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// A column slice of padded rows: rows of s1 + 2 elements read from offset 1. The offset
// is kept on the load.
// CHECK-LABEL: ascir.graph @padded_rows impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
// CHECK:         %l = ascir.load %x {offset = #ascir.expr<1>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1 + 2, 1], vectorized [z1], [1]>
ascir.graph @padded_rows hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1 + 2], [s1 + 2, 1]>
  %l = ascir.load %x {offset = #ascir.expr<1>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1 + 2, 1]>
  %st = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// The input is contiguous, but the output is written into rows of 16 with s1 <= 16
// elements each (a store view, not the output's, decides): no merge.
// CHECK-LABEL: ascir.graph @strided_store impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
// CHECK:         %st = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [16, 1], vectorized [z1], [1]>
ascir.graph @strided_store hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [16, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [16, 1]>
}

// -----

// A bias broadcast along the rows (size 1 on z0 in the load of %b): z0 and z1 stay
// apart, the bias load keeps its degenerate z0 (size 1, stride 0).
// CHECK-LABEL: ascir.graph @row_bias impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
// CHECK:         %bl = ascir.load %b : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %bb = ascir.broadcast %bl : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
ascir.graph @row_bias hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %b = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z1], [s1], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %bl = ascir.load %b : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %bb = ascir.broadcast %bl : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.add %xl, %bb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
