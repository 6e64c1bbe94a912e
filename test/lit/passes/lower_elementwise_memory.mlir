// RUN: ascir-opt %s -p "autofuse{vf=false}" -t ascendc | filecheck %s

// lower-to-ascendc on the root-graph path (no VF): one memory-level AscendC API call per
// node, in graph order, on UB tensors of `count` elements; the data flow is checked
// through the buffer names. Neg is Muls by -1; a scalar second operand selects the -s
// form (Adds, Maxs); Maximum/Minimum propagate NaN like torch (the NaN lanes of either
// input are selected back after Max/Min); a bool result is computed as 0/1 in half and
// cast to uint8, and read back as a mask with Compares != 0.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_ops(GM_ADDR in0, GM_ADDR in1, GM_ADDR out0, GM_ADDR out1, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:         AscendC::DataCopyPad([[A:[a-z0-9_]+]], {{.*}}, AscendC::DataCopyExtParams{
// CHECK:         AscendC::DataCopyPad([[B:[a-z0-9_]+]], {{.*}}, AscendC::DataCopyExtParams{
// CHECK:         AscendC::Exp([[E:[a-z0-9_]+]], [[A]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Abs([[AB:[a-z0-9_]+]], [[B]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Sqrt([[SQ:[a-z0-9_]+]], [[AB]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Muls([[N:[a-z0-9_]+]], [[SQ]], -1.0f, static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Sub([[S:[a-z0-9_]+]], [[E]], [[N]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Mul([[M:[a-z0-9_]+]], [[S]], [[B]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Div([[D:[a-z0-9_]+]], [[M]], [[E]], static_cast<int32_t>(count));
// CHECK:         AscendC::Compare([[NUM:[a-z0-9_]+]], [[D]], [[D]], AscendC::CMPMODE::EQ,
// CHECK-NEXT:    AscendC::Maxs([[MX:[a-z0-9_]+]], [[D]], 0.5f, static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Select([[MX]], [[NUM]], [[MX]], (0.0f / 0.0f), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE,
// CHECK:         AscendC::Min([[MN:[a-z0-9_]+]], [[MX]], [[A]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Select([[MN]], {{.*}}, [[MN]], (0.0f / 0.0f),
// CHECK-NEXT:    AscendC::Select([[MN]], {{.*}}, [[MN]], (0.0f / 0.0f),
// CHECK-NEXT:    AscendC::Adds([[AD:[a-z0-9_]+]], [[MN]], 0.5f, static_cast<int32_t>(count));
// CHECK:         AscendC::Compares([[BITS:[a-z0-9_]+]], [[AD]], 0.5f, AscendC::CMPMODE::LT,
// CHECK:         AscendC::Select([[HALF:[a-z0-9_]+]], [[BITS]], {{.*}}, half(0.0f), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE,
// CHECK-NEXT:    AscendC::Cast([[LT:[a-z0-9_]+]], [[HALF]], AscendC::RoundMode::CAST_RINT,
// CHECK:         AscendC::Compares([[SEL:[a-z0-9_]+]], [[LT]], static_cast<uint8_t>(static_cast<int8_t>(0)), AscendC::CMPMODE::NE,
// CHECK-NEXT:    AscendC::Select([[W:[a-z0-9_]+]], [[SEL]], [[AD]], [[B]], AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE,
// CHECK-NEXT:    AscendC::Cast([[H:[a-z0-9_]+]], [[W]], AscendC::RoundMode::CAST_RINT,
// CHECK:         AscendC::DataCopyPad({{.*}}, [[H]], AscendC::DataCopyExtParams{
// CHECK:         AscendC::DataCopyPad({{.*}}, [[LT]], AscendC::DataCopyExtParams{
// CHECK-NOT:     __simd_vf__
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
