// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s
// Calls resolve their callee in the module's symbol table: a function of the right kind,
// with matching arguments; a SIMT call stays within the function's __launch_bounds__.

// CHECK: error: ascendc.vf_call: no ascendc.simd_vf named @missing
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    ascendc.vf_call @missing()
  }
}

// -----

// A SIMT function is not a VF callee.
// CHECK: error: ascendc.vf_call: no ascendc.simd_vf named @g (@g is an ascendc.simt_vf)
builtin.module {
  ascendc.simt_vf @g() launch_bound 32 {
  ^bb0:
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    ascendc.vf_call @g()
  }
}

// -----

// CHECK: error: ascendc.simt_call: no ascendc.simt_vf named @f (@f is an ascendc.simd_vf)
builtin.module {
  ascendc.simd_vf @f() {
  ^bb0:
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    ascendc.simt_call @f() threads 32
  }
}

// -----

// Only symbols of the module count: a kernel is not a function.
// CHECK: error: ascendc.vf_call: no ascendc.simd_vf named @k (@k is an ascendc.kernel)
builtin.module {
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    ascendc.vf_call @k()
  }
}

// -----

// CHECK: error: ascendc.vf_call @f: 1 arguments for 2 parameters
builtin.module {
  ascendc.simd_vf @f(n, m) {
  ^bb0(%n: i64, %m: i64):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %one = arith.constant 1 : i64
    ascendc.vf_call @f(%one) : i64
  }
}

// -----

// CHECK: error: ascendc.vf_call @f: argument 1 is i32, parameter is i64
builtin.module {
  ascendc.simd_vf @f(n, m) {
  ^bb0(%n: i64, %m: i64):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i32
    ascendc.vf_call @f(%one, %two) : i64, i32
  }
}

// -----

// CHECK: error: ascendc.simt_call: 256 threads exceed __launch_bounds__(128)
builtin.module {
  ascendc.simt_vf @g(n) launch_bound 128 {
  ^bb0(%n: i64):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %one = arith.constant 1 : i64
    ascendc.simt_call @g(%one) threads 256 : i64
  }
}

// -----

// CHECK: error: ascendc.simt_vf: launch_bound must be in [1, 2048]
builtin.module {
  ascendc.simt_vf @g() launch_bound 4096 {
  ^bb0:
  }
}

// -----

// CHECK: error: ascendc.simd_vf @f: parameters are __ubuf__ pointers or scalars, got !ascendc.gmptr<f32>
builtin.module {
  ascendc.simd_vf @f(p) {
  ^bb0(%p: !ascendc.gmptr<f32>):
  }
}

// -----

// CHECK: error: ascendc.simt_vf @g: parameters are __gm__ pointers or scalars, got !ascendc.local<f32>
builtin.module {
  ascendc.simt_vf @g(p) launch_bound 32 {
  ^bb0(%p: !ascendc.local<f32>):
  }
}

// -----

// CHECK: error: ascendc.simd_vf @f: one name per argument is required
builtin.module {
  ascendc.simd_vf @f(a, b) {
  ^bb0(%a: i64):
  }
}

// -----

// CHECK: error: Redefinition of symbol "f"
builtin.module {
  ascendc.simd_vf @f() {
  ^bb0:
  }
  ascendc.simt_vf @f() launch_bound 32 {
  ^bb0:
  }
}
