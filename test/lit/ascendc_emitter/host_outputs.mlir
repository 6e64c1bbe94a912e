// RUN: ascir-opt %s -t ascendc | filecheck %s
// AutofuseTiling: the size parameters by name, then the contract's own; tiling fields are
// assigned through their declared type, the two outputs through uint32_t. Two fail_if
// messages for one code give no message for it (the runtime then reports the code).

// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:       extern "C" int64_t AutofuseTiling(int64_t rows, int64_t cols, AutofuseTilingData* tiling, uint32_t* workspace_size, uint32_t* block_dim, uint32_t core_num, uint32_t ub_size) {
// CHECK-NEXT:      const bool empty = rows < int64_t(1);
// CHECK-NEXT:      if (empty) return 2;  // rows must be >= 1
// CHECK-NEXT:      const bool narrow = cols < int64_t(1);
// CHECK-NEXT:      if (narrow) return 2;  // cols must be >= 1
// CHECK-NEXT:      const int64_t cores = static_cast<int64_t>(core_num);
// CHECK-NEXT:      tiling->rows = static_cast<decltype(tiling->rows)>(rows);
// CHECK-NEXT:      tiling->scale = static_cast<decltype(tiling->scale)>(0.5f);
// CHECK-NEXT:      tiling->block_dim = static_cast<decltype(tiling->block_dim)>(cores);
// CHECK-NEXT:      *block_dim = static_cast<uint32_t>(cores);
// CHECK-NEXT:      *workspace_size = static_cast<uint32_t>(int64_t(4096));
// CHECK-NEXT:      return 0;
// CHECK-NEXT:  }
// CHECK:       extern "C" const char* AutofuseTilingError(int64_t code) {
// CHECK-NEXT:      switch (code) {
// CHECK-NEXT:          default: break;

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, rows : i64, scale : f32}
  ascendc.host_tiling(rows, cols) {
  ^bb0(%rows: i64, %cols: i64, %core_num: ui32, %ub_size: ui32):
    %one = arith.constant 1 : i64
    %empty = arith.cmpi slt, %rows, %one : i64
    ascendc.fail_if %empty return 2 "rows must be >= 1"
    %narrow = arith.cmpi slt, %cols, %one : i64
    ascendc.fail_if %narrow return 2 "cols must be >= 1"
    %cores = arith.extui %core_num : ui32 to i64
    ascendc.set_tiling rows = %rows : i64
    %half = arith.constant 0.5 : f32
    ascendc.set_tiling scale = %half : f32
    ascendc.set_tiling block_dim = %cores : i64
    ascendc.set_output block_dim = %cores : i64
    %ws = arith.constant 4096 : i64
    ascendc.set_output workspace_size = %ws : i64
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
