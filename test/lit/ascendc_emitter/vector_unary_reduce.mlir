// RUN: ascir-opt %s -t ascendc | filecheck %s
// Unary APIs (dst, src, count) and the reductions (dst, src, work, count).

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           AscendC::Abs(c, a, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Exp(c, c, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Relu(h, h, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::Sqrt(c, c, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::ReduceSum(b, a, c, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::ReduceMax(b, a, c, static_cast<int32_t>(n));
// CHECK-NEXT:      AscendC::ReduceMin(i, i, i, static_cast<int32_t>(n));
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
    ascendc.abs %c, %a, %n : !ascendc.local<f32>
    ascendc.exp %c, %c, %n : !ascendc.local<f32>
    ascendc.relu %h, %h, %n : !ascendc.local<f16>
    ascendc.sqrt %c, %c, %n : !ascendc.local<f32>
    ascendc.reduce_sum %b, %a, %c, %n : !ascendc.local<f32>
    ascendc.reduce_max %b, %a, %c, %n : !ascendc.local<f32>
    ascendc.reduce_min %i, %i, %i, %n : !ascendc.local<i32>
  }
}
