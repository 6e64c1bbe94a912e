// RUN: ascir-opt %s -t ascendc | filecheck %s
// Gather by ui32 byte offsets from a base, and the scalar accessors GetValue / SetValue
// (the value read as the scalar type, the value written as the element type).

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           AscendC::Gather(c, a, offs, static_cast<uint32_t>(int64_t(0)), static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Gather(i, i, offs, static_cast<uint32_t>(n), static_cast<uint32_t>(int64_t(8)));
// CHECK-NEXT:      const float v = static_cast<float>(a.GetValue(n));
// CHECK-NEXT:      const int32_t w = static_cast<int32_t>(u.GetValue(int64_t(0)));
// CHECK-NEXT:      c.SetValue(int64_t(1), v);
// CHECK-NEXT:      u.SetValue(n, static_cast<uint32_t>(w));
// CHECK-NEXT:      AscendC::GlobalTensor<float> g;
// CHECK:           const float gv = static_cast<float>(g.GetValue(n));
// CHECK-NEXT:      g.SetValue(int64_t(0), gv);
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %bytes = arith.constant 8192 : i64
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %c64 = arith.constant 64 : i64
    %a = ascendc.tbuf_get %buf, %c64, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %b = ascendc.tbuf_get %buf, %c64, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %c = ascendc.tbuf_get %buf, %c64, 512 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %h = ascendc.tbuf_get %buf, %c64, 768 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f16>
    %i = ascendc.tbuf_get %buf, %c64, 1024 : !ascendc.tbuf<VECCALC> -> !ascendc.local<i32>
    %u = ascendc.tbuf_get %buf, %c64, 1280 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui32>
    %bits = ascendc.tbuf_get %buf, %c64, 1536 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui8>
    %offs = ascendc.tbuf_get %buf, %c64, 1792 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui32>
    %l64 = ascendc.tbuf_get %buf, %c64, 2048 : !ascendc.tbuf<VECCALC> -> !ascendc.local<i64>
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %eight = arith.constant 8 : i64
    ascendc.gather %c, %a, %offs, %zero, %n : !ascendc.local<f32>, !ascendc.local<ui32>
    ascendc.gather %i, %i, %offs, %n, %eight : !ascendc.local<i32>, !ascendc.local<ui32>
    %v = ascendc.get_value %a[%n] : !ascendc.local<f32> -> f32
    %w = ascendc.get_value %u[%zero] : !ascendc.local<ui32> -> i32
    ascendc.set_value %c[%one], %v : !ascendc.local<f32>, f32
    ascendc.set_value %u[%n], %w : !ascendc.local<ui32>, i32
    %g = ascendc.global_tensor %x + %zero, %n : !ascendc.global<f32>
    %gv = ascendc.get_value %g[%n] : !ascendc.global<f32> -> f32
    ascendc.set_value %g[%zero], %gv : !ascendc.global<f32>, f32
  }
}
