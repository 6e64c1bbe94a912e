// RUN: ascir-opt %s --split-input-file -p "autofuse{vf=false}" -t ascendc | filecheck %s

// Reductions over any axes (seed 000 reduce ops, passes/phases.py) at memory level. A
// reduced innermost axis is a ReduceX over the row with a work buffer: resident (tiling
// key 1, the row fits one tile) or streaming (key 2, chunks accumulated elementwise, then
// one ReduceX). A reduced outer axis keeps the vectorized axis dense and accumulates row
// by row with the elementwise API from the identity (-inf for max, +inf for min, 0 for
// sum); max/min propagate NaN (the lanes where either side is NaN are selected back).
// Every graph also gets the split launches (one partial per part in the workspace).

// Sum over the inner axis.
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_inner(GM_ADDR in0, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:         case 1: {
// CHECK:           AscendC::ReduceSum({{[a-z0-9_]+}}, {{[a-z0-9_]+}}, {{[a-z0-9_]+}}, static_cast<int32_t>(s2));
// CHECK:         case 2: {
// CHECK:           AscendC::Duplicate([[ACC:[a-z0-9_]+]], 0.0f,
// CHECK:           for (int64_t ch = int64_t(0); ch < chunks; ch += int64_t(1)) {
// CHECK:             AscendC::Add([[ACC]], [[ACC]], {{[a-z0-9_]+}}, static_cast<int32_t>(count));
// The cascade (lowering/cascade.py): every `base` chunks the lanes are reduced to one value
// into level 1, whose levels are single values (no UB per tile element).
// CHECK:             if (flush) {
// CHECK-NEXT:          AscendC::ReduceSum([[FLUSH:[a-z0-9_]+]], [[ACC]], {{[a-z0-9_]+}}, static_cast<int32_t>({{[a-z0-9_]+}}));
// CHECK-NEXT:          AscendC::Add([[L1:[a-z0-9_]+]], [[L1]], [[FLUSH]], static_cast<int32_t>(int64_t(1)));
// CHECK:           AscendC::Add([[ACC]], [[ACC]], [[L1]], static_cast<int32_t>(int64_t(1)));
// CHECK:           AscendC::ReduceSum([[R:[a-z0-9_]+]], [[ACC]],
// CHECK:       extern "C" __global__ __mix__(0, 1) void autofuse_inner_split(
// CHECK:         AscendC::SyncAll<true>();
// CHECK:         AscendC::ReduceSum([[R]], {{[a-z0-9_]+}}, {{[a-z0-9_]+}}, static_cast<int32_t>({{split_parts[_0-9]*}}));
ascir.graph @inner hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, 1], [s1, 1, 0]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, 1], [s1, 1, 0]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, 1], [s1, 1, 0]>
}

// -----

// Max over the outer axis: the merged inner axes stay the vectorized one; rows of the
// reduced axis are accumulated.
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_outer(
// CHECK-NOT:     AscendC::ReduceMax
// CHECK:         AscendC::Duplicate([[R:[a-z0-9_]+]], (-1.0f / 0.0f), static_cast<int32_t>(count));
// CHECK:         for (int64_t cb = int64_t(0); cb < {{[a-z0-9_]+}}; cb += block_chunks) {
// CHECK:           AscendC::DataCopyPad({{[a-z0-9_]+}}, {{.*}}static_cast<uint16_t>(block_rows_{{[0-9]+}})
// CHECK:           for (int64_t [[ROW:row_[0-9]+]] = int64_t(0); [[ROW]] < block_rows_{{[0-9]+}}; [[ROW]] += int64_t(1)) {
// CHECK:             AscendC::LocalTensor<float> [[L:v_[0-9]+]] = v_{{[0-9]+}}[
// CHECK:           AscendC::Compare([[N0:[a-z0-9_]+]], [[R]], [[R]], AscendC::CMPMODE::EQ,
// CHECK:           AscendC::Compare([[N1:[a-z0-9_]+]], [[L]], [[L]], AscendC::CMPMODE::EQ,
// CHECK-NEXT:      AscendC::Max([[R]], [[R]], [[L]], static_cast<int32_t>(count));
// CHECK-NEXT:      AscendC::Select([[R]], [[N0]], [[R]], (0.0f / 0.0f),
// CHECK-NEXT:      AscendC::Select([[R]], [[N1]], [[R]], (0.0f / 0.0f),
// CHECK:         }
// CHECK:         AscendC::DataCopyPad({{.*}}, [[R]], AscendC::DataCopyExtParams{
// CHECK:       extern "C" __global__ __mix__(0, 1) void autofuse_outer_split(
// CHECK:         AscendC::SyncAll<true>();
ascir.graph @outer hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1, z2], [1, s1, s2], [0, s2, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1, z2], [1, s1, s2], [0, s2, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [1, s1, s2], [0, s2, 1]>
}

// -----

// Min over the middle axis: accumulated from +inf.
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_middle(
// CHECK-NOT:     AscendC::ReduceMin
// CHECK:         AscendC::Duplicate([[R:[a-z0-9_]+]], (1.0f / 0.0f), static_cast<int32_t>(count));
// CHECK:         for (int64_t cb = int64_t(0);
// CHECK:           AscendC::Min([[R]], [[R]], {{[a-z0-9_]+}}, static_cast<int32_t>(count));
ascir.graph @middle hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.reduce_min %l : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, s2], [s2, 0, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, s2], [s2, 0, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, s2], [s2, 0, 1]>
}

// -----

// Sum over the two inner axes, merged into one reduced axis of s1 * s2 elements.
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_inner_two(
// CHECK:         const int64_t inner_size = {{.*}};
// CHECK:         case 1: {
// CHECK:           AscendC::ReduceSum({{[a-z0-9_]+}}, {{[a-z0-9_]+}}, {{[a-z0-9_]+}}, static_cast<int32_t>(inner_size));
ascir.graph @inner_two hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, 1], [1, 0, 0]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, 1], [1, 0, 0]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, 1, 1], [1, 0, 0]>
}
