// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s
// RUN: ascir-opt %s -p "autofuse{double_buffer=false}" -t ascendc | filecheck %s --check-prefix=DRAINED

// Row blocks (issue 36; lowering/loop_nest.py _block_rows, lowering/tile_copies.py
// block_copy): when a row is one tile, a work item is `rows` consecutive rows of the last
// kept axis. Each GM tensor along that axis moves in ONE DataCopyPad of `block_rows`
// blocks (GM gap = stride - row bytes, UB gap = pitch - row rounded to 32 bytes, in
// 32-byte blocks); the rows are computed one by one on their views of the row-multiplied
// buffers; the stores follow the row loop, again one DataCopyPad each. The bias (no
// repeat along the block axis) is loaded once per slot as before. Host tiling picks
// `rows` and the slots from the copy costs of ATT's tables (a fold over the candidates).
// Double-buffered, the next block's loads are issued before this block's rows and their
// arrival is a per-slot MTE2_V event.

// CHECK-LABEL: // ===== tiling.h =====
// CHECK:         int64_t rows;
// CHECK:         int64_t slots;
// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:         for (int64_t k = int64_t(0); k < int64_t(13); k += int64_t(1)) {
// CHECK:           const int64_t {{.*}} = af::Min<int64_t>(cand, rows_fit);
// CHECK:         const int64_t rows = {{.*}} ? {{.*}} : {{.*}};
// CHECK:         tiling->rows = static_cast<decltype(tiling->rows)>(rows);
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:         const int64_t rows = tiling.rows;
// CHECK:         const int64_t [[XROWS:v_[0-9]+]] = {{v_[0-9]+}} * rows;
// CHECK:         pipe.InitBuffer(ub_xl,
// CHECK:         const int64_t [[EVA0:ev_mte2_v]] = static_cast<int64_t>(GetTPipePtr()->AllocEventID<AscendC::HardEvent::MTE2_V>());
// the first block's loads, then the loop issuing the next block's before this one's rows
// CHECK:         if ({{.*}}) {
// CHECK:           AscendC::DataCopyPad({{.*}}, AscendC::DataCopyExtParams{static_cast<uint16_t>(block_rows), static_cast<uint32_t>([[LEN:v_[0-9]+]]), static_cast<int64_t>(gm_gap), static_cast<int64_t>(ub_gap), 0}
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(
// CHECK:         for (int64_t t = first_tile; t < last_tile; t += int64_t(1)) {
// CHECK-NEXT:      const int64_t next_tile = t + int64_t(1);
// CHECK:           AscendC::DataCopyPad({{.*}}static_cast<uint16_t>(block_rows_{{[0-9]+}})
// CHECK:           AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(static_cast<int32_t>(ev_mte2_v_{{[0-9]+}}));
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(
// CHECK:           for (int64_t row_{{[0-9]+}} = int64_t(0); row_{{[0-9]+}} < [[ROWS:block_rows_[0-9]+]]; row_{{[0-9]+}} += int64_t(1)) {
// CHECK:             AscendC::LocalTensor<float> {{.*}} = {{v_[0-9]+}}[{{v_[0-9]+}}];
// CHECK:             asc_vf_call<autofuse_bias_add_vf_0>(
// CHECK-NEXT:      }
// CHECK-NEXT:      const int32_t {{.*}} = static_cast<int32_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE3));
// CHECK:           AscendC::DataCopyPad({{v_[0-9]+}}, {{v_[0-9]+}}, AscendC::DataCopyExtParams{static_cast<uint16_t>([[ROWS]]), static_cast<uint32_t>({{v_[0-9]+}}), static_cast<int64_t>(ub_gap_{{[0-9]+}}), static_cast<int64_t>(gm_gap_{{[0-9]+}}), 0});
// CHECK-NEXT:      AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(
// one slot: the next block is loaded after this one
// CHECK:           const bool {{.*}} = slots == int64_t(1);

// Drained (no slots): the same row blocks, each work item's loads then rows then stores.
// DRAINED-LABEL: // ===== device_impl.cpp =====
// DRAINED:         for (int64_t t = first_tile; t < last_tile; t += int64_t(1)) {
// DRAINED:           AscendC::DataCopyPad({{.*}}static_cast<uint16_t>(block_rows)
// DRAINED:           for (int64_t row_{{[0-9]+}} = int64_t(0); row_{{[0-9]+}} < block_rows; row_{{[0-9]+}} += int64_t(1)) {
// DRAINED:           AscendC::DataCopyPad({{.*}}static_cast<uint16_t>(block_rows)
// DRAINED:           AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(

ascir.graph @bias_add hint sizes [R, C] axes [0: r = R, 1: c = C] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [r, c], [R, C], [C, 1]>
  %b = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [r, c], [1, C], [0, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [r, c], [R, C], [C, 1]>
  %bl = ascir.load %b : !ascir.tensor<float32, [r, c], [1, C], [0, 1]>
  %bb = ascir.broadcast %bl : !ascir.tensor<float32, [r, c], [R, C], [C, 1]>
  %y = ascir.add %xl, %bb : !ascir.tensor<float32, [r, c], [R, C], [C, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [r, c], [R, C], [C, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [r, c], [R, C], [C, 1]>
}
