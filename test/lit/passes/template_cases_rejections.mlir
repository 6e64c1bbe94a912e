// RUN: ascir-opt %s --split-input-file -p indirect-load-template-cases | filecheck %s
// RUN: not ascir-opt %s --split-input-file -p "indirect-load-template-cases{template=\"simd\"}" 2>&1 | filecheck %s --check-prefix=FORCED

// A template whose code the lowering cannot emit is still emitted as a case, with the
// reason (rejected = "..."), so that host tiling chooses among the others; forcing a
// rejected template (template="simd") is an error naming the reason. Each case here is
// rejected by exactly one template.

// AscendC::Gather moves 2- and 4-byte elements: int8 data rules SIMD out; SIMT takes it;
// a bare gather has no stage to split off, which rules SK-like out.
// CHECK-LABEL: ascir.graph @int8_simd hint
// CHECK-SAME:    rejected = "SIMD: AscendC::Gather moves 2- or 4-byte elements only"}
// CHECK-LABEL: ascir.graph @int8_simt hint
// CHECK-NOT:     rejected
// CHECK-LABEL: ascir.graph @int8_sklike hint
// CHECK-SAME:    rejected = "SK-like: no input pre, index pre or output post chain to run as its own stage (the IndirectLoad stage alone is the SIMD/SIMT template)"}
// FORCED: error: indirect-load-template-cases: template 'simd' was rejected: SIMD: AscendC::Gather moves 2- or 4-byte elements only
ascir.graph @int8 hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int8, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<int8, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<int8, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<int8, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<int8, [a, b], [4, 6], [6, 1]>
}

// -----

// An enlarging gather keeps a widening Cast before it in the SIMD case, but the SIMD
// kernel computes the ops it keeps on the input slice in the loaded dtype.
// CHECK-LABEL: ascir.graph @widen_enlarge_simd hint
// CHECK-SAME:    moved_after_gather = [], rejected = "SIMD: ascir.cast %f changes the dtype before a gather that may enlarge the data (the input slice keeps the loaded dtype)"}
// CHECK-LABEL: ascir.graph @widen_enlarge_simt hint
// CHECK-SAME:    moved_after_gather = ["f"]}
// FORCED: error: indirect-load-template-cases: template 'simd' was rejected: SIMD: ascir.cast %f changes the dtype before a gather that may enlarge the data (the input slice keeps the loaded dtype)
ascir.graph @widen_enlarge hint sizes [] axes [0: a0 = 3, 1: a1 = 4, 2: b1 = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [a0, a1], [3, 4], [4, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [3, 8], [8, 1]>
  %xl = ascir.load %x : !ascir.tensor<float16, [a0, a1], [3, 4], [4, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [3, 8], [8, 1]>
  %f = ascir.cast %xl : !ascir.tensor<float32, [a0, a1], [3, 4], [4, 1]>
  %g = ascir.indirect_load %f, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [3, 8], [8, 1]>
}

// -----

// SIMD writes whole output rows from dim on: a strided output view rules it out.
// CHECK-LABEL: ascir.graph @strided_out_simd hint
// CHECK-SAME:    rejected = "SIMD: the output view is not contiguous from dim 1 on"}
// FORCED: error: indirect-load-template-cases: template 'simd' was rejected: SIMD: the output view is not contiguous from dim 1 on
ascir.graph @strided_out hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a, b], [4, 6], [12, 2]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [12, 2]>
}

// -----

// A reduction after the gather: not in the SIMD template yet; SK-like runs it as the
// output post stage (compiled: it arrives at impl level).
// CHECK-LABEL: ascir.graph @reduce_after_simd hint
// CHECK-SAME:    rejected = "SIMD: ascir.reduce_sum %r: reductions after the gather are not supported by the SIMD template yet"}
// CHECK-LABEL: ascir.graph @reduce_after_sklike hint
// CHECK-SAME:    stages = ["indirect_load: xl, il, g, g_st; reads in0, in1; writes ws0", "output_post: g, r, st; reads ws0; writes out0"], workspace_bytes = [#ascir.expr<96>]}
// CHECK-LABEL: ascir.graph @reduce_after_output_post impl
// CHECK:         %r = ascir.reduce_sum %g
// FORCED: error: indirect-load-template-cases: template 'simd' was rejected: SIMD: ascir.reduce_sum %r: reductions after the gather are not supported by the SIMD template yet
ascir.graph @reduce_after hint sizes [] axes [0: a = 4, 1: b = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %r = ascir.reduce_sum %g : !ascir.tensor<float32, [a, b], [4, 1], [1, 0]>
  %st = ascir.store %r : !ascir.tensor<float32, [a, b], [4, 1], [1, 0]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 1], [1, 0]>
}
