// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.index_put (issue 37): the roles are named by axis -- the result's dim axis is the
// row axis, the index's axes of extent > 1 the index axes, the result's other axes the
// columns; the values span index axes and columns only. Each diagnostic at its line.

// The values span the row axis v.
// CHECK: verify_index_put.mlir:[[# @LINE + 8]]:{{[0-9]+}}: error: ascir.index_put %y: values axis 'v' (4 elements) is the row axis: the values span index axes ['b'] and columns ['d'] (size 1 elsewhere)
ascir.graph @g hint sizes [s0] axes [0: v = 4, 1: d = 8, 2: b = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [b], [3], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [b, v, d], [3, 4, 8], [32, 8, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [b], [3], [1]>
  %gl = ascir.load %g : !ascir.tensor<float32, [b, v, d], [3, 4, 8], [32, 8, 1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 0 : i64} : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
}

// -----

// An index axis that is also a column of the output.
// CHECK: verify_index_put.mlir:[[# @LINE + 8]]:{{[0-9]+}}: error: ascir.index_put %y: index axis 'd' is also the output's row or column axis: the index needs axes of its own (size 1 in the output)
ascir.graph @g hint sizes [s0] axes [0: v = 4, 1: d = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [d], [8], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [d], [8], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [d], [8], [1]>
  %gl = ascir.load %g : !ascir.tensor<float32, [d], [8], [1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 0 : i64} : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
}

// -----

// A values extent that is neither the index's nor the output's.
// CHECK: verify_index_put.mlir:[[# @LINE + 8]]:{{[0-9]+}}: error: ascir.index_put %y: values axis 'd' has 7 elements where the output has 8
ascir.graph @g hint sizes [s0] axes [0: v = 4, 1: d = 8, 2: b = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [b], [3], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [b, d], [3, 7], [7, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b], [3], [1]>
  %gl = ascir.load %g : !ascir.tensor<float32, [b, d], [3, 7], [7, 1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 0 : i64} : !ascir.tensor<float32, [v, d], [4, 8], [8, 1]>
}

// -----

// Accumulating bools.
// CHECK: verify_index_put.mlir:[[# @LINE + 8]]:{{[0-9]+}}: error: ascir.index_put %y: input x1 dtype bool is not supported; allowed:
ascir.graph @g hint sizes [s0] axes [0: v = 4, 1: b = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [v], [4], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [b], [3], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<bool, [b], [3], [1]>
  %xl = ascir.load %x : !ascir.tensor<bool, [v], [4], [1]>
  %il = ascir.load %i : !ascir.tensor<int64, [b], [3], [1]>
  %gl = ascir.load %g : !ascir.tensor<bool, [b], [3], [1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 0 : i64} : !ascir.tensor<bool, [v], [4], [1]>
}

// -----

// A float index.
// CHECK: verify_index_put.mlir:[[# @LINE + 8]]:{{[0-9]+}}: error: ascir.index_put %y: index x2 dtype float32 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0] axes [0: v = 4, 1: b = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [v], [4], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [b], [3], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [b], [3], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [v], [4], [1]>
  %il = ascir.load %i : !ascir.tensor<float32, [b], [3], [1]>
  %gl = ascir.load %g : !ascir.tensor<float32, [b], [3], [1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 0 : i64} : !ascir.tensor<float32, [v], [4], [1]>
}

// -----

// Values of another dtype.
// CHECK: verify_index_put.mlir:[[# @LINE + 8]]:{{[0-9]+}}: error: ascir.index_put %y: input, values and output share one dtype: got float32, float16 and float32 (cast the values first)
ascir.graph @g hint sizes [s0] axes [0: v = 4, 1: b = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [v], [4], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [b], [3], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<float16, [b], [3], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [v], [4], [1]>
  %il = ascir.load %i : !ascir.tensor<int64, [b], [3], [1]>
  %gl = ascir.load %g : !ascir.tensor<float16, [b], [3], [1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 0 : i64} : !ascir.tensor<float32, [v], [4], [1]>
}

// -----

// Without accumulate, bool is fine; and the canonical form (every tensor over one axis list).
// CHECK-LABEL: ascir.graph @ok
// CHECK: ascir.index_put %xl, %il, %gl {accumulate = false, dim = 0 : i64} : !ascir.tensor<bool, [v], [4], [1]>
// CHECK-LABEL: ascir.graph @canonical
// CHECK: ascir.index_put %xl, %il, %gl {dim = 2 : i64, need_check_bound = true, need_check_negative = true}
ascir.graph @ok hint sizes [s0] axes [0: v = 4, 1: b = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [v], [4], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [b], [3], [1]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<bool, [b], [3], [1]>
  %xl = ascir.load %x : !ascir.tensor<bool, [v], [4], [1]>
  %il = ascir.load %i : !ascir.tensor<int64, [b], [3], [1]>
  %gl = ascir.load %g : !ascir.tensor<bool, [b], [3], [1]>
  %y = ascir.index_put %xl, %il, %gl {accumulate = false, dim = 0 : i64} : !ascir.tensor<bool, [v], [4], [1]>
}
ascir.graph @canonical hint sizes [B, S, V, D] axes [0: b = B, 1: s = S, 2: v = V, 3: d = D] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [b, s, v, d], [1, 1, V, D], [0, 0, D, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [b, s, v, d], [B, S, 1, 1], [S, 1, 0, 0]>
  %g = ascir.data {index = 2 : i64} : !ascir.tensor<float16, [b, s, v, d], [B, 1, 1, D], [D, 0, 0, 1]>
  %xl = ascir.load %x : !ascir.tensor<float16, [b, s, v, d], [1, 1, V, D], [0, 0, D, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b, s, v, d], [B, S, 1, 1], [S, 1, 0, 0]>
  %gl = ascir.load %g : !ascir.tensor<float16, [b, s, v, d], [B, 1, 1, D], [D, 0, 0, 1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 2 : i64, need_check_negative = true, need_check_bound = true} : !ascir.tensor<float16, [b, s, v, d], [1, 1, V, D], [0, 0, D, 1]>
}
