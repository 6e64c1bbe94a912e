// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s
// A __simt_vf__ function may only call __simt_callee__ and __callee__ functions
// (ascendc_emitter/dialect/helpers.py says which function each op prints a call of): the
// diagnostic points at the op, names the function, its qualifier and where it is declared.

// CHECK: verify_simt_callees.mlir:[[# @LINE + 5]]:5: error: ascendc.checked_addi in ascendc.simt_vf @g: prints a call of af::CheckedAdd, a __aicore__ function (ascendc_emitter/include/autofuse/scalar.h); a __simt_vf__ function may only call __simt_callee__ and __callee__ functions
builtin.module {
  ascendc.simt_vf @g(out, n) launch_bound 256 {
  ^bb0(%out: !ascendc.gmptr<i64>, %n: i64):
    %tid = ascendc.simt.thread_idx
    %v, %overflow = ascendc.checked_addi %tid, %n
    ascendc.simt.gm_store %out[%tid], %v : !ascendc.gmptr<i64>, i64
  }
}

// -----

// CHECK: verify_simt_callees.mlir:[[# @LINE + 7]]:7: error: ascendc.block_idx in ascendc.simt_vf @g: prints a call of AscendC::GetBlockIdx, a __aicore__ function (asc-devkit include/basic_api/kernel_operator_sys_var_intf.h); a __simt_vf__ function may only call __simt_callee__ and __callee__ functions
builtin.module {
  ascendc.simt_vf @g(out, n) launch_bound 256 {
  ^bb0(%out: !ascendc.gmptr<i64>, %n: i64):
    %tid = ascendc.simt.thread_idx
    %nthreads = ascendc.simt.thread_num
    scf.for %e = %tid to %n step %nthreads : i64 {
      %b = ascendc.block_idx
      %q = arith.floordivsi %e, %b : i64
      ascendc.simt.gm_store %out[%e], %q : !ascendc.gmptr<i64>, i64
    }
  }
}

// -----

// The arithmetic helpers (__callee__) and the SIMT accessors (__simt_callee__) are allowed.
// CHECK: ascendc.simt_vf @g(out, n) launch_bound 256
// CHECK: arith.floordivsi
// CHECK: arith.maxsi
builtin.module {
  ascendc.simt_vf @g(out, n) launch_bound 256 {
  ^bb0(%out: !ascendc.gmptr<i64>, %n: i64):
    %tid = ascendc.simt.thread_idx
    %nthreads = ascendc.simt.thread_num
    scf.for %e = %tid to %n step %nthreads : i64 {
      %q = arith.floordivsi %e, %n : i64
      %m = arith.maxsi %q, %e : i64
      ascendc.simt.check_index %m, %n, "row"
      %v = ascendc.simt.gm_load %out[%m] : !ascendc.gmptr<i64> -> i64
      ascendc.simt.gm_store %out[%e], %v : !ascendc.gmptr<i64>, i64
    }
  }
}
