// RUN: ascir-opt %s -t ascendc | filecheck %s
// RUN: ascir-opt %s | filecheck %s --check-prefix=IR
// tiling.h: the struct's fields, 8-byte ones first, then 4, 2 and 1 (no padding holes);
// the kernel reads fields by value.

// IR: ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, flag : i1, tail : i16, n : i64, scale : f32, offset : ui64, small : ui8}

// CHECK-LABEL: // ===== tiling.h =====
// CHECK:       struct AutofuseTilingData {
// CHECK-NEXT:      int64_t n;
// CHECK-NEXT:      uint64_t offset;
// CHECK-NEXT:      uint32_t block_dim;
// CHECK-NEXT:      uint32_t tiling_key;
// CHECK-NEXT:      float scale;
// CHECK-NEXT:      int16_t tail;
// CHECK-NEXT:      bool flag;
// CHECK-NEXT:      uint8_t small;
// CHECK-NEXT:  };
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           const int64_t n = tiling.n;
// CHECK-NEXT:      const uint64_t offset = tiling.offset;
// CHECK-NEXT:      const float scale = tiling.scale;
// CHECK-NEXT:      const bool flag = tiling.flag;

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, flag : i1, tail : i16, n : i64, scale : f32, offset : ui64, small : ui8}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %offset = ascendc.tiling_get %t[offset] : ui64
    %scale = ascendc.tiling_get %t[scale] : f32
    %flag = ascendc.tiling_get %t[flag] : i1
  }
}
