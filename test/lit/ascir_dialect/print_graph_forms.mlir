// RUN: ascir-opt %s | filecheck %s
// RUN: ascir-opt %s > %t.custom
// RUN: ascir-opt %s --print-op-generic | ascir-opt > %t.again
// RUN: diff %t.custom %t.again

// Graph forms that passes produce and that hand-written IR may contain: ascir.vf regions
// (several results, a scalar input), the template header of a template case with its
// info dictionary, and the ub_fuse_context marker. Each prints in its custom syntax and
// survives custom -> generic -> custom unchanged.

// CHECK-LABEL: ascir.graph @regions impl sizes [s0] axes [0: z0 = s0] ub_fuse_context {
// CHECK:         %e_out, %m_out = ascir.vf @vf_0 loop_dtype float32 (%l, %c) {
// CHECK-NEXT:    ^bb0(%l_in: !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>, %c_in: !ascir.scalar<float32>):
// CHECK-NEXT:      %f = ascir.cast %l_in {vf = "ok"} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
// CHECK-NEXT:      %e = ascir.add %f, %c_in {vf = "ok"} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
// CHECK-NEXT:      %m = ascir.gt %e, %c_in {vf = "ok"} : !ascir.tensor<bool, [z0], [s0], [1], vectorized [z0], [1]>
// CHECK-NEXT:      ascir.vf_yield %e, %m
// CHECK-NEXT:    } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>, !ascir.tensor<bool, [z0], [s0], [1], vectorized [z0], [1]>
ascir.graph @regions impl sizes [s0] axes [0: z0 = s0] ub_fuse_context {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %c = ascir.scalar {value = "0.5"} : !ascir.scalar<float32>
  %l = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>
  %e_out, %m_out = ascir.vf @vf_0 loop_dtype float32 (%l, %c) {
  ^bb0(%l_in: !ascir.tensor<float16, [z0], [s0], [1], vectorized [z0], [1]>, %c_in: !ascir.scalar<float32>):
    %f = ascir.cast %l_in {vf = "ok"} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    %e = ascir.add %f, %c_in {vf = "ok"} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
    %m = ascir.gt %e, %c_in {vf = "ok"} : !ascir.tensor<bool, [z0], [s0], [1], vectorized [z0], [1]>
    ascir.vf_yield %e, %m
  } : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>, !ascir.tensor<bool, [z0], [s0], [1], vectorized [z0], [1]>
  %st0 = ascir.store %e_out : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>
  %y0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %st1 = ascir.store %m_out : !ascir.tensor<bool, [z0], [s0], [1], vectorized [z0], [1]>
  %y1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
}

// A template case as indirect-load-template-cases writes it (the info is free-form).
// CHECK-LABEL: ascir.graph @g_simt hint sizes [] axes [0: a = 4, 1: b = 6] template "simt" {continuous_bytes = #ascir.expr<24>, dcache_bytes = #builtin.int<32768>, moved_after_gather = ["r"]} {
// CHECK-NEXT:    %x = ascir.data {index = 0 : i64}
// CHECK:         %g = ascir.indirect_load %xl, %il {dim = 1 : i64, need_check_negative = true}
ascir.graph @g_simt hint sizes [] axes [0: a = 4, 1: b = 6] template "simt" {continuous_bytes = #ascir.expr<24>, dcache_bytes = #builtin.int<32768>, moved_after_gather = ["r"]} {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [4, 6], [6, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64, need_check_negative = true} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %r = ascir.relu %g : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [4, 6], [6, 1]>
}
