// RUN: ascir-opt %s --split-input-file -p autofuse -t ascendc | filecheck %s
// RUN: ascir-opt %s --split-input-file -p "autofuse{vf=false}" -t ascendc | filecheck %s --check-prefix=ROOT

// A sum over the outer axis takes its rows a block at a time (chunk blocks); the block's
// rows are added in registers (lowering/row_sums.py, issue 36): one __simd_vf__ call per run
// of rows that ends where torch's cascade flushes (every sum_base rows), the cascade step
// after each run -- not one memory-level Add per row. The SPLIT launches combine the parts'
// partials the same way. On the root path (vf=false) every row is one Add.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_outer_sum_row_sum_float32(__ubuf__ float* acc, __ubuf__ float* src, int64_t first, int64_t rows, int64_t pitch, int64_t count) {
// CHECK:         for (int64_t i = int64_t(0); i < iters; i += int64_t(1)) {
// CHECK:           AscendC::Reg::MaskReg mask = AscendC::Reg::UpdateMask<float>(remaining);
// CHECK:           AscendC::Reg::LoadAlign(sum, acc + off);
// CHECK-NEXT:      AscendC::Reg::RegTensor<float> running = sum;
// CHECK-NEXT:      for (int64_t r = int64_t(0); r < rows; r += int64_t(1)) {
// CHECK:             AscendC::Reg::LoadAlign(row, src + [[AT:v_[0-9]+]]);
// CHECK:             AscendC::Reg::Add(added, running, row, mask);
// CHECK-NEXT:        running = added;
// CHECK-NEXT:      }
// CHECK-NEXT:      AscendC::Reg::StoreAlign(acc + off, running, mask);
// CHECK:       extern "C" __global__ __vector__ void autofuse_outer_sum(
// CHECK:         for (int64_t cb = int64_t(0); cb < {{[a-z0-9_]+}}; cb += block_chunks) {
// CHECK:           AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(
// CHECK-NOT:       for (int64_t row
// CHECK:           const int64_t run_end = [[DONE:v_[0-9]+]] + [[ROWS:block_rows_[0-9]+]];
// CHECK:           for (int64_t [[RI:run[_0-9]*]] = {{v_[0-9]+}}; [[RI]] < {{v_[0-9]+}}; [[RI]] += int64_t(1)) {
// CHECK:             const int64_t run_first = af::Max<int64_t>({{v_[0-9]+}}, [[DONE]]);
// CHECK:             const int64_t run_last = af::Min<int64_t>({{v_[0-9]+}}, run_end);
// CHECK:             asc_vf_call<autofuse_outer_sum_row_sum_float32>(
// CHECK-NEXT:        const int64_t [[M:v_[0-9]+]] = run_last % sum_base;
// CHECK-NEXT:        const bool flush = [[M]] == int64_t(0);
// CHECK-NEXT:        if (flush) {
// CHECK-NEXT:          AscendC::Add(r_acc1_ub, r_acc1_ub, r_ub, static_cast<int32_t>(count));
// CHECK-NEXT:          AscendC::Duplicate(r_ub, 0.0f, static_cast<int32_t>(count));
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(
// CHECK:       extern "C" __global__ __mix__(0, 1) void autofuse_outer_sum_split(
// CHECK:         AscendC::SyncAll<true>();
// CHECK:         for (int64_t pb = int64_t(0); pb < {{split_parts[_0-9]*}}; pb += rows) {
// CHECK:           for (int64_t [[RI:run[_0-9]*]] = {{v_[0-9]+}}; [[RI]] < {{v_[0-9]+}}; [[RI]] += int64_t(1)) {
// CHECK:             asc_vf_call<autofuse_outer_sum_row_sum_float32>(

// ROOT-LABEL: // ===== device_impl.cpp =====
// ROOT-NOT:    __simd_vf__
// ROOT-NOT:    row_sum
// ROOT:        for (int64_t [[ROW:row_[0-9]+]] = int64_t(0); [[ROW]] < block_rows_{{[0-9]+}}; [[ROW]] += int64_t(1)) {
// ROOT:          AscendC::Add(r_ub, r_ub, {{[a-z0-9_]+}}, static_cast<int32_t>(count));
ascir.graph @outer_sum hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
}

// -----

// A float16 sum accumulates in float32: each row is cast first, so the chunk rows are not
// added in registers (one Cast and one Add per row); the SPLIT partials are float32 already
// and are. A max is not a sum: one Max per row.
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_half_sum(
// CHECK:         for (int64_t [[ROW:row_[0-9]+]] = int64_t(0); [[ROW]] < block_rows_{{[0-9]+}}; [[ROW]] += int64_t(1)) {
// CHECK:           AscendC::Cast(
// CHECK:           AscendC::Add(
// CHECK:           AscendC::Max(
// CHECK:       extern "C" __global__ __mix__(0, 1) void autofuse_half_sum_split(
// CHECK:         AscendC::SyncAll<true>();
// CHECK:         asc_vf_call<autofuse_half_sum_row_sum_float32>(
// ROOT-LABEL: // ===== device_impl.cpp =====
ascir.graph @half_sum hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %st = ascir.store %r : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %m = ascir.reduce_max %l : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %st2 = ascir.store %m : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %o2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
}
