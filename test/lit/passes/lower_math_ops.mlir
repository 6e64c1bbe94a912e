// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s --check-prefix=VF
// RUN: ascir-opt %s -p 'autofuse{vf=false}' -t ascendc | filecheck %s --check-prefix=ROOT

// Math ops (issue 19) on both paths. Sigmoid is the sequence 1 / (1 + Exp(-x)) of
// ascendc_emitter/target/math.py; Rsqrt is one memory-level API but Div(1, Sqrt) in
// registers (no Reg::Rsqrt); LeakyRelu is one API at both levels.

// VF:   __simd_vf__
// VF:   AscendC::Reg::Duplicate([[ONE:[a-z0-9_]+]], 1.0f,
// VF:   AscendC::Reg::Muls({{.*}}, -1.0f,
// VF:   AscendC::Reg::Exp(
// VF:   AscendC::Reg::Adds({{.*}}, 1.0f,
// VF:   AscendC::Reg::Div({{[a-z0-9_]+}}, [[ONE]],
// VF:   AscendC::Reg::Sqrt(
// VF:   AscendC::Reg::Div({{[a-z0-9_]+}}, [[ONE]],
// VF:   AscendC::Reg::LeakyRelu({{.*}}, 0.20000000298023224f,

// ROOT-NOT: __simd_vf__
// ROOT:     AscendC::Duplicate([[ONE:[a-z0-9_]+]], 1.0f,
// ROOT:     AscendC::Muls({{.*}}, -1.0f,
// ROOT:     AscendC::Exp(
// ROOT:     AscendC::Adds({{.*}}, 1.0f,
// ROOT:     AscendC::Div({{[a-z0-9_]+}}, [[ONE]],
// ROOT:     AscendC::Rsqrt(
// ROOT:     AscendC::LeakyRelu({{.*}}, 0.20000000298023224f,

ascir.graph @math_ops hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.sigmoid %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %r = ascir.rsqrt %s : !ascir.tensor<float32, [z0], [s0], [1]>
  %k = ascir.leaky_relu %r {negative_slope = 0.2 : f64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %k : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
