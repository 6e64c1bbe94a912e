// RUN: ascir-opt %s --split-input-file -p indirect-load-template-cases | filecheck %s

// The SIMT case of indirect-load-template-cases (seed 001 FR4, "SIMT 图改写"): SIMT
// linearises the output, so the input chain would run on other axes; the IndirectLoad
// moves forward unconditionally, even when it enlarges the data. Before a two-input op it
// is duplicated: one gather per side input, with the same index. The case records the
// 32 KB dcache reservation and the linearised axis.

// The seed's SIMT figure: input -> Abs -> Add(side input) -> IndirectLoad -> Relu. After
// the rewrite both inputs are gathered, Abs and Add run on gathered elements. SIMD stops
// at the Add (two inputs) and keeps the graph.
// CHECK-LABEL: ascir.graph @figure_simd hint
// CHECK-SAME:    moved_after_gather = [], rejected = "SIMD: the input chain must be a load and unary elementwise ops"}
// CHECK:         %d = ascir.add %a, %yl
// CHECK-NEXT:    %g = ascir.indirect_load %d, %il
// CHECK-LABEL: ascir.graph @figure_simt hint
// CHECK-SAME:    template "simt" {continuous_bytes = #ascir.expr<2 * s1>, index_outer_product = #ascir.expr<s0>, cacheline_bytes = #builtin.int<128>, cache_thres = "0.5", core_thres = "0.5", case_of = "figure", dcache_bytes = #builtin.int<32768>, linear_axis = "indirect_load_linear", moved_after_gather = ["d", "a"]}
// CHECK:         %il = ascir.load %i
// CHECK-NEXT:    %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float16, [a0, b1], [s0, s2], [s2, 1]>
// CHECK-NEXT:    %a = ascir.abs %g : !ascir.tensor<float16, [a0, b1], [s0, s2], [s2, 1]>
// CHECK-NEXT:    %g_yl = ascir.indirect_load %yl, %il {dim = 1 : i64} : !ascir.tensor<float16, [a0, b1], [s0, s2], [s2, 1]>
// CHECK-NEXT:    %d = ascir.add %a, %g_yl : !ascir.tensor<float16, [a0, b1], [s0, s2], [s2, 1]>
// CHECK-NEXT:    %r = ascir.relu %d
// CHECK-NEXT:    %st = ascir.store %r
ascir.graph @figure hint sizes [s0, s1, s2] axes [0: a0 = s0, 1: a1 = s1, 2: b1 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [a0, a1], [s0, s1], [s1, 1]>
  %y = ascir.data {index = 1 : i64} : !ascir.tensor<float16, [a0, a1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 2 : i64} : !ascir.tensor<int64, [a0, b1], [s0, s2], [s2, 1]>
  %xl = ascir.load %x : !ascir.tensor<float16, [a0, a1], [s0, s1], [s1, 1]>
  %yl = ascir.load %y : !ascir.tensor<float16, [a0, a1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [a0, b1], [s0, s2], [s2, 1]>
  %a = ascir.abs %xl : !ascir.tensor<float16, [a0, a1], [s0, s1], [s1, 1]>
  %d = ascir.add %a, %yl : !ascir.tensor<float16, [a0, a1], [s0, s1], [s1, 1]>
  %g = ascir.indirect_load %d, %il {dim = 1 : i64} : !ascir.tensor<float16, [a0, b1], [s0, s2], [s2, 1]>
  %r = ascir.relu %g : !ascir.tensor<float16, [a0, b1], [s0, s2], [s2, 1]>
  %st = ascir.store %r : !ascir.tensor<float16, [a0, b1], [s0, s2], [s2, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [a0, b1], [s0, s2], [s2, 1]>
}

// -----

// SIMT needs a scalar form for every op of the case: Exp has none, so the case is
// rejected (it is still emitted, with the reason, for the other templates to be chosen).
// CHECK-LABEL: ascir.graph @exp_simt hint
// CHECK-SAME:    moved_after_gather = ["e"], rejected = "SIMT: ascir.exp %e has no scalar form"}
// CHECK:         %g = ascir.indirect_load %xl, %il
// CHECK-NEXT:    %e = ascir.exp %g
ascir.graph @exp hint sizes [] axes [0: a0 = 4, 1: a1 = 8, 2: b1 = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [4, 6], [6, 1]>
  %e = ascir.exp %xl : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %g = ascir.indirect_load %e, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
}

// -----

// The seed 001 minimal example (examples/indirect_load_minimal.py): float16 [s0..s3]
// gathered on dim 2 by an int32 [s4..s7] index, nothing before or after. Nothing moves;
// the scores are symbolic (the bytes of the contiguous axes below the outermost, the
// outer product of the index before dim).
// CHECK-LABEL: ascir.graph @minimal_simd hint
// CHECK-SAME:    template "simd" {continuous_bytes = #ascir.expr<2 * s1 * s2 * s3>, index_outer_product = #ascir.expr<s4 * s5>,
// CHECK-SAME:    schedule_outer = ["z4", "z5"], moved_after_gather = []}
// CHECK-LABEL: ascir.graph @minimal_simt hint
// CHECK-SAME:    moved_after_gather = []}
// CHECK-LABEL: ascir.graph @minimal_sklike hint
// CHECK-SAME:    rejected = "SK-like: no input pre, index pre or output post chain to run as its own stage (the IndirectLoad stage alone is the SIMD/SIMT template)"}
// CHECK-NOT:   ascir.graph
ascir.graph @minimal hint sizes [s0, s1, s2, s3, s4, s5, s6, s7] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2, 3: z3 = s3, 4: z4 = s4, 5: z5 = s5, 6: z6 = s6, 7: z7 = s7] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1, z2, z3], [s0, s1, s2, s3], [s1 * s2 * s3, s2 * s3, s3, 1]>
  %index = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z4, z5, z6, z7], [s4, s5, s6, s7], [s5 * s6 * s7, s6 * s7, s7, 1]>
  %input_load = ascir.load %x sched [z0, z1, z2, z3] : !ascir.tensor<float16, [z0, z1, z2, z3], [s0, s1, s2, s3], [s1 * s2 * s3, s2 * s3, s3, 1]>
  %index_load = ascir.load %index sched [z4, z5, z6, z7] : !ascir.tensor<int32, [z4, z5, z6, z7], [s4, s5, s6, s7], [s5 * s6 * s7, s6 * s7, s7, 1]>
  %indirect_load = ascir.indirect_load %input_load, %index_load sched [z4, z5, z6, z7] {dim = 2 : i64} : !ascir.tensor<float16, [z4, z5, z6, z7], [s4, s5, s6, s7], [s5 * s6 * s7, s6 * s7, s7, 1]>
  %store = ascir.store %indirect_load sched [z4, z5, z6, z7] : !ascir.tensor<float16, [z4, z5, z6, z7], [s4, s5, s6, s7], [s5 * s6 * s7, s6 * s7, s7, 1]>
  %y = ascir.output %store sched [z4, z5, z6, z7] {index = 0 : i64} : !ascir.tensor<float16, [z4, z5, z6, z7], [s4, s5, s6, s7], [s5 * s6 * s7, s6 * s7, s7, 1]>
}
