// RUN: ascir-opt %s --split-input-file -p indirect-load-template-cases | filecheck %s --check-prefix=CASES
// RUN: ascir-opt %s --split-input-file -p 'autofuse{template_policy="seed-fr6"}' -t ascendc | filecheck %s --check-prefix=CODE
// RUN: ascir-opt %s --split-input-file -p autofuse -t ascendc | filecheck %s --check-prefix=MEASURED

// Gathers in real graphs (issue 19): two IndirectLoads with their own indices feeding one
// Add (token + position embedding), an Arange position term added after a gather, and an
// index computed as ids + Arange. SIMD runs one AscendC::Gather per kernel and a unary
// output chain, so it refuses them, saying why; SIMT evaluates every gather, Arange and op
// per output element; SK-like runs each gather as a stage of its own -- the IndirectLoad
// stage graphs each get their own SIMD and SIMT cases, so host tiling chooses a template
// per gather -- and the Arange in an ordinary pre/post stage.

// CASES-LABEL: ascir.graph @two_simd hint
// CASES-SAME:    rejected = "SIMD: 2 IndirectLoads (one AscendC::Gather per kernel); the SK-like template runs each gather as a stage of its own, SIMT gathers per element"
// CASES-LABEL: ascir.graph @two_simt hint
// CASES-NOT:     rejected
// CASES:         %g = ascir.indirect_load %xl, %il {dim = 1 : i64}
// CASES-NEXT:    %h = ascir.indirect_load %pl, %ql {dim = 1 : i64}
// CASES-NEXT:    %s = ascir.add %g, %h
// CASES-LABEL: ascir.graph @two_sklike hint
// CASES-SAME:    stages = ["indirect_load: xl, il, g, g_st; reads in0, in1; writes ws0", "indirect_load1: pl, ql, h, h_st; reads in2, in3; writes ws1", "output_post: g, h, s, st; reads ws0, ws1; writes out0"]
// CASES-LABEL: ascir.graph @two_indirect_load_simd hint
// CASES-SAME:    stage = "indirect_load", stage_order = #builtin.int<0>
// CASES-NOT:     rejected
// CASES:         %g = ascir.indirect_load %xl, %il
// CASES-LABEL: ascir.graph @two_indirect_load_simt hint
// CASES-LABEL: ascir.graph @two_indirect_load1_simd hint
// CASES-SAME:    stage = "indirect_load1", stage_order = #builtin.int<1>
// CASES-NOT:     rejected
// CASES:         %h = ascir.indirect_load %pl, %ql
// CASES-LABEL: ascir.graph @two_indirect_load1_simt hint
// CASES-LABEL: ascir.graph @two_output_post impl
// CASES-SAME:    stage = "output_post", stage_order = #builtin.int<2>, routes = {{\[}}["workspace", "ws0_offset"], ["workspace", "ws1_offset"], ["out0", ""], ["workspace", ""]]

// The default ("measured") policy takes SIMT wherever it applies, ahead of SK-like, so its
// kernel holds no SK-like stage kernels (they would be unreachable code); seed-fr6 keeps them.
// MEASURED-LABEL: // ===== host_impl.cpp =====
// MEASURED-NOT:   indirect_load_tiling_key
// MEASURED-LABEL: // ===== device_impl.cpp =====
// MEASURED:       __simt_vf__ __launch_bounds__(256) inline void autofuse_two_simt(
// MEASURED-NOT:   autofuse_two_indirect_load
// MEASURED-NOT:   autofuse_two_output_post
// MEASURED:       // ===== tiling.h =====

// Host tiling (seed-fr6): each gather stage picks its own key on the real shapes.
// CODE-LABEL: // ===== host_impl.cpp =====
// CODE:         tiling->indirect_load_tiling_key = static_cast<decltype(tiling->indirect_load_tiling_key)>(key);
// CODE:         tiling->indirect_load1_tiling_key = static_cast<decltype(tiling->indirect_load1_tiling_key)>(key_{{[0-9]+}});
// CODE-LABEL: // ===== device_impl.cpp =====
// SIMT: both indices read and checked, both tables read, added, stored.
// CODE:       __simt_vf__ __launch_bounds__(256) inline void autofuse_two_simt(
// CODE:         const int32_t [[I:v_[0-9]+]] = af::GmLoad(p_i,
// CODE:         af::CheckIndex(idx, i1, "IndirectLoad ascir.indirect_load %g (SIMT)");
// CODE:         const float [[X:v_[0-9]+]] = af::GmLoad(p_x,
// CODE:         const int32_t [[Q:v_[0-9]+]] = af::GmLoad(p_q,
// CODE:         af::CheckIndex([[IDX2:idx_[0-9]+]], i1, "IndirectLoad ascir.indirect_load %h (SIMT)");
// CODE:         const float [[P:v_[0-9]+]] = af::GmLoad(p_p,
// CODE-NEXT:    const float [[SUM:v_[0-9]+]] = [[X]] + [[P]];
// CODE:         af::GmStore(p_y, {{v_[0-9]+}}, [[SUM]]);
// The SK-like stage kernels: one per gather, each with its SIMD (Gather) and SIMT keys.
// CODE:       extern "C" __global__ __vector__ void autofuse_two_indirect_load(
// CODE:         case 1: {
// CODE:           AscendC::Gather(
// CODE:         case 2: {
// CODE:       extern "C" __global__ __vector__ void autofuse_two_indirect_load1(
// CODE:         case 1: {
// CODE:           AscendC::Gather(
// CODE:         case 2: {
// CODE:       extern "C" __global__ __vector__ void autofuse_two_output_post(
// CODE:         autofuse_two_indirect_load<<<tiling->indirect_load_block_dim, nullptr, stream>>>((GM_ADDR)in0, (GM_ADDR)in1, (GM_ADDR)workspace + tiling->ws0_offset,
// CODE-NEXT:    autofuse_two_indirect_load1<<<tiling->indirect_load1_block_dim, nullptr, stream>>>((GM_ADDR)in2, (GM_ADDR)in3, (GM_ADDR)workspace + tiling->ws1_offset,
// CODE-NEXT:    autofuse_two_output_post<<<tiling->output_post_block_dim, nullptr, stream>>>((GM_ADDR)workspace + tiling->ws0_offset, (GM_ADDR)workspace + tiling->ws1_offset, (GM_ADDR)out0,
ascir.graph @two hint sizes [i0, i1, j0, j1] axes [0: a0 = i0, 1: a1 = i1, 2: b0 = j0, 3: b1 = j1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %p = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %q = ascir.data {index = 3 : i64} : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %pl = ascir.load %p : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %ql = ascir.load %q : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %h = ascir.indirect_load %pl, %ql {dim = 1 : i64} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %s = ascir.add %g, %h : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %st = ascir.store %s : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
}

// -----

// An Arange position term added after the gather.
// CASES-LABEL: ascir.graph @pos_simd hint
// CASES-SAME:    rejected = "SIMD: the output chain must be unary elementwise ops and one store (ascir.arange %ar is not a unary elementwise op)"
// CASES-LABEL: ascir.graph @pos_simt hint
// CASES-NOT:     rejected
// CASES:         %ar = ascir.arange
// CASES-LABEL: ascir.graph @pos_sklike hint
// CASES-SAME:    stages = ["indirect_load: xl, il, g, g_st; reads in0, in1; writes ws0", "output_post: g, ar, ab, af, s, st; reads ws0; writes out0"]
// CASES-LABEL: ascir.graph @pos_output_post impl
// CASES:         %ar = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>, vf = "ok"}
// SIMT: the Arange at the lane's coordinate (base + step * the b1 coordinate), cast, added.
// CODE-LABEL: // ===== device_impl.cpp =====
// CODE:       __simt_vf__ __launch_bounds__(256) inline void autofuse_pos_simt(
// CODE:         const float [[G:v_[0-9]+]] = af::GmLoad(p_x,
// CODE-NEXT:    const int64_t [[L:v_[0-9]+]] = c_b1 * int64_t(1);
// CODE-NEXT:    const int64_t [[OFF:v_[0-9]+]] = int64_t(0) + [[L]];
// CODE-NEXT:    const int64_t [[STEP:v_[0-9]+]] = int64_t(1) * [[OFF]];
// CODE-NEXT:    const int64_t ar_v = int64_t(0) + [[STEP]];
// CODE-NEXT:    const int32_t [[A:v_[0-9]+]] = static_cast<int32_t>(ar_v);
// CODE-NEXT:    const float [[AF:v_[0-9]+]] = static_cast<float>([[A]]);
// CODE-NEXT:    const float {{v_[0-9]+}} = [[G]] + [[AF]];
ascir.graph @pos hint sizes [i0, i1, j0, j1] axes [0: a0 = i0, 1: a1 = i1, 2: b0 = j0, 3: b1 = j1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %ar = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [b1], [j1], [1]>
  %ab = ascir.broadcast %ar : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %af = ascir.cast %ab : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %s = ascir.add %g, %af : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %st = ascir.store %s : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
}

// -----

// The index computed as ids + Arange: SIMT adds per element, SK-like in an index pre stage.
// CASES-LABEL: ascir.graph @ia_simd hint
// CASES-SAME:    rejected = "SIMD: the index chain must be a single load
// CASES-LABEL: ascir.graph @ia_simt hint
// CASES-NOT:     rejected
// CASES-LABEL: ascir.graph @ia_sklike hint
// CASES-SAME:    stages = ["index_pre: il, ar, ab, ix, ix_st; reads in1; writes ws0", "indirect_load: ix, xl, g, st; reads ws0, in0; writes out0"]
// CASES-LABEL: ascir.graph @ia_index_pre impl
// CODE-LABEL: // ===== device_impl.cpp =====
// CODE:       __simt_vf__ __launch_bounds__(256) inline void autofuse_ia_simt(
// CODE:         const int32_t [[IDS:v_[0-9]+]] = af::GmLoad(p_i,
// CODE:         const int32_t [[A:v_[0-9]+]] = static_cast<int32_t>(ar_v);
// CODE-NEXT:    const int32_t [[IX:v_[0-9]+]] = [[IDS]] + [[A]];
// CODE-NEXT:    const int64_t idx = static_cast<int64_t>([[IX]]);
ascir.graph @ia hint sizes [i0, i1, j0, j1] axes [0: a0 = i0, 1: a1 = i1, 2: b0 = j0, 3: b1 = j1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %ar = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [b1], [j1], [1]>
  %ab = ascir.broadcast %ar : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %ix = ascir.add %il, %ab : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %g = ascir.indirect_load %xl, %ix {dim = 1 : i64, need_check_bound = true} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
}
