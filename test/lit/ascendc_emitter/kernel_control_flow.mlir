// RUN: ascir-opt %s -t ascendc | filecheck %s
// Kernel scalars and structured control flow: scf.for is a C++ for loop (a carried value is
// one variable, assigned at the end of the body), scf.if an if statement.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void k(GM_ADDR x, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK-NEXT:      const int64_t n = tiling.n;
// CHECK-NEXT:      const int64_t block_idx = static_cast<int64_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:      int64_t sum = int64_t(0);
// CHECK-NEXT:      for (int64_t i = block_idx; i < n; i += int64_t(8)) {
// CHECK-NEXT:          const int64_t next = sum + i;
// CHECK-NEXT:          sum = next;
// CHECK-NEXT:      }
// CHECK-NEXT:      const bool big = sum > n;
// CHECK-NEXT:      if (big) {
// CHECK-NEXT:          const int64_t clipped = af::Min<int64_t>(sum, n);
// CHECK-NEXT:          const int64_t picked = big ? clipped : sum;
// CHECK-NEXT:      }
// CHECK-NEXT:  }
// CHECK-NOT:   AscendC::TPipe pipe;

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %block_idx = ascendc.block_idx
    %zero = arith.constant 0 : i64
    %eight = arith.constant 8 : i64
    %acc = scf.for %i = %block_idx to %n step %eight iter_args(%sum = %zero) -> (i64) : i64 {
      %next = arith.addi %sum, %i : i64
      scf.yield %next : i64
    }
    %big = arith.cmpi sgt, %acc, %n : i64
    scf.if %big {
      %clipped = arith.minsi %acc, %n : i64
      %picked = arith.select %big, %clipped, %acc : i64
    }
  }
}
