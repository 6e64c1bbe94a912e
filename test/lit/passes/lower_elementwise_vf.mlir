// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s

// The same graph as lower_elementwise_memory.mlir through the VF path: every compute
// node is admitted, so the whole chain is one __simd_vf__ function over register
// tensors. Loads and stores stay at memory level; the VF reads UB pointers, takes the
// scalar as a value parameter (FR7) and the element count. One mask for the loop dtype
// float32 (AL-7); the narrow results leave with PACK stores (half 2:1, uint8 4:1);
// Maxs/Min select NaN back like torch; the Where reads the compare's mask register
// directly.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_ops_vf_0(__ubuf__ float* [[A:[a-z0-9_]+]], __ubuf__ float* [[B:[a-z0-9_]+]], float [[C:[a-z0-9_]+]], __ubuf__ uint8_t* [[LTO:[a-z0-9_]+]], __ubuf__ half* [[HO:[a-z0-9_]+]], int64_t count) {
// CHECK:         AscendC::Reg::LoadAlign([[RA:[a-z0-9_]+]], [[A]] + off);
// CHECK:         AscendC::Reg::MaskReg [[MASK:[a-z0-9_]+]] = AscendC::Reg::UpdateMask<float>(
// CHECK:         AscendC::Reg::Exp([[E:[a-z0-9_]+]], [[RA]], [[MASK]]);
// CHECK:         AscendC::Reg::LoadAlign([[RB:[a-z0-9_]+]], [[B]] + off);
// CHECK:         AscendC::Reg::Abs([[AB:[a-z0-9_]+]], [[RB]], [[MASK]]);
// CHECK:         AscendC::Reg::Sqrt([[SQ:[a-z0-9_]+]], [[AB]], [[MASK]]);
// CHECK:         AscendC::Reg::Muls([[N:[a-z0-9_]+]], [[SQ]], -1.0f, [[MASK]]);
// CHECK:         AscendC::Reg::Sub([[S:[a-z0-9_]+]], [[E]], [[N]], [[MASK]]);
// CHECK:         AscendC::Reg::Mul([[M:[a-z0-9_]+]], [[S]], [[RB]], [[MASK]]);
// CHECK:         AscendC::Reg::Div([[D:[a-z0-9_]+]], [[M]], [[E]], [[MASK]]);
// CHECK:         AscendC::Reg::Maxs([[MX:[a-z0-9_]+]], [[D]], [[C]], [[MASK]]);
// CHECK:         AscendC::Reg::Compare<float, AscendC::CMPMODE::EQ>([[NUM:[a-z0-9_]+]], [[D]], [[D]], [[MASK]]);
// CHECK:         AscendC::Reg::Select([[MXN:[a-z0-9_]+]], [[MX]], {{[a-z0-9_]+}}, [[NUM]]);
// CHECK:         AscendC::Reg::Min({{[a-z0-9_]+}}, [[MXN]], [[RA]], [[MASK]]);
// CHECK:         AscendC::Reg::Adds([[AD:[a-z0-9_]+]], {{[a-z0-9_]+}}, [[C]], [[MASK]]);
// CHECK:         AscendC::Reg::Compares<float, AscendC::CMPMODE::LT>([[LT:[a-z0-9_]+]], [[AD]], [[C]], [[MASK]]);
// CHECK:         AscendC::Reg::Select([[W:[a-z0-9_]+]], [[AD]], [[RB]], [[LT]]);
// CHECK:         AscendC::Reg::Cast<half, float, {{[a-z0-9_]+}}>([[H:[a-z0-9_]+]], [[W]], [[MASK]]);
// CHECK:         AscendC::Reg::Select([[BYTES:[a-z0-9_]+]], {{[a-z0-9_]+}}, {{[a-z0-9_]+}}, [[LT]]);
// CHECK:         AscendC::Reg::StoreAlign<uint8_t, AscendC::Reg::StoreDist::DIST_PACK4_B32>([[LTO]] + off, [[BYTES]], [[MASK]]);
// CHECK:         AscendC::Reg::StoreAlign<half, AscendC::Reg::StoreDist::DIST_PACK_B32>([[HO]] + off, [[H]], [[MASK]]);
// CHECK:       extern "C" __global__ __vector__ void autofuse_ops(
// CHECK-NOT:     AscendC::Exp(
// CHECK:         asc_vf_call<autofuse_ops_vf_0>({{.*}}, 0.5f, {{.*}}, count);
ascir.graph @ops hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "0.5"} : !ascir.scalar<float32>
  %a = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %b = ascir.load %y : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %a : !ascir.tensor<float32, [z0], [s0], [1]>
  %ab = ascir.abs %b : !ascir.tensor<float32, [z0], [s0], [1]>
  %sq = ascir.sqrt %ab : !ascir.tensor<float32, [z0], [s0], [1]>
  %n = ascir.neg %sq : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.sub %e, %n : !ascir.tensor<float32, [z0], [s0], [1]>
  %m = ascir.mul %s, %b : !ascir.tensor<float32, [z0], [s0], [1]>
  %d = ascir.div %m, %e : !ascir.tensor<float32, [z0], [s0], [1]>
  %mx = ascir.maximum %d, %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %mn = ascir.minimum %mx, %a : !ascir.tensor<float32, [z0], [s0], [1]>
  %ad = ascir.add %mn, %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %lt = ascir.lt %ad, %c : !ascir.tensor<bool, [z0], [s0], [1]>
  %w = ascir.where %lt, %ad, %b : !ascir.tensor<float32, [z0], [s0], [1]>
  %h = ascir.cast %w : !ascir.tensor<float16, [z0], [s0], [1]>
  %st = ascir.store %h : !ascir.tensor<float16, [z0], [s0], [1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %st1 = ascir.store %lt : !ascir.tensor<bool, [z0], [s0], [1]>
  %o1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
}
