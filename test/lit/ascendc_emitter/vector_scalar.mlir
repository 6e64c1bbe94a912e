// RUN: ascir-opt %s -t ascendc | filecheck %s
// Tensor-scalar APIs: the scalar is cast to the tensors' element type when its type
// differs (arith scalars are signless: an i64 scalar for a ui64 tensor).

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           const float s = tiling.tiling_s;
// CHECK-NEXT:      AscendC::Adds(c, a, s, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Muls(c, c, 0.5f, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Maxs(i, i, static_cast<int32_t>(-3), static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Mins(u, u, static_cast<uint64_t>(int64_t(7)), static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Adds(l64, l64, n, static_cast<int32_t>(n));
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, tiling_s : f32}
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
    %u = ascendc.tbuf_get %buf, %c64, 1280 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui64>
    %bits = ascendc.tbuf_get %buf, %c64, 1536 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui8>
    %offs = ascendc.tbuf_get %buf, %c64, 1792 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui32>
    %l64 = ascendc.tbuf_get %buf, %c64, 2048 : !ascendc.tbuf<VECCALC> -> !ascendc.local<i64>
    %s = ascendc.tiling_get %t[tiling_s] : f32
    %half = arith.constant 0.5 : f32
    %m3 = arith.constant -3 : i32
    %seven = arith.constant 7 : i64
    ascendc.adds %c, %a, %s, %n : !ascendc.local<f32>, f32
    ascendc.muls %c, %c, %half, %n : !ascendc.local<f32>, f32
    ascendc.maxs %i, %i, %m3, %n : !ascendc.local<i32>, i32
    ascendc.mins %u, %u, %seven, %n : !ascendc.local<ui64>, i64
    ascendc.adds %l64, %l64, %n, %n : !ascendc.local<i64>, i64
  }
}
