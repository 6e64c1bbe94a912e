// RUN: ascir-opt %s -t ascendc | filecheck %s
// Checked int64 arithmetic of host tiling: each op is an af::Checked* call whose flag is
// a value; fail_if on it returns the tiling's error code.

// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:       extern "C" int64_t AutofuseTiling(int64_t a, int64_t b, AutofuseTilingData* tiling,
// CHECK-NEXT:      int64_t sum;
// CHECK-NEXT:      const bool sum_overflow = af::CheckedAdd(a, b, &sum);
// CHECK-NEXT:      if (sum_overflow) return 100;  // a + b overflows
// CHECK-NEXT:      int64_t diff;
// CHECK-NEXT:      const bool diff_overflow = af::CheckedSub(sum, int64_t(3), &diff);
// CHECK-NEXT:      int64_t prod;
// CHECK-NEXT:      const bool prod_overflow = af::CheckedMul(diff, b, &prod);
// CHECK-NEXT:      const bool either = diff_overflow | prod_overflow;
// CHECK-NEXT:      if (either) return 101;  // (a + b - 3) * b overflows
// CHECK-NEXT:      int64_t floor;
// CHECK-NEXT:      const bool floor_overflow = af::CheckedFloorDiv(prod, b, &floor);
// CHECK-NEXT:      if (floor_overflow) return 102;  // division by zero or INT64_MIN / -1
// CHECK-NEXT:      int64_t ceil;
// CHECK-NEXT:      const bool ceil_overflow = af::CheckedCeilDiv(floor, b, &ceil);
// CHECK-NEXT:      if (ceil_overflow) return 102;  // division by zero or INT64_MIN / -1
// CHECK-NEXT:      tiling->n = static_cast<decltype(tiling->n)>(ceil);

// A constant divisor other than 0 and -1 needs no check: plain arith
// CHECK-NEXT:      const int64_t by_two = af::FloorDiv<int64_t>(a, int64_t(2));

// CHECK:       extern "C" const char* AutofuseTilingError(int64_t code) {
// CHECK-NEXT:      switch (code) {
// CHECK-NEXT:          case 100: return "a + b overflows";
// CHECK-NEXT:          case 101: return "(a + b - 3) * b overflows";
// CHECK-NEXT:          case 102: return "division by zero or INT64_MIN / -1";
// CHECK-NEXT:          default: break;
// CHECK-NEXT:      }
// CHECK-NEXT:      return nullptr;

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, halved : i64}
  ascendc.host_tiling(a, b) {
  ^bb0(%a: i64, %b: i64, %core_num: ui32, %ub_size: ui32):
    %sum, %sum_overflow = ascendc.checked_addi %a, %b
    ascendc.fail_if %sum_overflow return 100 "a + b overflows"
    %three = arith.constant 3 : i64
    %diff, %diff_overflow = ascendc.checked_subi %sum, %three
    %prod, %prod_overflow = ascendc.checked_muli %diff, %b
    %either = arith.ori %diff_overflow, %prod_overflow : i1
    ascendc.fail_if %either return 101 "(a + b - 3) * b overflows"
    %floor, %floor_overflow = ascendc.checked_floordivsi %prod, %b
    ascendc.fail_if %floor_overflow return 102 "division by zero or INT64_MIN / -1"
    %ceil, %ceil_overflow = ascendc.checked_ceildivsi %floor, %b
    ascendc.fail_if %ceil_overflow return 102 "division by zero or INT64_MIN / -1"
    ascendc.set_tiling n = %ceil : i64
    %two = arith.constant 2 : i64
    %by_two = arith.floordivsi %a, %two : i64
    ascendc.set_tiling halved = %by_two : i64
    %one = arith.constant 1 : i64
    ascendc.set_tiling block_dim = %one : i64
    ascendc.set_output block_dim = %one : i64
    ascendc.set_output workspace_size = %one : i64
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
