// RUN: ascir-opt %s -t ascendc | filecheck %s
// Constants are inlined where they are used, typed so that C++ overloads stay exact; the
// 64-bit values outside long long's literal range keep their value. A float constant is
// its value rounded to its type as torch rounds (float16/bfloat16 through float32): one
// beyond the type's range is inf, never an out-of-range C++ literal; a float subnormal is
// an exact hexadecimal literal.

// CHECK-LABEL: // ===== device_impl.cpp =====
// trunci to i1 keeps the lowest bit
// CHECK:           const bool flag = static_cast<bool>(n & 1);
// CHECK:           const int64_t a = n + int64_t(9223372036854775807);
// CHECK-NEXT:      const int64_t b = n + int64_t(-9223372036854775807LL - 1);
// CHECK-NEXT:      const int32_t d = n32 + static_cast<int32_t>(-2147483648);
// CHECK-NEXT:      const int8_t e = n8 + static_cast<int8_t>(-128);
// CHECK-NEXT:      const bool f = flag ^ true;
// CHECK-NEXT:      const float g = xf + 0.5f;
// CHECK-NEXT:      const float h = xf + (1.0f / 0.0f);
// CHECK-NEXT:      const float i = xf + (-1.0f / 0.0f);
// CHECK-NEXT:      const float j = xf + (0.0f / 0.0f);
// CHECK-NEXT:      const float kk = xf + 1.0000000200408773e+20f;
// CHECK-NEXT:      const half l = xh + half(0.25f);
// CHECK-NEXT:      const bfloat16_t m = xb + bfloat16_t(-2.0f);
// CHECK-NEXT:      const half o = xh + half((1.0f / 0.0f));
// CHECK-NEXT:      const float p = xf + (1.0f / 0.0f);
// CHECK-NEXT:      const float q = xf + 0x1.0000000000000p-149f;
// CHECK-NEXT:      const half r = xh + half(-0.0f);
// CHECK-NEXT:      const half s = xh + half(-59968.0f);
// CHECK-NEXT:      const bfloat16_t u = xb + bfloat16_t((-1.0f / 0.0f));
// a pad value of a ui64 tensor past INT64_MAX
// CHECK:           AscendC::DataCopyPadExtParams<uint64_t>{true, 0, 0, uint64_t(18446744073709551615ULL)}

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%gx: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %n32 = arith.trunci %n : i64 to i32
    %n8 = arith.trunci %n : i64 to i8
    %flag = arith.trunci %n : i64 to i1
    %xf = arith.sitofp %n : i64 to f32
    %xh = arith.truncf %xf : f32 to f16
    %xb = arith.truncf %xf : f32 to bf16
    %max = arith.constant 9223372036854775807 : i64
    %min = arith.constant -9223372036854775808 : i64
    %m32 = arith.constant -2147483648 : i32
    %m8 = arith.constant -128 : i8
    %true = arith.constant true
    %half = arith.constant 0.5 : f32
    %inf = arith.constant 0x7F800000 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %big = arith.constant 1.0e+20 : f32
    %quarter = arith.constant 0.25 : f16
    %mtwo = arith.constant -2.0 : bf16
    %over = arith.constant 7.0e+04 : f16
    %big32 = arith.constant 3.5e+38 : f32
    %sub32 = arith.constant 1.0e-45 : f32
    %nz = arith.constant -0.0 : f16
    %tie = arith.constant -59984.000705074955 : f16
    %bover = arith.constant -3.3963e+38 : bf16
    %a = arith.addi %n, %max : i64
    %b = arith.addi %n, %min : i64
    %d = arith.addi %n32, %m32 : i32
    %e = arith.addi %n8, %m8 : i8
    %f = arith.xori %flag, %true : i1
    %g = arith.addf %xf, %half : f32
    %h = arith.addf %xf, %inf : f32
    %i = arith.addf %xf, %ninf : f32
    %j = arith.addf %xf, %nan : f32
    %kk = arith.addf %xf, %big : f32
    %l = arith.addf %xh, %quarter : f16
    %m = arith.addf %xb, %mtwo : bf16
    %o = arith.addf %xh, %over : f16
    %p = arith.addf %xf, %big32 : f32
    %q = arith.addf %xf, %sub32 : f32
    %r = arith.addf %xh, %nz : f16
    %s = arith.addf %xh, %tie : f16
    %u = arith.addf %xb, %bover : bf16
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %bytes = arith.constant 256 : i64
    %gu = ascendc.global_tensor %gx + %zero, %n : !ascendc.global<ui64>
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %lu = ascendc.tbuf_get %buf, %one, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui64>
    ascendc.data_copy_pad %lu, %gu, {%one, %one, %zero, %zero} pad 18446744073709551615 : ui64 : !ascendc.local<ui64>, !ascendc.global<ui64>
  }
}
