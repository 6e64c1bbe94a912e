// RUN: ascir-opt %s -t ascendc | filecheck %s
// Cast with its RoundMode (every mode of the dialect), Duplicate of a scalar.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           AscendC::Cast(h, a, AscendC::RoundMode::CAST_NONE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Cast(h, a, AscendC::RoundMode::CAST_RINT, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Cast(i, a, AscendC::RoundMode::CAST_FLOOR, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Cast(i, a, AscendC::RoundMode::CAST_CEIL, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Cast(i, a, AscendC::RoundMode::CAST_ROUND, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Cast(i, a, AscendC::RoundMode::CAST_TRUNC, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Cast(h, a, AscendC::RoundMode::CAST_ODD, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Cast(u, i, AscendC::RoundMode::CAST_NONE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Duplicate(a, -1.5f, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Duplicate(u, static_cast<uint32_t>(static_cast<int32_t>(-1)), static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Duplicate(h, half(2.0f), static_cast<int32_t>(n));
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
    ascendc.cast %h, %a, CAST_NONE, %n : !ascendc.local<f16>, !ascendc.local<f32>
    ascendc.cast %h, %a, CAST_RINT, %n : !ascendc.local<f16>, !ascendc.local<f32>
    ascendc.cast %i, %a, CAST_FLOOR, %n : !ascendc.local<i32>, !ascendc.local<f32>
    ascendc.cast %i, %a, CAST_CEIL, %n : !ascendc.local<i32>, !ascendc.local<f32>
    ascendc.cast %i, %a, CAST_ROUND, %n : !ascendc.local<i32>, !ascendc.local<f32>
    ascendc.cast %i, %a, CAST_TRUNC, %n : !ascendc.local<i32>, !ascendc.local<f32>
    ascendc.cast %h, %a, CAST_ODD, %n : !ascendc.local<f16>, !ascendc.local<f32>
    ascendc.cast %u, %i, CAST_NONE, %n : !ascendc.local<ui32>, !ascendc.local<i32>
    %m = arith.constant -1.5 : f32
    %all = arith.constant -1 : i32
    %two = arith.constant 2.0 : f16
    ascendc.duplicate %a, %m, %n : !ascendc.local<f32>, f32
    ascendc.duplicate %u, %all, %n : !ascendc.local<ui32>, i32
    ascendc.duplicate %h, %two, %n : !ascendc.local<f16>, f16
  }
}
