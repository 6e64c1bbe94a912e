// RUN: ascir-opt %s -t ascendc | filecheck %s
// DataCopy (32-byte multiples) and DataCopyPad, GM->UB and UB->GM: the ext params are
// {blockCount, blockLen (bytes), srcStride, dstStride}; GM->UB pads every block to 32
// bytes with the given value (isPad) or the hardware's; Compact packs UB blocks.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           AscendC::DataCopy(l, g, static_cast<uint32_t>(int64_t(64)));
// CHECK-NEXT:      AscendC::DataCopy(g, l, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::DataCopyPad(l, g, AscendC::DataCopyExtParams{static_cast<uint16_t>(rows), static_cast<uint32_t>(len), static_cast<int64_t>(gap), static_cast<int64_t>(int64_t(0)), 0}, AscendC::DataCopyPadExtParams<float>{false, 0, 0, static_cast<float>(0)});
// CHECK-NEXT:      AscendC::DataCopyPad(l, g, AscendC::DataCopyExtParams{static_cast<uint16_t>(rows), static_cast<uint32_t>(len), static_cast<int64_t>(gap), static_cast<int64_t>(int64_t(0)), 0}, AscendC::DataCopyPadExtParams<float>{true, 0, 0, (-1.0f / 0.0f)});
// CHECK-NEXT:      AscendC::DataCopyPad(il, ig, AscendC::DataCopyExtParams{static_cast<uint16_t>(rows), static_cast<uint32_t>(len), static_cast<int64_t>(int64_t(0)), static_cast<int64_t>(int64_t(1)), 0}, AscendC::DataCopyPadExtParams<int8_t>{true, 0, 0, -7});
// CHECK-NEXT:      AscendC::DataCopyPad<float, AscendC::PaddingMode::Compact>(l, g, AscendC::DataCopyExtParams{static_cast<uint16_t>(rows), static_cast<uint32_t>(len), static_cast<int64_t>(gap), static_cast<int64_t>(int64_t(0)), 0}, AscendC::DataCopyPadExtParams<float>{false, 0, 0, static_cast<float>(0)});
// CHECK-NEXT:      AscendC::DataCopyPad(g, l, AscendC::DataCopyExtParams{static_cast<uint16_t>(rows), static_cast<uint32_t>(len), static_cast<int64_t>(int64_t(0)), static_cast<int64_t>(gap), 0});
// CHECK-NEXT:      AscendC::DataCopyPad<float, AscendC::PaddingMode::Compact>(g, l, AscendC::DataCopyExtParams{

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, rows : i64, len : i64, gap : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, i, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %i: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %rows = ascendc.tiling_get %t[rows] : i64
    %len = ascendc.tiling_get %t[len] : i64
    %gap = ascendc.tiling_get %t[gap] : i64
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %g = ascendc.global_tensor %x + %zero, %n : !ascendc.global<f32>
    %ig = ascendc.global_tensor %i + %zero, %n : !ascendc.global<i8>
    %bytes = arith.constant 4096 : i64
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %c64 = arith.constant 64 : i64
    %l = ascendc.tbuf_get %buf, %c64, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %il = ascendc.tbuf_get %buf, %c64, 1024 : !ascendc.tbuf<VECCALC> -> !ascendc.local<i8>
    ascendc.data_copy %l, %g, %c64 : !ascendc.local<f32>, !ascendc.global<f32>
    ascendc.data_copy %g, %l, %n : !ascendc.global<f32>, !ascendc.local<f32>
    ascendc.data_copy_pad %l, %g, {%rows, %len, %gap, %zero} : !ascendc.local<f32>, !ascendc.global<f32>
    ascendc.data_copy_pad %l, %g, {%rows, %len, %gap, %zero} pad 0xFF800000 : f32 : !ascendc.local<f32>, !ascendc.global<f32>
    ascendc.data_copy_pad %il, %ig, {%rows, %len, %zero, %one} pad -7 : i8 : !ascendc.local<i8>, !ascendc.global<i8>
    ascendc.data_copy_pad %l, %g, {%rows, %len, %gap, %zero} compact : !ascendc.local<f32>, !ascendc.global<f32>
    ascendc.data_copy_pad %g, %l, {%rows, %len, %zero, %gap} : !ascendc.global<f32>, !ascendc.local<f32>
    ascendc.data_copy_pad %g, %l, {%rows, %len, %zero, %gap} compact : !ascendc.global<f32>, !ascendc.local<f32>
  }
}
