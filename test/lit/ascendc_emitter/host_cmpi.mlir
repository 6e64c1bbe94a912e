// RUN: ascir-opt %s -t ascendc | filecheck %s
// Host integer compares: the signed predicates compare as the operands' C++ type, the
// unsigned ones (ult, ule, ugt, uge) cast signless operands to the unsigned type of their
// width; values typed unsigned (core_num, ub_size: uint32_t) need no cast.

// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:       extern "C" int64_t AutofuseTiling(int64_t n, int64_t m, AutofuseTilingData* tiling, uint32_t* workspace_size, uint32_t* block_dim, uint32_t core_num, uint32_t ub_size) {
// CHECK-NEXT:      const bool eq = n == m;
// CHECK-NEXT:      const bool ne = n != m;
// CHECK-NEXT:      const bool slt = n < m;
// CHECK-NEXT:      const bool sle = n <= m;
// CHECK-NEXT:      const bool sgt = n > m;
// CHECK-NEXT:      const bool sge = n >= m;
// CHECK-NEXT:      const bool ult = static_cast<uint64_t>(n) < static_cast<uint64_t>(m);
// CHECK-NEXT:      const bool ule = static_cast<uint64_t>(n) <= static_cast<uint64_t>(m);
// CHECK-NEXT:      const bool ugt = static_cast<uint64_t>(n) > static_cast<uint64_t>(m);
// CHECK-NEXT:      const bool uge = static_cast<uint64_t>(n) >= static_cast<uint64_t>(m);
// CHECK-NEXT:      const int32_t n32 = static_cast<int32_t>(n);
// CHECK-NEXT:      const bool ult32 = static_cast<uint32_t>(n32) < static_cast<uint32_t>(static_cast<int32_t>(7));
// CHECK-NEXT:      const bool slt32 = n32 < static_cast<int32_t>(7);
// CHECK-NEXT:      const bool cores = core_num < ub_size;
// i1: unsigned false < true; signed true is -1
// CHECK-NEXT:      const bool flag = eq < ne;
// CHECK-NEXT:      const bool sflag = (-static_cast<int32_t>(eq)) < (-static_cast<int32_t>(ne));

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, flags : i64}
  ascendc.host_tiling(n, m) {
  ^bb0(%n: i64, %m: i64, %core_num: ui32, %ub_size: ui32):
    %eq = arith.cmpi eq, %n, %m : i64
    %ne = arith.cmpi ne, %n, %m : i64
    %slt = arith.cmpi slt, %n, %m : i64
    %sle = arith.cmpi sle, %n, %m : i64
    %sgt = arith.cmpi sgt, %n, %m : i64
    %sge = arith.cmpi sge, %n, %m : i64
    %ult = arith.cmpi ult, %n, %m : i64
    %ule = arith.cmpi ule, %n, %m : i64
    %ugt = arith.cmpi ugt, %n, %m : i64
    %uge = arith.cmpi uge, %n, %m : i64
    %n32 = arith.trunci %n : i64 to i32
    %c7 = arith.constant 7 : i32
    %ult32 = arith.cmpi ult, %n32, %c7 : i32
    %slt32 = arith.cmpi slt, %n32, %c7 : i32
    %cores = arith.cmpi ult, %core_num, %ub_size : ui32
    %flag = arith.cmpi ult, %eq, %ne : i1
    %sflag = arith.cmpi slt, %eq, %ne : i1
    ascendc.set_tiling flags = %sflag : i1
    %one = arith.constant 1 : i64
    ascendc.set_tiling block_dim = %one : i64
    ascendc.set_output block_dim = %one : i64
    ascendc.set_output workspace_size = %one : i64
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
