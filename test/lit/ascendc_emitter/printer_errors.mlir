// RUN: not ascir-opt %s --split-input-file -t ascendc 2>&1 | filecheck %s
// Verified IR the printer still refuses: the generated-code contract needs one tiling
// struct and one host tiling, a host that never traps, and distinct global symbols.

// CHECK: error: cannot print AscendC: the module must hold exactly one ascendc.host_tiling, found 0
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: cannot print AscendC: the module must hold exactly one ascendc.tiling_struct, found 0
builtin.module {
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: cannot print AscendC: host tiling: arith.divui by a run-time value may trap; divide with ascendc.checked_floordivsi / ascendc.checked_ceildivsi and fail_if on the flag (HostBuilder does)
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    %q = arith.divui %n, %n : i64
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: cannot print AscendC: a module with several kernels needs exactly one ascendc.launch_signature
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k1(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
  ascendc.kernel @k2(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: cannot print AscendC: ascendc.kernel: the symbol x is also the name of a parameter of the generated kernels or of AutofuseLaunch; rename it
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @x(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}

// -----

// CHECK: error: cannot print AscendC: kernel k: 'z' is not an AutofuseLaunch parameter
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) key 1 routes(x, z) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
  ascendc.launch_signature(x, workspace)
}
