// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s
// RUN: ascir-opt %s -p 'autofuse{template_policy="seed-fr6"}' -t ascendc | filecheck %s --check-prefix=FR6

// One kernel, one tiling-key case per accepted template; host tiling picks the key from
// the FR6 scores on the real shapes.
// CHECK-LABEL: // ===== host_impl.cpp =====
// The default ("measured") policy: SIMD only when wanted and SIMT's warp requests per core
// pay for SIMD's setups and rows; seed-fr6: SIMD when FR6 wants SIMD or SK-like (no SK-like
// case here: no chain to split) and it fits.
// CHECK:       const bool simd_pays = {{.*}} >= {{.*}};
// CHECK:       const bool [[PAYS:v_[0-9]+]] = simd_pays ? simd_fits : false;
// CHECK:       const bool use_simd = want_simd ? [[PAYS]] : false;
// FR6-NOT:     simd_pays
// FR6:         const bool [[EITHER:v_[0-9]+]] = want_simd ? true : want_sklike;
// FR6-NEXT:    const bool use_simd = [[EITHER]] ? simd_fits : false;
// FR6-NEXT:    const int64_t key = use_simd ? int64_t(1) : int64_t(2);
// CHECK:       const int64_t key = use_simd ? int64_t(1) : int64_t(2);
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simt_vf__ __launch_bounds__(256) inline void autofuse_gather_simt(
// CHECK:         af::CheckIndex(idx, {{.*}}, "IndirectLoad ascir.indirect_load %g (SIMT)");
// CHECK:         const float v_{{[0-9]+}} = af::GmLoad(p_x,
// CHECK:       switch (tiling_key)
// The SIMD tile loop is double-buffered (issue 18): the slice, the raw index block and the
// output block take the tile's slot; the copy-in waits only for the vector pipe to be done
// with that slot's tile before last.
// CHECK:       case 1:
// CHECK:         AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(
// CHECK:         for (int64_t tile = first_tile; tile < last_tile;
// CHECK:           const int64_t slot = {{.*}} % simd_slots;
// CHECK:           AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(
// CHECK:           AscendC::LocalTensor<float> [[SLICE:v_[0-9]+]] = slice_ub[{{.*}}];
// CHECK:         const int64_t nrows = af::Min<int64_t>(simd_tile_rows, {{.*}});
// CHECK:         AscendC::DataCopyPad([[SLICE]], {{.*}}, AscendC::DataCopyExtParams{static_cast<uint16_t>(nrows),
// CHECK:         = tmp_ub.ReinterpretCast<uint32_t>();
// CHECK:         for (int64_t r{{(_[0-9]+)?}} = int64_t(0); r{{(_[0-9]+)?}} < nrows;
// CHECK:           AscendC::LocalTensor<float> [[SRC:v_[0-9]+]] = [[SLICE]][{{.*}}];
// CHECK-NEXT:      [[SRC]].SetSize(static_cast<uint32_t>(simd_slice));
// CHECK:           AscendC::Gather({{.*}}, [[SRC]], 
// CHECK:       case 2:
// CHECK:         AscendC::Simt::VF_CALL<autofuse_gather_simt>(AscendC::Simt::Dim3(256),
ascir.graph @gather hint sizes [s0, s1, s2] axes [0: a0 = s0, 1: a1 = s1, 2: b1 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
}
