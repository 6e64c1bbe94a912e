// RUN: ascir-opt %S/Inputs/vector_add.mlir -t ascendc | filecheck %s
// Input: test/ascendc_emitter/kernels.py:vector_add(f32): queued, double-buffered, several blocks.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void vadd(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:           const int64_t block_idx = static_cast<int64_t>(AscendC::GetBlockIdx());
// CHECK:           xg.SetGlobalBuffer((__gm__ float*)x + start, static_cast<uint64_t>(length));
// CHECK:           AscendC::TQue<AscendC::TPosition::VECIN, 2> qx;
// CHECK-NEXT:      pipe.InitBuffer(qx, 2, static_cast<uint32_t>({{.*}}));
// CHECK:           AscendC::TQue<AscendC::TPosition::VECOUT, 2> qz;
// CHECK:           for (int64_t off = int64_t(0); off < length; off += tile) {
// CHECK:               AscendC::LocalTensor<float> xl = qx.AllocTensor<float>();
// CHECK:               AscendC::GlobalTensor<float> [[XS:.*]] = xg[off];
// CHECK-NEXT:          AscendC::DataCopyPad(xl, [[XS]], AscendC::DataCopyExtParams{
// CHECK:               qx.EnQue(xl);
// CHECK:               AscendC::LocalTensor<float> xi = qx.DeQue<float>();
// CHECK:               AscendC::Add(zl, xi, yi, static_cast<int32_t>(count));
// CHECK:               qz.EnQue(zl);
// CHECK:               qx.FreeTensor(xi);
// CHECK:               AscendC::DataCopyPad({{.*}}, zo, AscendC::DataCopyExtParams{static_cast<uint16_t>(int64_t(1)), static_cast<uint32_t>(bytes), static_cast<int64_t>(int64_t(0)), static_cast<int64_t>(int64_t(0)), 0});
// CHECK-NEXT:          qz.FreeTensor(zo);
