// RUN: ascir-opt %s --split-input-file -p indirect-load-template-cases | filecheck %s

// The seed's figures: SIMD moves the gather forward through single-input ops while it
// does not enlarge the data and stops at the two-input Add; SIMT moves it unconditionally
// and gathers the Add's side input with the same index; SK-like keeps the graph and
// records its stages (a stage with nothing to compute folds away: here the bare index
// load stays in the IndirectLoad stage and the bare store ends it) and the workspaces
// joining them. Every case carries the FR6 scores.
// CHECK-LABEL: ascir.graph @g_simd hint
// CHECK-SAME:    template "simd" {continuous_bytes = #ascir.expr<32>, index_outer_product = #ascir.expr<4>, cacheline_bytes = #builtin.int<128>, cache_thres = "0.5", core_thres = "0.5", case_of = "g", schedule_outer = ["b0"], moved_after_gather = ["a", "r"], rejected = "SIMD: the input chain must be a load and unary elementwise ops"}
// CHECK:         %s = ascir.add %xl, %yl
// CHECK-NEXT:    %g = ascir.indirect_load %s, %il {dim = 1 : i64}
// CHECK-NEXT:    %r = ascir.relu %g : !ascir.tensor<float32, [b0, b1], [4, 6], [6, 1]>
// CHECK-NEXT:    %a = ascir.abs %r
// CHECK-NEXT:    %st = ascir.store %a
// CHECK-LABEL: ascir.graph @g_simt hint
// CHECK-SAME:    template "simt" {{.*}}dcache_bytes = #builtin.int<32768>, linear_axis = "indirect_load_linear", moved_after_gather = ["a", "r", "s"]}
// CHECK:         %g = ascir.indirect_load %xl, %il {dim = 1 : i64}
// CHECK-NEXT:    %g_yl = ascir.indirect_load %yl, %il {dim = 1 : i64}
// CHECK-NEXT:    %s = ascir.add %g, %g_yl
// CHECK-LABEL: ascir.graph @g_sklike hint
// CHECK-SAME:    stages = ["input_pre: xl, yl, s, r, a, a_st; reads in0, in1; writes ws0", "indirect_load: a, il, g, st; reads ws0, in2; writes out0"], workspace_bytes = [#ascir.expr<128>]}
// The stages follow as graphs of the module: the input pre chain an ordinary graph that a
// pipeline run of its own normalized, scheduled and vf-partitioned, the IndirectLoad stage
// as its own SIMD and SIMT cases.
// CHECK-LABEL: ascir.graph @g_input_pre impl
// CHECK-SAME:    template "stage" {case_of = "g", stage = "input_pre", stage_order = #builtin.int<0>, routes = {{\[}}["in0", ""], ["in1", ""], ["workspace", "ws0_offset"], ["workspace", ""]]}
// CHECK:         %a_out = ascir.vf @vf_0 loop_dtype float32 (%xl, %yl)
// CHECK:         %a_st = ascir.store %a_out
// CHECK-NEXT:    %ws_a_out = ascir.output %a_st {index = 0 : i64}
// CHECK-LABEL: ascir.graph @g_indirect_load_simd hint
// CHECK-SAME:    template "simd" {{.*}}case_of = "g", stage = "indirect_load", stage_order = #builtin.int<1>
// CHECK:         %a = ascir.load %ws_a
// CHECK:         %g = ascir.indirect_load %a, %il
// CHECK-LABEL: ascir.graph @g_indirect_load_simt hint
// CHECK-SAME:    template "simt" {{.*}}stage = "indirect_load"
// CHECK-NOT:   ascir.graph
ascir.graph @g hint sizes [] axes [0: a0 = 4, 1: a1 = 8, 2: b0 = 4, 3: b1 = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %y = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %i = ascir.data {index = 2 : i64} : !ascir.tensor<int32, [b0, b1], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %yl = ascir.load %y : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b0, b1], [4, 6], [6, 1]>
  %s = ascir.add %xl, %yl : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %r = ascir.relu %s : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %a = ascir.abs %r : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %g = ascir.indirect_load %a, %il {dim = 1 : i64} : !ascir.tensor<float32, [b0, b1], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [b0, b1], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [b0, b1], [4, 6], [6, 1]>
}

// -----

// The gather enlarges the data (12 > 8 along dim): SIMD does not move the input chain; its
// kernel runs relu on the input slice before the Gather.
// CHECK-LABEL: ascir.graph @enlarge_simd
// CHECK-SAME:    moved_after_gather = []
// CHECK:         %g = ascir.indirect_load %r, %il
// CHECK-LABEL: ascir.graph @enlarge_simt
// CHECK-SAME:    moved_after_gather = ["r"]
ascir.graph @enlarge hint sizes [] axes [0: a0 = 4, 1: a1 = 8, 2: b1 = 12] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [4, 12], [12, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [4, 12], [12, 1]>
  %r = ascir.relu %xl : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %g = ascir.indirect_load %r, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [4, 12], [12, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [4, 12], [12, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [4, 12], [12, 1]>
}
