// RUN: ascir-opt %s --split-input-file -p "autofuse{vf=false}" -t ascendc | filecheck %s

// Float sums add their partial results in torch's cascade (lowering/cascade.py, issue 31):
// level 0 (the accumulator) takes a chunk per iteration; every sum_base chunks it is added
// into level 1 and reset, every sum_base**2 level 1 into level 2, every sum_base**3 level 2
// into level 3; after the chunk loop the levels are added into level 0, lowest first.
// sum_base = 2**max(4, ceil_log2(chunks) // 4), chosen by host tiling.

// A sum over the outer axis (the issue's x.sum(0)): every lane is one column's cascade.
// CHECK-LABEL: // ===== tiling.h =====
// CHECK:         int64_t sum_base;
// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:         const bool [[C5:[a-z0-9_]+]] = s0 > int64_t(524288);
// CHECK-NEXT:    const int64_t [[B5:[a-z0-9_]+]] = [[C5]] ? int64_t(32) : int64_t(16);
// CHECK:         tiling->sum_base = static_cast<decltype(tiling->sum_base)>(
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_outer_sum(
// CHECK:         const int64_t sum_base = tiling.sum_base;
// CHECK:         AscendC::Duplicate([[ACC:r_ub]], 0.0f, static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Duplicate([[L1:r_acc1_ub]], 0.0f, static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Duplicate([[L2:r_acc2_ub]], 0.0f, static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Duplicate([[L3:r_acc3_ub]], 0.0f, static_cast<int32_t>(count));
// The chunks (rows of the reduced axis) come in blocks of half the `rows` the buffers hold,
// one DataCopyPad each, the next block's issued before this one's chunks (chunk blocks,
// issue 36); each row of the block is combined as a chunk of its own, in order.
// CHECK:         const int64_t block_chunks = {{.*}};
// CHECK:         AscendC::DataCopyPad({{.*}}static_cast<uint16_t>(block_rows)
// CHECK:         for (int64_t cb = int64_t(0); cb < {{[a-z0-9_]+}}; cb += block_chunks) {
// CHECK:           const int64_t next_block = cb + block_chunks;
// CHECK:           AscendC::DataCopyPad({{.*}}static_cast<uint16_t>(block_rows_{{[0-9]+}})
// CHECK:           AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(
// CHECK:           for (int64_t [[ROW:row_[0-9]+]] = int64_t(0); [[ROW]] < block_rows_{{[0-9]+}}; [[ROW]] += int64_t(1)) {
// CHECK:             const int64_t chunks_done = {{[a-z0-9_]+}} + int64_t(1);
// CHECK:             AscendC::Add([[ACC]], [[ACC]], {{[a-z0-9_]+}}, static_cast<int32_t>(count));
// CHECK-NEXT:      const int64_t [[M1:[a-z0-9_]+]] = chunks_done % sum_base;
// CHECK-NEXT:      const bool [[F1:flush[a-z0-9_]*]] = [[M1]] == int64_t(0);
// CHECK-NEXT:      if ([[F1]]) {
// CHECK-NEXT:        AscendC::Add([[L1]], [[L1]], [[ACC]], static_cast<int32_t>(count));
// CHECK-NEXT:        AscendC::Duplicate([[ACC]], 0.0f, static_cast<int32_t>(count));
// CHECK-NEXT:        const int64_t [[P2:[a-z0-9_]+]] = sum_base * sum_base;
// CHECK-NEXT:        const int64_t [[M2:[a-z0-9_]+]] = chunks_done % [[P2]];
// CHECK-NEXT:        const bool [[F2:flush[a-z0-9_]*]] = [[M2]] == int64_t(0);
// CHECK-NEXT:        if ([[F2]]) {
// CHECK-NEXT:          AscendC::Add([[L2]], [[L2]], [[L1]], static_cast<int32_t>(count));
// CHECK-NEXT:          AscendC::Duplicate([[L1]], 0.0f, static_cast<int32_t>(count));
// CHECK-NEXT:          const int64_t [[P3:[a-z0-9_]+]] = [[P2]] * sum_base;
// CHECK-NEXT:          const int64_t [[M3:[a-z0-9_]+]] = chunks_done % [[P3]];
// CHECK-NEXT:          const bool [[F3:flush[a-z0-9_]*]] = [[M3]] == int64_t(0);
// CHECK-NEXT:          if ([[F3]]) {
// CHECK-NEXT:            AscendC::Add([[L3]], [[L3]], [[L2]], static_cast<int32_t>(count));
// CHECK-NEXT:            AscendC::Duplicate([[L2]], 0.0f, static_cast<int32_t>(count));
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK:         AscendC::Add([[ACC]], [[ACC]], [[L1]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Add([[ACC]], [[ACC]], [[L2]], static_cast<int32_t>(count));
// CHECK-NEXT:    AscendC::Add([[ACC]], [[ACC]], [[L3]], static_cast<int32_t>(count));
// After the SPLIT kernel's SyncAll, the parts' partials combine in the same cascade, `rows`
// partials per DataCopyPad.
// CHECK:       extern "C" __global__ __mix__(0, 1) void autofuse_outer_sum_split(
// CHECK:         AscendC::SyncAll<true>();
// CHECK:         for (int64_t pb = int64_t(0); pb < {{split_parts[_0-9]*}}; pb += rows) {
// CHECK:           AscendC::DataCopyPad({{.*}}static_cast<uint16_t>(block_parts)
// CHECK:           for (int64_t [[P:p[_0-9]*]] = int64_t(0); [[P]] < block_parts; [[P]] += int64_t(1)) {
// CHECK:           AscendC::Add([[ACC2:[a-z0-9_]+]], [[ACC2]], {{[a-z0-9_]+}}, static_cast<int32_t>({{count[_0-9]*}}));
// CHECK:           const bool {{flush[a-z0-9_]*}} =
ascir.graph @outer_sum hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
}

// -----

// Max is exact in any order and integer sums wrap: no cascade, no sum_base.
// CHECK-LABEL: // ===== tiling.h =====
// CHECK-NOT:     sum_base
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK-NOT:     flush
// CHECK-NOT:     acc1
ascir.graph @exact hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %s = ascir.reduce_sum %il : !ascir.tensor<int32, [z0, z1], [1, s1], [0, 1]>
  %st = ascir.store %m : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %st2 = ascir.store %s : !ascir.tensor<int32, [z0, z1], [1, s1], [0, 1]>
  %y2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<int32, [z0, z1], [1, s1], [0, 1]>
}
