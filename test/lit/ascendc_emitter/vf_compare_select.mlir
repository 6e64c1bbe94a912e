// RUN: ascir-opt %S/Inputs/vf_compare_select.mlir -t ascendc | filecheck %s
// RUN: ascir-opt %S/Inputs/vf_compare_select.mlir | ascir-opt -t ascendc | filecheck %s
// Input: test/ascendc_emitter/kernels.py:vf_compare_select(f32), printed as IR.

// CHECK-LABEL: // ===== tiling.h =====
// CHECK:       struct AutofuseTilingData {
// CHECK-NEXT:      int64_t n;
// CHECK-NEXT:      uint32_t block_dim;
// CHECK-NEXT:      uint32_t tiling_key;
// CHECK-NEXT:  };

// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:       extern "C" int64_t AutofuseTiling(int64_t n, AutofuseTilingData* tiling, uint32_t* workspace_size, uint32_t* block_dim, uint32_t core_num, uint32_t ub_size) {
// CHECK:           if ({{.*}}) return 1;  // n exceeds the single UB tile
// CHECK:           *block_dim = static_cast<uint32_t>(int64_t(1));
// CHECK:           return 0;

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       #include "kernel_operator.h"
// CHECK:       __simd_vf__ inline void cmp_sel_vf(__ubuf__ float* x, __ubuf__ float* y, int64_t n, float s) {
// CHECK-NEXT:      for (int64_t i = int64_t(0); i < n; i += int64_t(64)) {
// CHECK:               uint32_t [[REM:.*]] = static_cast<uint32_t>({{.*}});
// CHECK-NEXT:          AscendC::Reg::MaskReg mask = AscendC::Reg::UpdateMask<float>([[REM]]);
// CHECK:               AscendC::Reg::LoadAlign(xr, x + i);
// CHECK:               AscendC::Reg::Compares<float, AscendC::CMPMODE::LT>(lt, xr, s, mask);
// CHECK:               AscendC::Reg::Adds(sum, xr, s, mask);
// CHECK:               AscendC::Reg::Duplicate(zeros, 0.0f, mask);
// CHECK:               AscendC::Reg::Select(out, sum, zeros, lt);
// CHECK:               AscendC::Reg::StoreAlign(y + i, out, mask);
// CHECK:       extern "C" __global__ __vector__ void vf_cmp_sel(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK-NEXT:      AscendC::TPipe pipe;
// CHECK:           pipe.InitBuffer(buf, static_cast<uint32_t>(int64_t(32768)));
// CHECK:           AscendC::DataCopyPad(xl, xg, AscendC::DataCopyExtParams{static_cast<uint16_t>(int64_t(1)), static_cast<uint32_t>({{.*}}), static_cast<int64_t>(int64_t(0)), static_cast<int64_t>(int64_t(0)), 0}, AscendC::DataCopyPadExtParams<float>{false, 0, 0, static_cast<float>(0)});
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::MTE2_V>([[EV:.*]]);
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>([[EV]]);
// CHECK:           asc_vf_call<cmp_sel_vf>(xp, yp, n, 3.0f);
// CHECK:       extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* x, void* y, void* workspace, AutofuseTilingData* tiling) {
// CHECK-NEXT:      vf_cmp_sel<<<block_dim, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y, (GM_ADDR)workspace, *tiling);
// CHECK-NEXT:      return 0;
