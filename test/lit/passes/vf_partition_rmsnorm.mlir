// RUN: ascir-opt %s -p schedule,vf-partition | filecheck %s

// vf-partition on RMSNorm with float16 I/O. Three regions, one per (reduction level,
// varying along the reduced axis) class and connected component:
//   vf_0: cast + square, level 0, varying (feeds the sum);
//   vf_2: the weight broadcast and cast, level 0, varying, not connected to vf_0 through
//         admitted nodes;
//   vf_1: the normalization and the cast back, level 1, varying -- with the per-row values
//         it alone reads (+ eps, sqrt: narrow, kept), which join it and are computed once
//         per call before its loop (issue 36: no VF call of their own per row); the scalar
//         %eps enters as a region input (FR7 value parameter).
// %ms multiplies by a scalar: not an AL-9 position, so it stays at memory level and
// splits the kept chain. Regions are placed in a topological order (vf_2 before vf_1,
// whose input it produces). loop_dtype is the widest compute dtype: float32 everywhere,
// the float16 loads entering by UNPACK.

// CHECK-LABEL: ascir.graph @rmsnorm impl
// CHECK:         %xf_out, %sq_out = ascir.vf @vf_0 loop_dtype float32 (%xl) {
// CHECK-NEXT:    ^bb0(%xl_in: !ascir.tensor<float16,
// CHECK-NEXT:      %xf = ascir.cast %xl_in {vf = "ok"}
// CHECK-NEXT:      %sq = ascir.mul %xf, %xf {vf = "ok"}
// CHECK-NEXT:      ascir.vf_yield %xf, %sq
// CHECK:         %ss = ascir.reduce_sum %sq_out
// CHECK-NEXT:    %ms = ascir.mul %ss, %inv_n {vf = "rejected: scalar-like input x2 of ascir.mul
// CHECK-NEXT:    %wf_out = ascir.vf @vf_2 loop_dtype float32 (%wl) {
// CHECK:           %wb = ascir.broadcast %wl_in {vf = "ok"}
// CHECK-NEXT:      %wf = ascir.cast %wb {vf = "ok"}
// CHECK:         %yh_out = ascir.vf @vf_1 loop_dtype float32 (%ms, %eps, %xf_out, %wf_out) {
// CHECK-NEXT:    ^bb0(%ms_in: {{.*}}, %eps_in: !ascir.scalar<float32>, {{.*}}):
// CHECK-NEXT:      %me = ascir.add %ms_in, %eps_in {vf = "ok"} : !ascir.tensor<float32, [z0, z1], [s0, 1]
// CHECK-NEXT:      %rt = ascir.sqrt %me {vf = "ok"} : !ascir.tensor<float32, [z0, z1], [s0, 1]
// CHECK-NEXT:      %rb = ascir.broadcast %rt {vf = "ok"}
// CHECK-NEXT:      %nx = ascir.div %xf_out_in, %rb {vf = "ok"}
// CHECK-NEXT:      %yf = ascir.mul %nx, %wf_in {vf = "ok"}
// CHECK-NEXT:      %yh = ascir.cast %yf {vf = "ok"}
// CHECK-NEXT:      ascir.vf_yield %yh
// CHECK-NEXT:    } : !ascir.tensor<float16,
// CHECK-NEXT:    %st = ascir.store %yh_out
ascir.graph @rmsnorm hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %eps = ascir.scalar {value = "1e-6"} : !ascir.scalar<float32>
  %inv_n = ascir.scalar_data {index = 2 : i64} : !ascir.scalar<float32>
  %xl = ascir.load %x : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %wl = ascir.load %w : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %xf = ascir.cast %xl : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %sq = ascir.mul %xf, %xf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %ss = ascir.reduce_sum %sq : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %ms = ascir.mul %ss, %inv_n : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %me = ascir.add %ms, %eps : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %rt = ascir.sqrt %me : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %rb = ascir.broadcast %rt : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %nx = ascir.div %xf, %rb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %wb = ascir.broadcast %wl : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %wf = ascir.cast %wb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %yf = ascir.mul %nx, %wf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %yh = ascir.cast %yf : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %yh : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
}
