// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s
// Where ops may appear and what the module's declarations must hold.

// CHECK: error: ascendc.simt.thread_idx: only valid inside an ascendc.simt_vf function
builtin.module {
  ascendc.simd_vf @f() {
  ^bb0:
    %t = ascendc.simt.thread_idx
  }
}

// -----

// CHECK: error: ascendc.reg.create_mask: only valid inside an ascendc.simd_vf function
builtin.module {
  ascendc.simt_vf @g() launch_bound 32 {
  ^bb0:
    %m = ascendc.reg.create_mask<f32, ALL>
  }
}

// -----

// CHECK: error: ascendc.kernel: the last argument must be the tiling struct
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.gm_addr):
  }
}

// -----

// CHECK: error: ascendc.kernel: GM arguments must be !ascendc.gm_addr, got i64
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: i64, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: ascendc.kernel: give one name per GM argument (workspace included)
builtin.module {
  ascendc.kernel @k(x) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: ascendc.kernel: launch_args and launch_offsets give one entry per GM argument
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.kernel @k(x, workspace) key 1 routes(x) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: ascendc.kernel: the tiling struct has no field 'blocks' (fields: block_dim, tiling_key)
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.kernel @k(x, workspace) key 1 grid blocks {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: ascendc.tiling_struct: field 'tiling_key' of type ui32 is required
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : i32}
}

// -----

// CHECK: error: ascendc.tiling_struct: duplicate field names in ['block_dim', 'tiling_key', 'n', 'n']
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, n : i32}
}

// -----

// CHECK: error: ascendc.host_tiling: core_num and ub_size are ui32, got i32
builtin.module {
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: i32, %ub_size: i32):
  }
}

// -----

// CHECK: error: ascendc.host_tiling: block args must be the size variables, core_num and ub_size
builtin.module {
  ascendc.host_tiling(n, m) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
  }
}

// -----

// CHECK: error: ascendc.set_tiling: the tiling struct has no field 'm' (fields: block_dim, tiling_key, n)
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    ascendc.set_tiling m = %n : i64
  }
}

// -----

// CHECK: error: ascendc.key_switch: duplicate tiling keys [1, 1]
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %key = arith.constant 0 : i32
    ascendc.key_switch %key : i32 case 1 {
    } case 1 {
    }
  }
}

// -----

// CHECK: error: ascendc.que: num buffers must be in [1, 8]
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %q = ascendc.que 9, %c : !ascendc.que<VECIN, 2>
  }
}

// -----

// CHECK: error: ascendc.tbuf_get: byte offset 48 is not 32-byte aligned (misaligned UB slice)
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %b = ascendc.tbuf %c : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %b, %c, 48 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
  }
}

// -----

// CHECK: error: TQue depth must be >= 1
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %c = arith.constant 64 : i64
    %q = ascendc.que 2, %c : !ascendc.que<VECIN, 0>
  }
}

// -----

// CHECK: error: ascendc.reg element type must be f16/bf16/f32 or an integer type, got !ascendc.mask
builtin.module {
  ascendc.simd_vf @f(p) {
  ^bb0(%p: !ascendc.ubptr<f32>):
    %z = arith.constant 0 : i64
    %r = ascendc.reg.load %p[%z] : !ascendc.ubptr<f32> -> !ascendc.reg<!ascendc.mask>
  }
}
