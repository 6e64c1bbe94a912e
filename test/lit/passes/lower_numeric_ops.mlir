// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s --check-prefix=VF
// RUN: ascir-opt %s -p 'autofuse{vf=false}' -t ascendc | filecheck %s --check-prefix=ROOT

// Rounding, sign, bitwise and shift ops (issue 19) on both paths, through the steps of
// ascendc_emitter/target/math.py: Floor is Truncate<T, CAST_FLOOR>; Sign two Compares and
// Selects; Xor is Reg::Xor in registers but (a | b) & ~(a & b) at memory level (no Xor
// there); LShift of a signed value shifts its bits as unsigned, the count clamped into
// [0, 32) by Compares/Select first.

// VF:   __simd_vf__
// VF:   AscendC::Reg::Truncate<float, AscendC::RoundMode::CAST_FLOOR>([[F:[a-z0-9_]+]],
// VF:   AscendC::Reg::Compares<float, AscendC::CMPMODE::GT>({{[a-z0-9_]+}}, [[F]], 0.0f,
// VF:   AscendC::Reg::Select(
// VF:   AscendC::Reg::Compares<float, AscendC::CMPMODE::LT>({{[a-z0-9_]+}}, [[F]], 0.0f,
// VF:   AscendC::Reg::Select(
// VF:   __simd_vf__
// VF:   AscendC::Reg::Xor([[X:[a-z0-9_]+]],
// VF:   AscendC::Reg::Compares<int32_t, AscendC::CMPMODE::LT>({{.*}}, static_cast<int32_t>(32),
// VF:   AscendC::Reg::Compares<int32_t, AscendC::CMPMODE::GE>({{.*}}, static_cast<int32_t>(0),
// VF:   AscendC::Reg::RegTensor<uint32_t>& [[U:[a-z0-9_]+]] = (AscendC::Reg::RegTensor<uint32_t>&)[[X]];
// VF:   AscendC::Reg::ShiftLeft([[S:[a-z0-9_]+]], [[U]],
// VF:   AscendC::Reg::RegTensor<int32_t>& {{[a-z0-9_]+}} = (AscendC::Reg::RegTensor<int32_t>&)[[S]];

// ROOT-NOT: __simd_vf__
// ROOT-NOT: AscendC::Xor
// ROOT:     AscendC::Truncate<float, AscendC::RoundMode::CAST_FLOOR>(
// ROOT:     AscendC::Compares({{.*}}, 0.0f, AscendC::CMPMODE::GT,
// ROOT:     AscendC::Select(
// ROOT:     AscendC::Compares({{.*}}, 0.0f, AscendC::CMPMODE::LT,
// ROOT:     AscendC::Select(
// ROOT:     AscendC::Or(
// ROOT:     AscendC::And(
// ROOT:     AscendC::Not(
// ROOT:     AscendC::And(
// ROOT:     AscendC::Compares({{.*}}, static_cast<int32_t>(32), AscendC::CMPMODE::LT,
// ROOT:     ReinterpretCast<uint32_t>();
// ROOT:     AscendC::ShiftLeft(

ascir.graph @numeric_ops hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %f = ascir.floor %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %g = ascir.sign %f : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %g : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %ad = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %a = ascir.load %ad : !ascir.tensor<int32, [z0], [s0], [1]>
  %bd = ascir.data {index = 2 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %b = ascir.load %bd : !ascir.tensor<int32, [z0], [s0], [1]>
  %xo = ascir.bitwise_xor %a, %b : !ascir.tensor<int32, [z0], [s0], [1]>
  %sh = ascir.lshift %xo, %b : !ascir.tensor<int32, [z0], [s0], [1]>
  %st2 = ascir.store %sh : !ascir.tensor<int32, [z0], [s0], [1]>
  %y2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}
