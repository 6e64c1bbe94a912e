// RUN: ascir-opt %s --split-input-file -p decompose-reductions | filecheck %s
// RUN: ascir-opt %s --split-input-file -p 'autofuse{vf=false}' -t ascendc | filecheck %s --check-prefix=CPP

// Issue 19 reductions. decompose-reductions writes Mean, Any, All, ArgMax and ArgMin in
// terms of Sum/Max/Min (target REDUCTIONS "via"), so they inherit every schedule of
// those (resident, streamed, split over cores, any axis set, both paths); Prod is lowered
// directly: Mul steps and a scalar fold of the lanes (the basic API has no ReduceProd).

// Mean over the symbolic z1: float32 sum of the float16 input, divided by the count
// s1 (an IndexExpr host tiling evaluates at run time), rounded once to float16.
// CHECK-LABEL: ascir.graph @mean
// CHECK:      %r_x32 = ascir.cast %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT: %r_sum = ascir.reduce_sum %r_x32 : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
// CHECK-NEXT: %r_count = ascir.index_expr {expr = #ascir.expr<s1>} : !ascir.scalar<int64>
// CHECK-NEXT: %r_count_b = ascir.broadcast %r_count : !ascir.tensor<int64, [z0, z1], [s0, 1], [1, 0]>
// CHECK-NEXT: %r_count_f = ascir.cast %r_count_b : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
// CHECK-NEXT: %r_mean32 = ascir.div %r_sum, %r_count_f : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
// CHECK-NEXT: %r_mean = ascir.cast %r_mean32 : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
// CHECK-NEXT: %s = ascir.store %r_mean
// CHECK-NOT:  ascir.reduce_mean
builtin.module {
  ascir.graph @mean hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %in0 = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
    %x = ascir.load %in0 : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
    %r = ascir.reduce_mean %x : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
    %s = ascir.store %r : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, 1], [1, 0]>
  }
}

// -----

// Any of a uint8 mask over both axes: nonzero -> float16 0/1 -> Max -> uint8.
// CHECK-LABEL: ascir.graph @any_u8
// CHECK:      %r_zero = ascir.scalar {value = "0"} : !ascir.scalar<uint8>
// CHECK-NEXT: %r_nonzero = ascir.ne %x, %r_zero : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT: %r_f16 = ascir.cast %r_nonzero : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT: %r_extreme = ascir.reduce_max %r_f16 : !ascir.tensor<float16, [z0, z1], [1, 1], [0, 0]>
// CHECK-NEXT: %r_u8 = ascir.cast %r_extreme : !ascir.tensor<uint8, [z0, z1], [1, 1], [0, 0]>
// CHECK-NEXT: %s = ascir.store %r_u8
builtin.module {
  ascir.graph @any_u8 hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %in0 = ascir.data {index = 0 : i64} : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
    %x = ascir.load %in0 : !ascir.tensor<uint8, [z0, z1], [s0, s1], [s1, 1]>
    %r = ascir.reduce_any %x : !ascir.tensor<uint8, [z0, z1], [1, 1], [0, 0]>
    %s = ascir.store %r : !ascir.tensor<uint8, [z0, z1], [1, 1], [0, 0]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<uint8, [z0, z1], [1, 1], [0, 0]>
  }
}

// -----

// All of a bool mask over the outer axis: the float16 0/1 Min, back through uint8.
// CHECK-LABEL: ascir.graph @all_bool
// CHECK:      %r_f16 = ascir.cast %x : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT: %r_extreme = ascir.reduce_min %r_f16 : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
// CHECK-NEXT: %r_u8 = ascir.cast %r_extreme : !ascir.tensor<uint8, [z0, z1], [1, s1], [0, 1]>
// CHECK-NEXT: %r_mask = ascir.cast %r_u8 : !ascir.tensor<bool, [z0, z1], [1, s1], [0, 1]>
builtin.module {
  ascir.graph @all_bool hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %in0 = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
    %x = ascir.load %in0 : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
    %r = ascir.reduce_all %x : !ascir.tensor<bool, [z0, z1], [1, s1], [0, 1]>
    %s = ascir.store %r : !ascir.tensor<bool, [z0, z1], [1, s1], [0, 1]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<bool, [z0, z1], [1, s1], [0, 1]>
  }
}

// -----

// ArgMax of float32 over the non-trailing axis set {z0, z2}: the NaN-propagating Max,
// the positions that equal it (or are NaN) numbered row-major over z0, z2 by an Arange
// (z1 degenerate, then broadcast), the others the int64 maximum; Min keeps the first.
// CHECK-LABEL: ascir.graph @argmax
// CHECK:      %r_extreme = ascir.reduce_max %x : !ascir.tensor<float32, [z0, z1, z2], [1, s1, 1], [0, 1, 0]>
// CHECK-NEXT: %r_extreme_b = ascir.broadcast %r_extreme : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
// CHECK-NEXT: %r_hit = ascir.eq %x, %r_extreme_b : !ascir.tensor<bool, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
// CHECK-NEXT: %r_pos = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1, z2], [s0, 1, s2], [s2, 0, 1]>
// CHECK-NEXT: %r_pos_b = ascir.broadcast %r_pos : !ascir.tensor<int64, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
// CHECK-NEXT: %r_none = ascir.scalar {value = "9223372036854775807"} : !ascir.scalar<int64>
// CHECK-NEXT: %r_none_b = ascir.broadcast %r_none
// CHECK-NEXT: %r_cand = ascir.where %r_hit, %r_pos_b, %r_none_b
// CHECK-NEXT: %r_nan = ascir.ne %x, %x
// CHECK-NEXT: %r_cand_nan = ascir.where %r_nan, %r_pos_b, %r_cand
// CHECK-NEXT: %r_first = ascir.reduce_min %r_cand_nan : !ascir.tensor<int64, [z0, z1, z2], [1, s1, 1], [0, 1, 0]>
// CHECK-NEXT: %s = ascir.store %r_first
builtin.module {
  ascir.graph @argmax hint sizes [s0, s1, s2] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2] {
    %in0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
    %x = ascir.load %in0 : !ascir.tensor<float32, [z0, z1, z2], [s0, s1, s2], [s1 * s2, s2, 1]>
    %r = ascir.reduce_argmax %x : !ascir.tensor<int64, [z0, z1, z2], [1, s1, 1], [0, 1, 0]>
    %s = ascir.store %r : !ascir.tensor<int64, [z0, z1, z2], [1, s1, 1], [0, 1, 0]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<int64, [z0, z1, z2], [1, s1, 1], [0, 1, 0]>
  }
}

// -----

// ArgMin of int8: compared as int32 (ReduceMin has no 8-bit variant), no NaN step.
// CHECK-LABEL: ascir.graph @argmin_i8
// CHECK:      %r_key = ascir.cast %x : !ascir.tensor<int32, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT: %r_extreme = ascir.reduce_min %r_key : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
// CHECK:      %r_cand = ascir.where
// CHECK-NOT:  ascir.ne
// CHECK:      %r_first = ascir.reduce_min %r_cand : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
builtin.module {
  ascir.graph @argmin_i8 hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %in0 = ascir.data {index = 0 : i64} : !ascir.tensor<int8, [z0, z1], [s0, s1], [s1, 1]>
    %x = ascir.load %in0 : !ascir.tensor<int8, [z0, z1], [s0, s1], [s1, 1]>
    %r = ascir.reduce_argmin %x : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
    %s = ascir.store %r : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [s0, 1], [1, 0]>
  }
}

// -----

// Prod is not decomposed: the kernel multiplies chunks into a tile-wide accumulator
// that starts at 1 (streaming); the lanes of a row (resident) or of the accumulator are
// copied into a work tile padded with 1 to whole 32-lane blocks, halved by vector Muls
// (the upper half into the lower) down to 32 lanes, and those folded by scalar multiplies.
// CHECK-LABEL: ascir.graph @prod
// CHECK:       ascir.reduce_prod %x
// CPP-LABEL:   // ===== device_impl.cpp =====
// CPP:         extern "C" __global__ __vector__ void autofuse_prod(
// CPP:         case 1: {
// CPP:           const int64_t fold_padded = {{v_[0-9]+}} * int64_t(32);
// CPP-NEXT:      AscendC::Duplicate(r_work_ub, 1.0f, static_cast<int32_t>(fold_padded));
// CPP-NEXT:      AscendC::Mul(r_work_ub, r_work_ub, {{v_[0-9]+}}, static_cast<int32_t>(s1));
// CPP-NEXT:      int64_t lanes = fold_padded;
// CPP-NEXT:      for (int64_t h = int64_t(0); h < int64_t(28); h += int64_t(1)) {
// CPP-NEXT:        const bool more = lanes > int64_t(32);
// CPP:             AscendC::Mul([[LOW:v_[0-9]+]], [[LOW]], {{v_[0-9]+}}, static_cast<int32_t>([[UPPER:v_[0-9]+]]));
// CPP:           float prod = 1.0f;
// CPP-NEXT:      for (int64_t k = int64_t(0); k < lanes; k += int64_t(1)) {
// CPP-NEXT:        const float [[V:v_[0-9]+]] = static_cast<float>(r_work_ub.GetValue(k));
// CPP-NEXT:        const float [[P:v_[0-9]+]] = prod * [[V]];
// CPP-NEXT:        prod = [[P]];
// CPP:           {{[a-z0-9_]+}}.SetValue(int64_t(0), prod);
// CPP:         case 2: {
// CPP:           AscendC::Duplicate(r_acc_ub, 1.0f,
// CPP:           AscendC::Mul(r_acc_ub, r_acc_ub, {{x_ub|v_[0-9]+}},
builtin.module {
  ascir.graph @prod hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %in0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %x = ascir.load %in0 : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %r = ascir.reduce_prod %x : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
    %s = ascir.store %r : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  }
}
