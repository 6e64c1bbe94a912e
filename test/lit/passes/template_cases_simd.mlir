// RUN: ascir-opt %s --split-input-file -p indirect-load-template-cases | filecheck %s

// The SIMD case of indirect-load-template-cases (seed 001 FR3, "SIMD 图改写"): the
// IndirectLoad moves forward along its input chain through single-input elementwise ops
// -- so that they compute on the gathered elements only -- while the gather does not
// enlarge the data; it stops at a two-input op, at a Broadcast and at a value with
// other users. The case records the schedule split (outer axes before dim) and what
// moved. Each graph @g becomes @g_simd, @g_simt, @g_sklike (then its SK-like stage graphs),
// each recording case_of = "g".

// The seed's first figure: A [3, 4] -> Relu -> IndirectLoad with index [3, 8] on dim 1.
// The output is larger than the input along dim (8 > 4), so SIMD keeps the Relu before
// the gather; SIMT moves it anyway.
// CHECK-LABEL: ascir.graph @enlarge_simd hint
// CHECK-SAME:    template "simd" {continuous_bytes = #ascir.expr<16>, index_outer_product = #ascir.expr<3>,
// CHECK-SAME:    schedule_outer = ["a0"], moved_after_gather = []}
// CHECK:         %r = ascir.relu %xl : !ascir.tensor<float32, [a0, a1], [3, 4], [4, 1]>
// CHECK-NEXT:    %g = ascir.indirect_load %r, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
// CHECK-NEXT:    %st = ascir.store %g
// CHECK-LABEL: ascir.graph @enlarge_simt hint
// CHECK-SAME:    moved_after_gather = ["r"]
// CHECK:         %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
// CHECK-NEXT:    %r = ascir.relu %g : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
// CHECK-NEXT:    %st = ascir.store %r
// CHECK-LABEL: ascir.graph @enlarge_sklike hint
ascir.graph @enlarge hint sizes [] axes [0: a0 = 3, 1: a1 = 4, 2: b1 = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [3, 4], [4, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [3, 8], [8, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [3, 4], [4, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [3, 8], [8, 1]>
  %r = ascir.relu %xl : !ascir.tensor<float32, [a0, a1], [3, 4], [4, 1]>
  %g = ascir.indirect_load %r, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
}

// -----

// A gather that shrinks dim (8 -> 6): the whole unary chain (Exp, Cast) moves, nearest
// first; a moved op keeps its name and dtype and takes the gather's view.
// CHECK-LABEL: ascir.graph @unary_chain_simd hint
// CHECK-SAME:    case_of = "unary_chain", schedule_outer = ["a0"], moved_after_gather = ["f", "e"]}
// CHECK:         %il = ascir.load %i
// CHECK-NEXT:    %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float16, [a0, b1], [4, 6], [6, 1]>
// CHECK-NEXT:    %e = ascir.exp %g : !ascir.tensor<float16, [a0, b1], [4, 6], [6, 1]>
// CHECK-NEXT:    %f = ascir.cast %e : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
// CHECK-NEXT:    %st = ascir.store %f : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
ascir.graph @unary_chain hint sizes [] axes [0: a0 = 4, 1: a1 = 8, 2: b1 = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [a0, a1], [4, 8], [8, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float16, [a0, a1], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [4, 6], [6, 1]>
  %e = ascir.exp %xl : !ascir.tensor<float16, [a0, a1], [4, 8], [8, 1]>
  %f = ascir.cast %e : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %g = ascir.indirect_load %f, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
}

// -----

// A Broadcast stops the move: Neg moves after the gather, the Broadcast below it stays.
// The SIMD template then rejects the case (its input chain must be a load and unary ops).
// CHECK-LABEL: ascir.graph @bcast_simd hint
// CHECK-SAME:    moved_after_gather = ["n"], rejected = "SIMD: the input chain must be a load and unary elementwise ops"}
// CHECK:         %b = ascir.broadcast %xl
// CHECK-NEXT:    %g = ascir.indirect_load %b, %il
// CHECK-NEXT:    %n = ascir.neg %g
// CHECK-LABEL: ascir.graph @bcast_simt hint
// CHECK-SAME:    moved_after_gather = ["n"]
ascir.graph @bcast hint sizes [] axes [0: a0 = 4, 1: a1 = 8, 2: b1 = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [1, 8], [0, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [1, 8], [0, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [4, 6], [6, 1]>
  %b = ascir.broadcast %xl : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %n = ascir.neg %b : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %g = ascir.indirect_load %n, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
}

// -----

// A gather on dim 2 of a 3-D tensor schedules over the two outer axes of the output.
// CHECK-LABEL: ascir.graph @dim2_simd hint
// CHECK-SAME:    schedule_outer = ["a0", "a1"]
ascir.graph @dim2 hint sizes [s0, s1, s2, s3] axes [0: a0 = s0, 1: a1 = s1, 2: a2 = s2, 3: b2 = s3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1, a2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, a1, b2], [s0, s1, s3], [s1 * s3, s3, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1, a2], [s0, s1, s2], [s1 * s2, s2, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, a1, b2], [s0, s1, s3], [s1 * s3, s3, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 2 : i64} : !ascir.tensor<float32, [a0, a1, b2], [s0, s1, s3], [s1 * s3, s3, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, a1, b2], [s0, s1, s3], [s1 * s3, s3, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, a1, b2], [s0, s1, s3], [s1 * s3, s3, 1]>
}
