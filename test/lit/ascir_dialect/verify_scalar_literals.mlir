// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// ascir.scalar values are literals of their dtype, never evaluated: no
// expressions, no statements, ASCII digits only, in range of the dtype.

// ascir.scalar int32 with the value 1.5.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '1.5' is not an integer literal for dtype int32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1.5"} : !ascir.scalar<int32>
}

// -----

// ascir.scalar int8 with the value 300 (out of range).
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value 300 does not fit int8 [-128, 127]
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "300"} : !ascir.scalar<int8>
}

// -----

// ascir.scalar int64 with a 30-digit value.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value 123456789012345678901234567890 does not fit int64 [-9223372036854775808, 9223372036854775807]
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "123456789012345678901234567890"} : !ascir.scalar<int64>
}

// -----

// ascir.scalar bool with the value 'yes'.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: bool value must be 0, 1, true or false, got 'yes'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "yes"} : !ascir.scalar<bool>
}

// -----

// ascir.scalar float32 with a hexadecimal literal (decimal only).
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '0x1p3' is not a decimal floating-point literal
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "0x1p3"} : !ascir.scalar<float32>
}

// -----

// ascir.scalar int32 with the value "١٢" (ARABIC-INDIC digits; int() reads 12).
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '١٢' holds the non-ASCII digit '١' (U+0661 ARABIC-INDIC DIGIT ONE); write numbers with the digits 0-9
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "١٢"} : !ascir.scalar<int32>
}

// -----

// ascir.scalar float32 with the value "１.5" (a FULLWIDTH DIGIT; float() reads 1.5).
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '１.5' holds the non-ASCII digit '１' (U+FF11 FULLWIDTH DIGIT ONE); write numbers with the digits 0-9
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "１.5"} : !ascir.scalar<float32>
}

// -----

// ascir.scalar float32 whose value is Python code.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '__import__('os')' is not a decimal floating-point literal
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "__import__('os')"} : !ascir.scalar<float32>
}

// -----

// ascir.scalar float32 whose value is an arithmetic expression.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '1e3 * 2' is not a decimal floating-point literal
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1e3 * 2"} : !ascir.scalar<float32>
}

// -----

// ascir.scalar int64 whose value carries a statement.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '7; import os' is not an integer literal for dtype int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "7; import os"} : !ascir.scalar<int64>
}

// -----

// ascir.scalar without a value.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: property 'value' expected in operation 'ascir.scalar'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar : !ascir.scalar<int32>
}

// -----

// ascir.scalar value given as an integer attribute, not a string.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: 3 : i64 should be of base attribute string
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = 3 : i64} : !ascir.scalar<int32>
}

// -----

// ascir.scalar float32 with a digit separator (Python's float() reads "1_000"; C++ does not).
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '1_000' is not a decimal floating-point literal (digits with an optional point and exponent, or inf, -inf, nan)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1_000"} : !ascir.scalar<float32>
}

// -----

// ascir.scalar float16 with an exponent without digits.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value '1e' is not a decimal floating-point literal
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1e"} : !ascir.scalar<float16>
}

// -----

// ascir.scalar bfloat16 with a misspelt infinity.
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 2]]:21: error: ascir.scalar %c: value 'infinit' is not a decimal floating-point literal
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "infinit"} : !ascir.scalar<bfloat16>
}

// -----

// A float literal has a value whatever its magnitude (torch's: out of range it is inf):
// these verify. An integer literal out of its dtype's range does not (which value was meant
// is unknown): the pad value 256 of a uint8 tensor is refused where it is written.
// CHECK-NOT: error: ascir.scalar
// CHECK: verify_scalar_literals.mlir:[[# @LINE + 8]]:18: error: ascir.pad %p: value 256 does not fit uint8 [0, 255]
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.scalar {value = "70000"} : !ascir.scalar<float16>
  %b = ascir.scalar {value = "-1e999"} : !ascir.scalar<bfloat16>
  %c = ascir.scalar {value = "3.5e38"} : !ascir.scalar<float32>
  %d = ascir.scalar {value = " -Infinity "} : !ascir.scalar<float32>
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<uint8, [z0], [s0], [1]>
  %p = ascir.pad %l {low = [#ascir.expr<1>], high = [#ascir.expr<0>], value = "256"} : !ascir.tensor<uint8, [z0], [s0 + 1], [1]>
}
