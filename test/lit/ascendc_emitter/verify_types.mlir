// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s
// Type mismatches the API would not compile (or would compute wrong): each names the op,
// the operands and what is expected.

// CHECK: error: ascendc.compare: the bit-mask destination must be a ui8 tensor
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    ascendc.compare %l, %l, %l, LT, %c : !ascendc.local<f32>, !ascendc.local<f32>
  }
}

// -----

// CHECK: error: ascendc.compares: scalar is f16 but src holds f32
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %m = ascendc.tbuf_get %b, %c, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui8>
    %s = arith.constant 1.0 : f16
    ascendc.compares %m, %l, %s, GE, %c : !ascendc.local<ui8>, !ascendc.local<f32>, f16
  }
}

// -----

// CHECK: error: ascendc.select: a scalar src1 goes with VSEL_TENSOR_SCALAR_MODE, and only then
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %m = ascendc.tbuf_get %b, %c, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui8>
    %s = arith.constant 1.0 : f32
    ascendc.select %l, %m, %l, %s, VSEL_TENSOR_TENSOR_MODE, %c : !ascendc.local<f32>, !ascendc.local<ui8>, f32
  }
}

// -----

// CHECK: error: ascendc.gather: offsets must be a ui32 tensor of byte offsets
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %o = ascendc.tbuf_get %b, %c, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<i32>
    ascendc.gather %l, %l, %o, %c, %c : !ascendc.local<f32>, !ascendc.local<i32>
  }
}

// -----

// CHECK: error: ascendc.cast: source and destination have the same element type
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    ascendc.cast %l, %l, CAST_NONE, %c : !ascendc.local<f32>, !ascendc.local<f32>
  }
}

// -----

// Tensor operands of one type are written once; different ones in parentheses.
// CHECK: error: ascendc.sub: operand element types differ (f32, f16, f32); insert a Cast
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %h = ascendc.tbuf_get %b, %c, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f16>
    ascendc.sub %l, %h, %l, %c : (!ascendc.local<f32>, !ascendc.local<f16>, !ascendc.local<f32>)
  }
}

// -----

// CHECK: error: expected 3 types, got 2
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    ascendc.sub %l, %l, %l, %c : (!ascendc.local<f32>, !ascendc.local<f32>)
  }
}

// -----

// CHECK: error: ascendc.reinterpret: element types must have the same width
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %r = ascendc.reinterpret %l : !ascendc.local<f32> -> !ascendc.local<i16>
  }
}

// -----

// CHECK: error: ascendc.data_copy_pad: pad value is f16 but dst holds f32
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %z = arith.constant 0 : i64
    %g = ascendc.global_tensor %x + %z, %c : !ascendc.global<f32>
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    ascendc.data_copy_pad %l, %g, {%c, %c, %z, %z} pad 1.0 : f16 : !ascendc.local<f32>, !ascendc.global<f32>
  }
}

// -----

// CHECK: error: ascendc.data_copy_pad: a pad value only applies to GM->UB copies
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %z = arith.constant 0 : i64
    %g = ascendc.global_tensor %x + %z, %c : !ascendc.global<f32>
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    ascendc.data_copy_pad %g, %l, {%c, %c, %z, %z} pad 1.0 : f32 : !ascendc.global<f32>, !ascendc.local<f32>
  }
}

// -----

// CHECK: error: ascendc.data_copy: 7 elements are not a multiple of 32 bytes; use data_copy_pad
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %seven = arith.constant 7 : i64
    %z = arith.constant 0 : i64
    %g = ascendc.global_tensor %x + %z, %c : !ascendc.global<f32>
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    ascendc.data_copy %l, %g, %seven : !ascendc.local<f32>, !ascendc.global<f32>
  }
}

// -----

// CHECK: error: ascendc.reg.cast: int8_t -> float is not a register-level Cast of arch 3510; cast at memory level
builtin.module {
  ascendc.simd_vf @f(p) {
  ^bb0(%p: !ascendc.ubptr<i8>):
    %z = arith.constant 0 : i64
    %m = ascendc.reg.create_mask<i8, ALL>
    %r = ascendc.reg.load %p[%z] : !ascendc.ubptr<i8> -> !ascendc.reg<i8>
    %f = ascendc.reg.cast<CAST_NONE> %r, %m : !ascendc.reg<i8> -> !ascendc.reg<f32>
  }
}

// -----

// CHECK: error: ascendc.reg.exp: AscendC::Reg::Exp has no int32_t variant on arch 3510
builtin.module {
  ascendc.simd_vf @f(p) {
  ^bb0(%p: !ascendc.ubptr<i32>):
    %z = arith.constant 0 : i64
    %m = ascendc.reg.create_mask<i32, ALL>
    %r = ascendc.reg.load %p[%z] : !ascendc.ubptr<i32> -> !ascendc.reg<i32>
    %e = ascendc.reg.exp %r, %m : !ascendc.reg<i32>
  }
}

// -----

// CHECK: error: ascendc.reg.adds: scalar is f16 but the register holds f32
builtin.module {
  ascendc.simd_vf @f(p, s) {
  ^bb0(%p: !ascendc.ubptr<f32>, %s: f16):
    %z = arith.constant 0 : i64
    %m = ascendc.reg.create_mask<f32, ALL>
    %r = ascendc.reg.load %p[%z] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %e = ascendc.reg.adds %r, %s, %m : !ascendc.reg<f32>, f16
  }
}

// -----

// CHECK: error: ascendc.reg.load: pointer/register element types differ (f32, f16); insert a Cast
builtin.module {
  ascendc.simd_vf @f(p) {
  ^bb0(%p: !ascendc.ubptr<f32>):
    %z = arith.constant 0 : i64
    %r = ascendc.reg.load %p[%z] : !ascendc.ubptr<f32> -> !ascendc.reg<f16>
  }
}

// -----

// CHECK: error: ascendc.reg.update_mask: !ascendc.mask is not an element type
builtin.module {
  ascendc.simd_vf @f(n) {
  ^bb0(%n: i64):
    %m = ascendc.reg.update_mask<!ascendc.mask> %n
  }
}

// -----

// CHECK: error: ascendc.simt.gm_load: result and pointer element types differ
builtin.module {
  ascendc.simt_vf @g(p) launch_bound 32 {
  ^bb0(%p: !ascendc.gmptr<f32>):
    %z = arith.constant 0 : i64
    %v = ascendc.simt.gm_load %p[%z] : !ascendc.gmptr<f32> -> i32
  }
}

// -----

// CHECK: error: ascendc.get_value: result f16 differs from f32
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %v = ascendc.get_value %l[%c] : !ascendc.local<f32> -> f16
  }
}

// -----

// An element type the 950's API does not take (its docs' list and the dav_3510 header's
// static_assert(SupportType<...>), target.support.MEMORY_APIS): refused at verification,
// as bisheng would refuse the kernel.
// CHECK: error: ascendc.mins: AscendC::Mins does not take uint32_t on arch 3510 (it takes int8_t, uint8_t, int16_t, half, bfloat16_t, int32_t, float, int64_t, uint64_t: docs/zh/api/SIMD-API/{{.*}}/Mins.md; impl/basic_api/dav_3510/kernel_operator_vec_binary_scalar_impl.h)
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %u = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui32>
    %s = arith.constant 7 : i32
    ascendc.mins %u, %u, %s, %c : !ascendc.local<ui32>, i32
  }
}

// -----

// Muls takes no 8-bit integers on the 950.
// CHECK: error: ascendc.muls: AscendC::Muls does not take int8_t on arch 3510
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<i8>
    %s = arith.constant 3 : i8
    ascendc.muls %l, %l, %s, %c : !ascendc.local<i8>, i8
  }
}
