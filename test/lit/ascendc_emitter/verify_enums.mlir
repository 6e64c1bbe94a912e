// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s
// Modes are enum attributes: a value that is not one is refused where it is written, in
// the custom syntax and in the generic form, with the choices.

// CHECK: verify_enums.mlir:13:33: error: Expected `LT`, `GT`, `EQ`, `LE`, `GE`, or `NE`.
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %m = ascendc.tbuf_get %b, %c, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui8>
    ascendc.compare %m, %l, %l, LESS, %c : !ascendc.local<ui8>, !ascendc.local<f32>
  }
}

// -----

// CHECK: error: Expected `CAST_NONE`, `CAST_RINT`, `CAST_FLOOR`, `CAST_CEIL`, `CAST_ROUND`, `CAST_TRUNC`, or `CAST_ODD`.
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %h = ascendc.tbuf_get %b, %c, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f16>
    ascendc.cast %h, %l, CAST_HYBRID, %c : !ascendc.local<f16>, !ascendc.local<f32>
  }
}

// -----

// CHECK: error: Expected `PIPE_S`, `PIPE_V`, `PIPE_MTE2`, `PIPE_MTE3`, or `PIPE_ALL`.
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    ascendc.pipe_barrier<PIPE_M>
  }
}

// -----

// CHECK: error: Expected `MTE2_V`, `V_MTE3`, `MTE3_V`, `V_MTE2`, `MTE3_MTE2`, `MTE2_MTE3`, `S_V`, `V_S`, `MTE2_S`, `S_MTE2`, `MTE3_S`, or `S_MTE3`.
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    "ascendc.sync"() <{event = #ascendc<hard_event V_V>}> : () -> ()
  }
}

// -----

// The string a mode once was: the generic form says which attribute it needs.
// CHECK: error: "MTE2_V" should be of base attribute ascendc.hard_event
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    "ascendc.sync"() <{event = "MTE2_V"}> : () -> ()
  }
}

// -----

// CHECK: error: Expected `ALL`, `ALLF`, `H`, `Q`, `VL1`, `VL2`, `VL4`, `VL8`, `VL16`, `VL32`, `VL64`, or `VL128`.
builtin.module {
  ascendc.simd_vf @f() {
  ^bb0:
    %m = ascendc.reg.create_mask<f32, VL3>
  }
}

// -----

// CHECK: error: Expected `DIST_NORM`, `DIST_BRC_B8`, `DIST_BRC_B16`, `DIST_BRC_B32`, `DIST_UNPACK_B8`, `DIST_UNPACK_B16`, `DIST_UNPACK_B32`, or `DIST_UNPACK4_B8`.
builtin.module {
  ascendc.simd_vf @f(p) {
  ^bb0(%p: !ascendc.ubptr<f32>):
    %z = arith.constant 0 : i64
    %r = ascendc.reg.load<DIST_US_B8> %p[%z] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
  }
}

// -----

// CHECK: error: Expected `DIST_NORM`, `DIST_PACK_B16`, `DIST_PACK_B32`, `DIST_PACK_B64`, or `DIST_PACK4_B32`.
builtin.module {
  ascendc.simd_vf @f(p) {
  ^bb0(%p: !ascendc.ubptr<f32>):
    %z = arith.constant 0 : i64
    %m = ascendc.reg.create_mask<f32, ALL>
    %r = ascendc.reg.load %p[%z] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    ascendc.reg.store<DIST_UNPACK_B16> %p[%z], %r, %m : !ascendc.ubptr<f32>, !ascendc.reg<f32>
  }
}

// -----

// CHECK: error: Expected `VSEL_CMPMASK_SPR`, `VSEL_TENSOR_SCALAR_MODE`, or `VSEL_TENSOR_TENSOR_MODE`.
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %m = ascendc.tbuf_get %b, %c, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui8>
    ascendc.select %l, %m, %l, %l, VSEL_TENSOR_MODE, %c : !ascendc.local<f32>, !ascendc.local<ui8>, !ascendc.local<f32>
  }
}

// -----

// CHECK: error: Expected `block_dim`, or `workspace_size`.
builtin.module {
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
    %one = arith.constant 1 : i64
    ascendc.set_output tiling_key = %one : i64
  }
}

// -----

// CHECK: error: Expected `VECIN`, `VECOUT`, or `VECCALC`.
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<A1>
  }
}

// -----

// CHECK: error: TQue position must be VECIN or VECOUT, got VECCALC
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %q = ascendc.que 2, %c : !ascendc.que<VECCALC, 2>
  }
}

// -----

// CHECK: error: ascendc.reg.load: DIST_BRC_B16 loads one 16-bit element, the pointer holds f32 (LoadAlign, LoadDist table)
builtin.module {
  ascendc.simd_vf @f(p) {
  ^bb0(%p: !ascendc.ubptr<f32>):
    %z = arith.constant 0 : i64
    %r = ascendc.reg.load<DIST_BRC_B16> %p[%z] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
  }
}
