// Inputs of split_offset_invalid_utf8.mlir: invalid UTF-8 in the second chunk.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
}

// -----

ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %xÿ = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
