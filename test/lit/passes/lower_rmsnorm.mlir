// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s

// RMSNorm through the whole pipeline (the regions of vf_partition_rmsnorm.mlir): each
// region is one __simd_vf__ function, the reduction and the scalar multiply run at
// memory level between them. The per-row value of the last region enters it as a UB
// pointer, loaded into every lane once (LoadAlign DIST_BRC_B32, issue 36), and its narrow
// members (+ eps, sqrt) run once, before the loop; the ScalarData %inv_n is read from its
// GM argument once; the constant eps is passed as a float literal. The weight's cast
// (vf_2) is the same in every row of a row block: it is computed once per block, before
// the rows.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_rmsnorm_vf_2(__ubuf__ half* {{[a-z0-9_]+}}, __ubuf__ float* {{[a-z0-9_]+}}, int64_t count) {
// CHECK:         AscendC::Reg::Cast<float, half,
// CHECK:       __simd_vf__ inline void autofuse_rmsnorm_vf_0(__ubuf__ half* {{[a-z0-9_]+}}, __ubuf__ float* {{[a-z0-9_]+}}, __ubuf__ float* {{[a-z0-9_]+}}, int64_t count) {
// CHECK:         AscendC::Reg::Cast<float, half, {{[a-z0-9_]+}}>([[C:[a-z0-9_]+]],
// CHECK:         AscendC::Reg::Mul({{[a-z0-9_]+}}, [[C]], [[C]],
// CHECK:       __simd_vf__ inline void autofuse_rmsnorm_vf_1(__ubuf__ float* [[ROW:[a-z0-9_]+]], float [[EPS:[a-z0-9_]+]], __ubuf__ float* {{[a-z0-9_]+}}, __ubuf__ float* {{[a-z0-9_]+}}, __ubuf__ half* {{[a-z0-9_]+}}, int64_t count) {
// CHECK-NEXT:    AscendC::Reg::RegTensor<float> [[DUP:[a-z0-9_]+]];
// CHECK-NEXT:    AscendC::Reg::LoadAlign<float, AscendC::Reg::LoadDist::DIST_BRC_B32>([[DUP]], [[ROW]] + int64_t(0));
// CHECK:         AscendC::Reg::Adds([[ME:[a-z0-9_]+]], [[DUP]], [[EPS]],
// CHECK:         AscendC::Reg::Sqrt([[RT:[a-z0-9_]+]], [[ME]],
// CHECK:         for (int64_t i = int64_t(0); i < iters; i += int64_t(1)) {
// CHECK:           AscendC::Reg::Div([[NX:[a-z0-9_]+]], {{[a-z0-9_]+}}, [[RT]],
// CHECK:           AscendC::Reg::Mul([[YF:[a-z0-9_]+]], [[NX]],
// CHECK:           AscendC::Reg::Cast<half, float, {{[a-z0-9_]+}}>({{[a-z0-9_]+}}, [[YF]],
// CHECK:       extern "C" __global__ __vector__ void autofuse_rmsnorm(GM_ADDR in0, GM_ADDR in1, GM_ADDR in2, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:         const float [[INV:[a-z0-9_]+]] = static_cast<float>({{[a-z0-9_]+}}.GetValue(int64_t(0)));
// The resident schedule (the row fits one tile): the regions in topological order, per row
// of a row block, after the block's invariant cast of the weight.
// CHECK:         case 1: {
// CHECK:           asc_vf_call<autofuse_rmsnorm_vf_2>({{.*}}, s1);
// CHECK:           for (int64_t row{{.*}} = int64_t(0);
// CHECK:             asc_vf_call<autofuse_rmsnorm_vf_0>({{.*}}, s1);
// CHECK-NEXT:        AscendC::ReduceSum([[SS:[a-z0-9_]+]], {{[a-z0-9_]+}}, {{[a-z0-9_]+}}, static_cast<int32_t>(s1));
// CHECK-NEXT:        AscendC::Muls({{[a-z0-9_]+}}, [[SS]], [[INV]], static_cast<int32_t>(int64_t(1)));
// CHECK:             asc_vf_call<autofuse_rmsnorm_vf_1>({{[a-z0-9_]+}}, {{[0-9.e+-]+}}f, {{.*}}, s1);
// The streaming schedule (key 2) recomputes vf_0 in the output pass.
// CHECK:         case 2: {
// CHECK:           asc_vf_call<autofuse_rmsnorm_vf_0>({{.*}}, count);
// CHECK:           AscendC::ReduceSum(
// CHECK:           asc_vf_call<autofuse_rmsnorm_vf_0>({{.*}}, count{{.*}});
// CHECK:           asc_vf_call<autofuse_rmsnorm_vf_1>(
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
