// RUN: ascir-opt %s --split-input-file | ascir-opt --split-input-file | filecheck %s
// RUN: ascir-opt %s --split-input-file -p autofuse | filecheck %s --check-prefix=LOWER
// RUN: ascir-opt %s --split-input-file -p autofuse -t ascendc | filecheck %s --check-prefix=CPP

// A float literal has torch's value (torch.tensor(float(text), dtype=...)): the float64
// read from the text, rounded to the dtype -- float16 and bfloat16 through float32, ties
// to even -- and +-inf beyond the dtype's range. The verifier accepts it, the IR keeps the
// text as written (printed and parsed again unchanged), and the lowering, the reference and
// the C++ constants all take the rounded value: 70000 is inf in float16, 65519 its largest
// finite value 65504, 3.5e38 inf in float32, 1e999 inf everywhere, 1e-999 zero.

// CHECK-LABEL: ascir.graph @f16
// CHECK:      %p = ascir.pad %l {high = [#ascir.expr<0>], low = [#ascir.expr<1>], value = "-70000"}
// CHECK:      %big = ascir.scalar {value = "70000"} : !ascir.scalar<float16>
// CHECK:      %top = ascir.scalar {value = "65519"} : !ascir.scalar<float16>
// CHECK:      %nz = ascir.scalar {value = "-0.0"} : !ascir.scalar<float16>
// LOWER-LABEL: ascendc.kernel @autofuse_f16
// LOWER-DAG:  %big = arith.constant 0x7c00 : f16
// LOWER-DAG:  %top = arith.constant 6.550400e+04 : f16
// LOWER-DAG:  %nz = arith.constant -0.000000e+00 : f16
// LOWER-DAG:  %l_p_fill = arith.constant 0xfc00 : f16
// CPP-LABEL: // ===== device_impl.cpp =====
// CPP-DAG:    AscendC::Duplicate({{.*}}, half((-1.0f / 0.0f)),
// CPP-DAG:    asc_vf_call<autofuse_f16_vf_0>(half((1.0f / 0.0f)), half(65504.0f), half(-0.0f),
ascir.graph @f16 hint sizes [] axes [0: z0 = 9] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [8], [1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0], [8], [1]>
  %p = ascir.pad %l {low = [#ascir.expr<1>], high = [#ascir.expr<0>], value = "-70000"} : !ascir.tensor<float16, [z0], [9], [1]>
  %big = ascir.scalar {value = "70000"} : !ascir.scalar<float16>
  %bb = ascir.broadcast %big : !ascir.tensor<float16, [z0], [9], [1]>
  %top = ascir.scalar {value = "65519"} : !ascir.scalar<float16>
  %tb = ascir.broadcast %top : !ascir.tensor<float16, [z0], [9], [1]>
  %nz = ascir.scalar {value = "-0.0"} : !ascir.scalar<float16>
  %nb = ascir.broadcast %nz : !ascir.tensor<float16, [z0], [9], [1]>
  %a = ascir.add %p, %bb : !ascir.tensor<float16, [z0], [9], [1]>
  %b = ascir.add %a, %tb : !ascir.tensor<float16, [z0], [9], [1]>
  %c = ascir.add %b, %nb : !ascir.tensor<float16, [z0], [9], [1]>
  %s = ascir.store %c : !ascir.tensor<float16, [z0], [9], [1]>
  %y = ascir.output %s {index = 0 : i64} : !ascir.tensor<float16, [z0], [9], [1]>
}

// -----

// CHECK-LABEL: ascir.graph @f32
// CHECK:      %big = ascir.scalar {value = "3.5e38"} : !ascir.scalar<float32>
// CHECK:      %huge = ascir.scalar {value = "-1e999"} : !ascir.scalar<float32>
// CHECK:      %tiny = ascir.scalar {value = "1e-999"} : !ascir.scalar<float32>
// CHECK:      %sub = ascir.scalar {value = "1e-45"} : !ascir.scalar<float32>
// CHECK:      %n = ascir.scalar {value = "NaN"} : !ascir.scalar<float32>
// LOWER-LABEL: ascendc.kernel @autofuse_f32
// LOWER-DAG:  %big = arith.constant 0x7f800000 : f32
// LOWER-DAG:  %huge = arith.constant 0xff800000 : f32
// LOWER-DAG:  %tiny = arith.constant 0.000000e+00 : f32
// LOWER-DAG:  %sub = arith.constant 1.401300e-45 : f32
// LOWER-DAG:  %n = arith.constant 0x7fc00000 : f32
// CPP-LABEL: // ===== device_impl.cpp =====
// CPP-DAG:    asc_vf_call<autofuse_f32_vf_0>((1.0f / 0.0f),
// CPP-DAG:    asc_vf_call<autofuse_f32_vf_1>((-1.0f / 0.0f),
// CPP-DAG:    asc_vf_call<autofuse_f32_vf_2>(0.0f,
// CPP-DAG:    asc_vf_call<autofuse_f32_vf_3>(0x1.0000000000000p-149f,
// CPP-DAG:    asc_vf_call<autofuse_f32_vf_4>((0.0f / 0.0f),
ascir.graph @f32 hint sizes [] axes [0: z0 = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [8], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [8], [1]>
  %big = ascir.scalar {value = "3.5e38"} : !ascir.scalar<float32>
  %bb = ascir.broadcast %big : !ascir.tensor<float32, [z0], [8], [1]>
  %huge = ascir.scalar {value = "-1e999"} : !ascir.scalar<float32>
  %hb = ascir.broadcast %huge : !ascir.tensor<float32, [z0], [8], [1]>
  %tiny = ascir.scalar {value = "1e-999"} : !ascir.scalar<float32>
  %tb = ascir.broadcast %tiny : !ascir.tensor<float32, [z0], [8], [1]>
  %sub = ascir.scalar {value = "1e-45"} : !ascir.scalar<float32>
  %sb = ascir.broadcast %sub : !ascir.tensor<float32, [z0], [8], [1]>
  %n = ascir.scalar {value = "NaN"} : !ascir.scalar<float32>
  %nb = ascir.broadcast %n : !ascir.tensor<float32, [z0], [8], [1]>
  %a = ascir.add %l, %bb : !ascir.tensor<float32, [z0], [8], [1]>
  %b = ascir.add %l, %hb : !ascir.tensor<float32, [z0], [8], [1]>
  %c = ascir.add %l, %tb : !ascir.tensor<float32, [z0], [8], [1]>
  %d = ascir.add %l, %sb : !ascir.tensor<float32, [z0], [8], [1]>
  %e = ascir.add %l, %nb : !ascir.tensor<float32, [z0], [8], [1]>
  %s0 = ascir.store %a : !ascir.tensor<float32, [z0], [8], [1]>
  %y0 = ascir.output %s0 {index = 0 : i64} : !ascir.tensor<float32, [z0], [8], [1]>
  %s1 = ascir.store %b : !ascir.tensor<float32, [z0], [8], [1]>
  %y1 = ascir.output %s1 {index = 1 : i64} : !ascir.tensor<float32, [z0], [8], [1]>
  %s2 = ascir.store %c : !ascir.tensor<float32, [z0], [8], [1]>
  %y2 = ascir.output %s2 {index = 2 : i64} : !ascir.tensor<float32, [z0], [8], [1]>
  %s3 = ascir.store %d : !ascir.tensor<float32, [z0], [8], [1]>
  %y3 = ascir.output %s3 {index = 3 : i64} : !ascir.tensor<float32, [z0], [8], [1]>
  %s4 = ascir.store %e : !ascir.tensor<float32, [z0], [8], [1]>
  %y4 = ascir.output %s4 {index = 4 : i64} : !ascir.tensor<float32, [z0], [8], [1]>
}

// -----

// bfloat16 has float32's range with 8 significand bits: its largest finite value is
// 3.3895e38 and the tie with inf 3.39618e38, so 3.3961e38 rounds down to it and 3.3963e38
// up to inf; "-Infinity" is a spelling of -inf.
// CHECK-LABEL: ascir.graph @bf16
// CHECK:      %big = ascir.scalar {value = "3.3963e38"} : !ascir.scalar<bfloat16>
// CHECK:      %top = ascir.scalar {value = "3.3961e38"} : !ascir.scalar<bfloat16>
// CHECK:      %m = ascir.scalar {value = "-Infinity"} : !ascir.scalar<bfloat16>
// LOWER-LABEL: ascendc.kernel @autofuse_bf16
// LOWER-DAG:  %big = arith.constant 0x7f80 : bf16
// LOWER-DAG:  %top = arith.constant 3.389530e+38 : bf16
// LOWER-DAG:  %m = arith.constant 0xff80 : bf16
// CPP-LABEL: // ===== device_impl.cpp =====
// CPP:        asc_vf_call<autofuse_bf16_vf_0>(bfloat16_t((1.0f / 0.0f)), bfloat16_t(3.3895313892515355e+38f), bfloat16_t((-1.0f / 0.0f))
ascir.graph @bf16 hint sizes [] axes [0: z0 = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %l = ascir.load %x : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %big = ascir.scalar {value = "3.3963e38"} : !ascir.scalar<bfloat16>
  %bb = ascir.broadcast %big : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %top = ascir.scalar {value = "3.3961e38"} : !ascir.scalar<bfloat16>
  %tb = ascir.broadcast %top : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %m = ascir.scalar {value = "-Infinity"} : !ascir.scalar<bfloat16>
  %mb = ascir.broadcast %m : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %a = ascir.add %l, %bb : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %b = ascir.add %a, %tb : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %c = ascir.add %b, %mb : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %s = ascir.store %c : !ascir.tensor<bfloat16, [z0], [8], [1]>
  %y = ascir.output %s {index = 0 : i64} : !ascir.tensor<bfloat16, [z0], [8], [1]>
}
