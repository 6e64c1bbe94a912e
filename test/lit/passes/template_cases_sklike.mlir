// RUN: ascir-opt %s -p indirect-load-template-cases | filecheck %s
// RUN: ascir-opt %s -p "indirect-load-template-cases{template=\"sklike\"}" | filecheck %s --check-prefix=ONLY

// The SK-like case (seed 001 FR5): the graph is kept whole and its four logical stages --
// input pre, index pre, IndirectLoad, output post -- are recorded in launch order with
// the arguments each reads and writes; workspaces (wsN) join them, with their sizes.
// The stages then follow as graphs of their own: input pre, index pre and output post are
// ordinary graphs (template "stage") reading and writing the workspace, the IndirectLoad
// stage gets its own SIMD and SIMT cases. template="sklike" keeps only this case (and its
// stages).

// CHECK-LABEL: ascir.graph @four_simd hint
// CHECK-SAME:    rejected = "SIMD: the index chain must be a single load (an index computed before the gather, e.g. ids + Arange or ids * stride, runs as the SK-like index pre stage or per element in SIMT)"}
// CHECK-LABEL: ascir.graph @four_simt hint
// CHECK-SAME:    rejected = "SIMT: ascir.exp %e has no scalar form"}
// CHECK-LABEL: ascir.graph @four_sklike hint
// CHECK-SAME:    workspace_fields = ["ws0_offset", "ws1_offset", "ws2_offset"], stages = ["input_pre: xl, e, e_st; reads in0; writes ws0", "index_pre: il, ia, ia_st; reads in1; writes ws1", "indirect_load: e, ia, g, g_st; reads ws0, ws1; writes ws2", "output_post: g, r, st; reads ws2; writes out0"], workspace_bytes = [#ascir.expr<4 * s0 * s1>, #ascir.expr<8 * s0 * s2>, #ascir.expr<4 * s0 * s2>]}

// The input pre stage computes Exp and writes it to ws0 (its output 0). Stage graphs are
// ordinary graphs compiled by a pipeline run of their own (normalized, scheduled,
// vf-partitioned): they arrive at impl level.
// CHECK-LABEL: ascir.graph @four_input_pre impl
// CHECK-SAME:    template "stage" {case_of = "four", stage = "input_pre", stage_order = #builtin.int<0>, routes = {{\[}}["in0", ""], ["workspace", "ws0_offset"], ["workspace", ""]]}
// CHECK-NEXT:    %x = ascir.data {index = 0 : i64}
// CHECK-NEXT:    %xl = ascir.load %x
// CHECK-NEXT:    %e_out = ascir.vf @vf_0 loop_dtype float32 (%xl) {
// CHECK:           %e = ascir.exp %xl_in
// CHECK:         %e_st = ascir.store %e_out
// CHECK-NEXT:    %ws_e_out = ascir.output %e_st {index = 0 : i64}
// CHECK-NEXT:  }
// CHECK-LABEL: ascir.graph @four_index_pre impl
// CHECK-SAME:    stage = "index_pre", stage_order = #builtin.int<1>, routes = {{\[}}["in1", ""], ["workspace", "ws1_offset"], ["workspace", ""]]}
// CHECK:         %ia = ascir.abs %il_in {vf = "ok"} : !ascir.tensor<int64,
// The IndirectLoad stage reads both workspaces as its inputs 0 and 1; it is a hint graph
// with its own template cases.
// CHECK-LABEL: ascir.graph @four_indirect_load_simd hint
// CHECK-SAME:    stage = "indirect_load", stage_order = #builtin.int<2>, routes = {{\[}}["workspace", "ws0_offset"], ["workspace", "ws1_offset"], ["workspace", "ws2_offset"], ["workspace", ""]], schedule_outer = ["a0"], moved_after_gather = []}
// CHECK-NEXT:    %ws_e = ascir.data {index = 0 : i64} : !ascir.tensor<float32,
// CHECK-NEXT:    %e = ascir.load %ws_e
// CHECK-NEXT:    %ws_ia = ascir.data {index = 1 : i64} : !ascir.tensor<int64,
// CHECK-NEXT:    %ia = ascir.load %ws_ia
// CHECK-NEXT:    %g = ascir.indirect_load %e, %ia {dim = 1 : i64}
// CHECK-LABEL: ascir.graph @four_indirect_load_simt hint
// CHECK-LABEL: ascir.graph @four_output_post impl
// CHECK-SAME:    stage = "output_post", stage_order = #builtin.int<3>
// CHECK:           %r = ascir.relu %g_in
// CHECK:         %st = ascir.store %r_out
// CHECK-NEXT:    %o = ascir.output %st {index = 0 : i64}

// ONLY-NOT:      @four_simd
// ONLY-NOT:      @four_simt
// ONLY:          ascir.graph @four_sklike hint
// ONLY:          ascir.graph @four_input_pre impl
// ONLY:          ascir.graph @four_index_pre impl
// ONLY:          ascir.graph @four_indirect_load_simd hint
// ONLY:          ascir.graph @four_indirect_load_simt hint
// ONLY:          ascir.graph @four_output_post impl
ascir.graph @four hint sizes [s0, s1, s2] axes [0: a0 = s0, 1: a1 = s1, 2: b1 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [a0, b1], [s0, s2], [s2, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [a0, b1], [s0, s2], [s2, 1]>
  %e = ascir.exp %xl : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %ia = ascir.abs %il : !ascir.tensor<int64, [a0, b1], [s0, s2], [s2, 1]>
  %g = ascir.indirect_load %e, %ia {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %r = ascir.relu %g : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
}
