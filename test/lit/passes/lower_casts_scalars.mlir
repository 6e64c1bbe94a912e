// RUN: ascir-opt %s --split-input-file -p "autofuse{vf=false}" -t ascendc | filecheck %s

// Casts and scalar-like inputs at memory level.

// AscendC::Cast round modes, as torch converts: float -> float and int -> float round to
// nearest even (CAST_RINT), float -> int truncates (CAST_TRUNC).
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_casts(GM_ADDR in0, GM_ADDR out0, GM_ADDR out1, GM_ADDR out2, GM_ADDR out3, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:         AscendC::Cast([[H:[a-z0-9_]+]], [[L:[a-z0-9_]+]], AscendC::RoundMode::CAST_RINT, static_cast<uint32_t>(count));
// CHECK-NEXT:    AscendC::Cast([[I:[a-z0-9_]+]], [[L]], AscendC::RoundMode::CAST_TRUNC, static_cast<uint32_t>(count));
// CHECK-NEXT:    AscendC::Cast({{[a-z0-9_]+}}, [[L]], AscendC::RoundMode::CAST_RINT, static_cast<uint32_t>(count));
// CHECK-NEXT:    AscendC::Cast({{[a-z0-9_]+}}, [[H]], AscendC::RoundMode::CAST_TRUNC, static_cast<uint32_t>(count));
// CHECK-NEXT:    AscendC::Cast({{[a-z0-9_]+}}, [[I]], AscendC::RoundMode::CAST_RINT, static_cast<uint32_t>(count));
// The four outputs are written in output order.
// CHECK:         AscendC::DataCopyPad({{.*}}, [[H]], AscendC::DataCopyExtParams{
ascir.graph @casts hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %h = ascir.cast %l : !ascir.tensor<float16, [z0], [s0], [1]>
  %i = ascir.cast %l : !ascir.tensor<int32, [z0], [s0], [1]>
  %bf = ascir.cast %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %i8 = ascir.cast %h : !ascir.tensor<int8, [z0], [s0], [1]>
  %f = ascir.cast %i : !ascir.tensor<float32, [z0], [s0], [1]>
  %st0 = ascir.store %h : !ascir.tensor<float16, [z0], [s0], [1]>
  %o0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %st1 = ascir.store %bf : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %o1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %st2 = ascir.store %i8 : !ascir.tensor<int8, [z0], [s0], [1]>
  %o2 = ascir.output %st2 {index = 2 : i64} : !ascir.tensor<int8, [z0], [s0], [1]>
  %st3 = ascir.store %f : !ascir.tensor<float32, [z0], [s0], [1]>
  %o3 = ascir.output %st3 {index = 3 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// A ScalarData is a GM argument read once per kernel (GetValue); an IndexExpr is
// evaluated by host tiling with checked arithmetic, passed in a tiling field and cast to
// its dtype in the kernel; its Broadcast is a Duplicate.
// CHECK-LABEL: // ===== tiling.h =====
// CHECK:       struct AutofuseTilingData {
// CHECK:         int64_t [[FIELD:ie_[0-9]+]];
// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:         const bool [[MUL:v_[0-9]+]]_overflow = af::CheckedMul(int64_t(2), s0, &[[MUL]]);
// CHECK-NEXT:    if ([[MUL]]_overflow) return {{[0-9]+}};  // size expression '2 * s0 - 1' of the value of IndexExpr %n overflows int64 with s0={0}
// CHECK:         const bool [[ADD:v_[0-9]+]]_overflow = af::CheckedAdd(int64_t(-1), [[MUL]], &[[ADD]]);
// CHECK:         tiling->[[FIELD]] = static_cast<decltype(tiling->[[FIELD]])>([[ADD]]);
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_scalars(GM_ADDR in0, GM_ADDR in1, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:         {{[a-z0-9_]+}}.SetGlobalBuffer((__gm__ float*)in1 + int64_t(0), static_cast<uint64_t>(int64_t(1)));
// CHECK-NEXT:    const float [[ALPHA:[a-z0-9_]+]] = static_cast<float>({{[a-z0-9_]+}}.GetValue(int64_t(0)));
// CHECK:         const int64_t [[NE:[a-z0-9_]+]] = tiling.[[FIELD]];
// CHECK-NEXT:    const int32_t [[N:[a-z0-9_]+]] = static_cast<int32_t>([[NE]]);
// CHECK:         AscendC::Adds([[A:[a-z0-9_]+]], {{[a-z0-9_]+}}, [[ALPHA]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Duplicate([[NB:[a-z0-9_]+]], [[N]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Cast([[NF:[a-z0-9_]+]], [[NB]], AscendC::RoundMode::CAST_RINT,
// CHECK-NEXT:    AscendC::Mul({{[a-z0-9_]+}}, [[A]], [[NF]], static_cast<int32_t>(count));
ascir.graph @scalars hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %alpha = ascir.scalar_data {index = 1 : i64} : !ascir.scalar<float32>
  %n = ascir.index_expr {expr = #ascir.expr<s0 * 2 - 1>} : !ascir.scalar<int32>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.add %l, %alpha : !ascir.tensor<float32, [z0], [s0], [1]>
  %nb = ascir.broadcast %n : !ascir.tensor<int32, [z0], [s0], [1]>
  %nf = ascir.cast %nb : !ascir.tensor<float32, [z0], [s0], [1]>
  %m = ascir.mul %a, %nf : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %m : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
