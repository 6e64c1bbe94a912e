// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s

// The scatter template (issue 37, lowering/index_put_kernel.py): one __simt_vf__ function
// whose threads own the output's columns; each writes the input at every row, then walks
// the index in order and adds each value into the indexed row (float16 through float32,
// rounded per add). Without need_check_bound an out-of-range position stops the simulator
// and is never written on a device. Host tiling splits the rows in blocks where the
// columns alone leave the cores' threads idle (no block shorter than the index), and the
// lanes -- a row block times a column -- over the cores.
// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:         const bool row_block_overflow = af::CheckedCeilDiv(V, {{v_[0-9]+}}, &row_block);
// CHECK:         tiling->row_block = static_cast<decltype(tiling->row_block)>(row_block);
// CHECK:         tiling->lanes = static_cast<decltype(tiling->lanes)>(lanes);
// CHECK:         tiling->lanes_per_block =
// CHECK:         *block_dim =
// CHECK:         *workspace_size =
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simt_vf__ __launch_bounds__(256) inline void autofuse_canon_scatter(__gm__ int32_t* p_i, __gm__ half* p_g, __gm__ half* p_x, __gm__ half* p_o,
// CHECK:         for (int64_t e = v; e < last; e += nthreads) {
// CHECK:           const int64_t row_block_index = af::FloorDiv<int64_t>(e,
// CHECK:           const int64_t row_low = row_block_index * row_block;
// CHECK:           const int64_t row_high = af::Min<int64_t>({{.*}}, V);
// CHECK:           for (int64_t row = row_low; row < row_high; row += int64_t(1)) {
// CHECK:             const half [[X:v_[0-9]+]] = af::GmLoad(p_x,
// CHECK:             af::GmStore(p_o, {{v_[0-9]+}}, [[X]]);
// CHECK:           for (int64_t n = int64_t(0); n < {{v_[0-9]+}}; n += int64_t(1)) {
// CHECK:             const int64_t pos_wrapped = {{.*}} ? {{.*}} : pos;
// CHECK-NEXT:        af::CheckIndex(pos_wrapped, V, "IndexPut ascir.index_put %y");
// CHECK:             const bool {{v_[0-9]+}} = pos_wrapped >= row_low;
// CHECK-NEXT:        const bool {{v_[0-9]+}} = pos_wrapped < row_high;
// CHECK:             if ([[IN:v_[0-9]+]]) {
// CHECK:               const half [[OLD:v_[0-9]+]] = af::GmLoad(p_o, [[AT:v_[0-9]+]]);
// CHECK-NEXT:          const float [[A:v_[0-9]+]] = static_cast<float>([[OLD]]);
// CHECK-NEXT:          const float [[B:v_[0-9]+]] = static_cast<float>(
// CHECK-NEXT:          const float [[SUM:v_[0-9]+]] = [[A]] + [[B]];
// CHECK-NEXT:          const half [[NEW:v_[0-9]+]] = static_cast<half>([[SUM]]);
// CHECK-NEXT:          af::GmStore(p_o, [[AT]], [[NEW]]);
// CHECK:       AscendC::Simt::VF_CALL<autofuse_canon_scatter>(AscendC::Simt::Dim3(256),
ascir.graph @canon hint sizes [V, D, B, S] axes [0: b = B, 1: s = S, 2: v = V, 3: d = D] {
  %i = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [b, s, v, d], [B, S, 1, 1], [S, 1, 0, 0]>
  %g = ascir.data {index = 1 : i64} : !ascir.tensor<float16, [b, s, v, d], [B, S, 1, D], [S * D, D, 0, 1]>
  %x = ascir.data {index = 2 : i64} : !ascir.tensor<float16, [b, s, v, d], [1, 1, V, D], [0, 0, D, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b, s, v, d], [B, S, 1, 1], [S, 1, 0, 0]>
  %gl = ascir.load %g : !ascir.tensor<float16, [b, s, v, d], [B, S, 1, D], [S * D, D, 0, 1]>
  %xl = ascir.load %x : !ascir.tensor<float16, [b, s, v, d], [1, 1, V, D], [0, 0, D, 1]>
  %y = ascir.index_put %xl, %il, %gl {dim = 2 : i64, need_check_negative = true} : !ascir.tensor<float16, [b, s, v, d], [1, 1, V, D], [0, 0, D, 1]>
  %st = ascir.store %y : !ascir.tensor<float16, [b, s, v, d], [1, 1, V, D], [0, 0, D, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [b, s, v, d], [1, 1, V, D], [0, 0, D, 1]>
}
