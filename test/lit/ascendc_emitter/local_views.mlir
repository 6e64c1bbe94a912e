// RUN: ascir-opt %s -t ascendc | filecheck %s
// Views of UB tensors: slices (SetSize when limited), ReinterpretCast to a same-width
// type, and the __ubuf__ pointer of a tensor for a VF call.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           AscendC::LocalTensor<float> l = buf.GetWithOffset<float>(static_cast<uint32_t>(int64_t(64)), 0);
// CHECK-NEXT:      AscendC::LocalTensor<half> hl = buf.GetWithOffset<half>(static_cast<uint32_t>(int64_t(64)), 512);
// CHECK-NEXT:      AscendC::LocalTensor<float> tail = l[int64_t(8)];
// CHECK-NEXT:      AscendC::LocalTensor<float> part = l[off];
// CHECK-NEXT:      part.SetSize(static_cast<uint32_t>(int64_t(16)));
// CHECK-NEXT:      const AscendC::LocalTensor<uint32_t> bits = part.ReinterpretCast<uint32_t>();
// CHECK-NEXT:      const AscendC::LocalTensor<int16_t> halves = hl.ReinterpretCast<int16_t>();
// CHECK-NEXT:      __ubuf__ float* p = (__ubuf__ float*)tail.GetPhyAddr();

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, off : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %off = ascendc.tiling_get %t[off] : i64
    %bytes = arith.constant 1024 : i64
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %c64 = arith.constant 64 : i64
    %l = ascendc.tbuf_get %buf, %c64, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %hl = ascendc.tbuf_get %buf, %c64, 512 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f16>
    %eight = arith.constant 8 : i64
    %tail = ascendc.lslice %l[%eight] : !ascendc.local<f32>
    %c16 = arith.constant 16 : i64
    %part = ascendc.lslice %l[%off] size %c16 : !ascendc.local<f32>
    %bits = ascendc.reinterpret %part : !ascendc.local<f32> -> !ascendc.local<ui32>
    %halves = ascendc.reinterpret %hl : !ascendc.local<f16> -> !ascendc.local<i16>
    %p = ascendc.phy_addr %tail : !ascendc.local<f32> -> !ascendc.ubptr<f32>
  }
}
