// RUN: ascir-opt %s -t ascendc | filecheck %s
// Compare / Compares into a ui8 bit mask (every CMPMODE), Select by the mask between two
// tensors or a tensor and a scalar.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           AscendC::Compare(bits, a, b, AscendC::CMPMODE::LT, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Compare(bits, a, b, AscendC::CMPMODE::GT, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Compare(bits, a, b, AscendC::CMPMODE::EQ, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Compare(bits, a, b, AscendC::CMPMODE::LE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Compare(bits, a, b, AscendC::CMPMODE::GE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Compare(bits, a, b, AscendC::CMPMODE::NE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Compares(bits, a, 0.0f, AscendC::CMPMODE::GE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Compares(bits, u, static_cast<uint32_t>(static_cast<int32_t>(9)), AscendC::CMPMODE::LT, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Select(c, bits, a, b, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Select(c, bits, a, 0.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Select(u, bits, u, static_cast<uint32_t>(static_cast<int32_t>(9)), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, static_cast<uint32_t>(n));
// CHECK-NEXT:      AscendC::Select(c, bits, a, b, AscendC::SELMODE::VSEL_CMPMASK_SPR, static_cast<uint32_t>(n));
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
    %zero = arith.constant 0.0 : f32
    %nine = arith.constant 9 : i32
    ascendc.compare %bits, %a, %b, LT, %n : !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.compare %bits, %a, %b, GT, %n : !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.compare %bits, %a, %b, EQ, %n : !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.compare %bits, %a, %b, LE, %n : !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.compare %bits, %a, %b, GE, %n : !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.compare %bits, %a, %b, NE, %n : !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.compares %bits, %a, %zero, GE, %n : !ascendc.local<ui8>, !ascendc.local<f32>, f32
    ascendc.compares %bits, %u, %nine, LT, %n : !ascendc.local<ui8>, !ascendc.local<ui32>, i32
    ascendc.select %c, %bits, %a, %b, VSEL_TENSOR_TENSOR_MODE, %n : !ascendc.local<f32>, !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.select %c, %bits, %a, %zero, VSEL_TENSOR_SCALAR_MODE, %n : !ascendc.local<f32>, !ascendc.local<ui8>, f32
    ascendc.select %u, %bits, %u, %nine, VSEL_TENSOR_SCALAR_MODE, %n : !ascendc.local<ui32>, !ascendc.local<ui8>, i32
    ascendc.select %c, %bits, %a, %b, VSEL_CMPMASK_SPR, %n : !ascendc.local<f32>, !ascendc.local<ui8>, !ascendc.local<f32>
  }
}
