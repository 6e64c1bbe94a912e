// RUN: ascir-opt %s | filecheck %s
// RUN: ascir-opt %s | ascir-opt | filecheck %s

// A decimal float attribute of a 16/32-bit float type has the value an ascir.scalar literal
// has (torch's): the float64 read from the text rounded to the type -- float16 and bfloat16
// through float32 --, +-inf beyond the type's range. It prints as that value and parses
// back to it. (xDSL alone crashes packing 7.0e+04 into 16 bits.)

// CHECK:      %over = arith.constant 0x7c00 : f16
// CHECK-NEXT: %under = arith.constant 0xfc00 : f16
// CHECK-NEXT: %top = arith.constant 6.550400e+04 : f16
// CHECK-NEXT: %tie = arith.constant -5.996800e+04 : f16
// CHECK-NEXT: %big = arith.constant 0x7f800000 : f32
// CHECK-NEXT: %huge = arith.constant 0xff800000 : f32
// CHECK-NEXT: %tiny = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %bover = arith.constant 0x7f80 : bf16
// CHECK-NEXT: %btop = arith.constant 3.389530e+38 : bf16
// CHECK-NEXT: %bits = arith.constant 0xfc00 : f16
builtin.module {
  %over = arith.constant 7.0e+04 : f16
  %under = arith.constant -65520.0 : f16
  %top = arith.constant 65519.0 : f16
  %tie = arith.constant -59984.000705074955 : f16
  %big = arith.constant 3.5e+38 : f32
  %huge = arith.constant -1.0e999 : f32
  %tiny = arith.constant -1.0e-999 : f32
  %bover = arith.constant 3.3963e+38 : bf16
  %btop = arith.constant 3.3961e+38 : bf16
  %bits = arith.constant 0xfc00 : f16
}
