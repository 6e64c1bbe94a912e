// RUN: ascir-opt %S/Inputs/hostile_bytes.mlir --split-input-file --verify-diagnostics | filecheck %s

// Inputs whose bytes do not belong in a test file (Inputs/hostile_bytes.mlir, from
// test/bad_inputs/): each is one located diagnostic, none is a traceback, none hangs.

// Invalid UTF-8 is reported at the first bad byte, before the lexer sees the text.
// CHECK:      hostile_bytes.mlir:5:5: error: byte 0xff is not valid UTF-8; IR text must be UTF-8 encoded
// CHECK-NEXT: // -----

// A NUL byte and terminal control characters are unexpected characters where they are.
// CHECK:      hostile_bytes.mlir:11:39: error: Unexpected character:
// CHECK:      // -----
// CHECK:      hostile_bytes.mlir:17:19: error: Unexpected character:
// CHECK:      // -----

// An unterminated string literal is found before xDSL's string regex, which backtracks
// exponentially on a long line: both are reported, at the opening quote. (The line is
// chunk-relative: see split_offset_string_literal.mlir.)
// CHECK:      hostile_bytes.mlir:{{[0-9]+}}:30: error: unterminated string literal (a string ends on the line where it starts)
// CHECK:      // -----
// CHECK:      hostile_bytes.mlir:{{[0-9]+}}:30: error: unterminated string literal (a string ends on the line where it starts)
// CHECK:      // -----

// Integers of 10000 digits: refused as out of range (Python's int() refuses to convert
// more than 4300 digits; the message must not be its ValueError).
// CHECK:      hostile_bytes.mlir:35:50: error: an integer literal of 10000 digits is out of range (IR integers are at most 64-bit)
// CHECK:      // -----
// CHECK:      hostile_bytes.mlir:41:28: error: an integer literal of 10000 digits is out of range (IR integers are at most 64-bit)
// CHECK:      // -----
// CHECK:      hostile_bytes.mlir:47:21: error: ascir.scalar %c: value of 10000 digits does not fit int64 [-9223372036854775808, 9223372036854775807]
// CHECK-NEXT: // -----
// CHECK:      hostile_bytes.mlir:53:21: error: ascir.scalar %c: value of 10000 digits does not fit int64 [-9223372036854775808, 9223372036854775807]
// CHECK-NEXT: // -----

// Deep nesting: xDSL's recursive attribute parser hits Python's recursion limit (reported
// where it happened); the size-expression parser has its own bound of 64 levels.
// CHECK:      hostile_bytes.mlir:59:183: error: the input is nested too deeply to parse (Python's recursion limit was reached here); flatten the nesting
// CHECK:      // -----
// CHECK:      hostile_bytes.mlir:65:110: error: size expression nested deeper than 64 levels
// CHECK:      // -----
// CHECK:      hostile_bytes.mlir:71:175: error: size expression nested deeper than 64 levels
// CHECK-NOT:  Traceback
