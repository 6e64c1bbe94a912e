// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Numbers in IR text: ASCII digits only (Python's int() would read other scripts'
// digits), and 64-bit: a literal that does not fit is refused where it is written,
// never wrapped.

// ARABIC-INDIC DIGIT FOUR (U+0664) as an axis size.
// CHECK: parse_numbers.mlir:[[# @LINE + 1]]:46: error: '٤' (U+0664 ARABIC-INDIC DIGIT FOUR) is not an ASCII digit; numbers in IR text are written with the digits 0-9
ascir.graph @g hint sizes [s0] axes [0: z0 = ٤] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [4], [1]>
}

// -----

// ARABIC-INDIC DIGIT THREE (U+0663) as the value of an integer attribute.
// CHECK: parse_numbers.mlir:[[# @LINE + 2]]:28: error: '٣' (U+0663 ARABIC-INDIC DIGIT THREE) is not an ASCII digit; numbers in IR text are written with the digits 0-9
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = ٣ : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// DEVANAGARI DIGIT ONE (U+0967) as a stride.
// CHECK: parse_numbers.mlir:[[# @LINE + 2]]:75: error: '१' (U+0967 DEVANAGARI DIGIT ONE) is not an ASCII digit; numbers in IR text are written with the digits 0-9
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [१]>
}

// -----

// A FULLWIDTH DIGIT ONE (U+FF11) in a size expression (Python's int() would read it as 1).
// CHECK: parse_numbers.mlir:[[# @LINE + 2]]:50: error: '１' (U+FF11 FULLWIDTH DIGIT ONE) is not an ASCII digit; numbers in IR text are written with the digits 0-9
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 - １>} : !ascir.scalar<int64>
}

// -----

// VULGAR FRACTION ONE HALF (U+00BD), numeric to str.isnumeric(), in a size expression.
// CHECK: parse_numbers.mlir:[[# @LINE + 2]]:50: error: '½' (U+00BD VULGAR FRACTION ONE HALF) is not an ASCII digit; numbers in IR text are written with the digits 0-9
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0 * ½>} : !ascir.scalar<int64>
}

// -----

// An i64 attribute with a 40-digit value.
// CHECK: parse_numbers.mlir:[[# @LINE + 2]]:74: error: Integer value 1234567890123456789012345678901234567890 is out of range for type i64 which supports values in the range [-9223372036854775808, 18446744073709551616)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 1234567890123456789012345678901234567890 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Index = 9223372036854775808 : i64 (2**63; stored by its bits it would read as -2**63).
// CHECK: parse_numbers.mlir:[[# @LINE + 2]]:28: error: integer 9223372036854775808 does not fit i64 [-9223372036854775808, 9223372036854775807] (it would be read as -9223372036854775808)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 9223372036854775808 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// Index = 18446744073709551615 : i64 (2**64 - 1; stored by its bits it would read as -1).
// CHECK: parse_numbers.mlir:[[# @LINE + 2]]:28: error: integer 18446744073709551615 does not fit i64 [-9223372036854775808, 9223372036854775807] (it would be read as -1)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 18446744073709551615 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A 30-digit constant axis size that no kernel integer can hold.
// CHECK: parse_numbers.mlir:[[# @LINE + 1]]:74: error: integer 100000000000000000000000000000 does not fit in int64 (sizes and offsets are 64-bit)
ascir.graph @g hint sizes [] axes [0: z0 = 100000000000000000000000000000] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [100000000000000000000000000000], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [100000000000000000000000000000], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [100000000000000000000000000000], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [100000000000000000000000000000], [1]>
}

// -----

// A dense float16 element beyond float16's range: xDSL packs dense elements as written, so
// it is a located error, not a crash.
// CHECK: parse_numbers.mlir:[[# @LINE + 2]]:50: error: a dense element does not fit its element type (float too large to pack with e format); write inf and NaN elements as hexadecimal bit patterns
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64, extra = dense<7.0e+04> : tensor<2xf16>} : !ascir.tensor<float32, [z0], [s0], [1]>
}
