// RUN: ascir-opt %s -p 'autofuse{template="simd"}' -t ascendc | filecheck %s --check-prefix=SIMD
// RUN: ascir-opt %s -p 'autofuse{template="simt"}' -t ascendc | filecheck %s --check-prefix=SIMT
// RUN: not ascir-opt %s -p 'autofuse{template="sklike"}' -t ascendc 2>&1 | filecheck %s --check-prefix=SKLIKE

// A forced template (autofuse{template=...}) keeps only its case: one tiling key, no
// choice in host tiling. SIMD stages an input slice per row and calls AscendC::Gather;
// SIMT reads GM element by element in a __simt_vf__ function; a bare gather has no
// SK-like stage to split off, so forcing SK-like is an error with the reason.

// SIMD-LABEL: // ===== host_impl.cpp =====
// SIMD:         const int64_t key = use_simd ? int64_t(1) : {{.*}};
// SIMD:         if ({{.*}}) return 1;  // the SIMD template does not fit the UB or its Gather byte offsets would leave their range, and no other template applies
// SIMD-LABEL: // ===== device_impl.cpp =====
// SIMD-NOT:     __simt_vf__
// SIMD:         switch (tiling_key) {
// SIMD-NEXT:        case 1: {
// SIMD:             AscendC::DataCopyPad([[SLICE:[a-z0-9_]+]], {{.*}}, AscendC::DataCopyExtParams{static_cast<uint16_t>(nrows),
// SIMD:             AscendC::Gather(
// SIMD-NOT:     case 2:
// SIMD-NOT:     AscendC::Simt::VF_CALL

// SIMT-LABEL: // ===== host_impl.cpp =====
// SIMT:         tiling->tiling_key = static_cast<decltype(tiling->tiling_key)>(int64_t(2));
// SIMT-LABEL: // ===== device_impl.cpp =====
// SIMT:       __simt_vf__ __launch_bounds__(256) inline void autofuse_gather_simt(__gm__ float* [[X:[a-z0-9_]+]], __gm__ int32_t* [[I:[a-z0-9_]+]], __gm__ float* [[O:[a-z0-9_]+]],
// SIMT:         switch (tiling_key) {
// SIMT-NEXT:        case 2: {
// SIMT:             AscendC::Simt::VF_CALL<autofuse_gather_simt>(AscendC::Simt::Dim3(256),
// SIMT-NOT:     AscendC::Gather(

// SKLIKE: error: indirect-load-template-cases: template 'sklike' was rejected: SK-like: no input pre, index pre or output post chain to run as its own stage (the IndirectLoad stage alone is the SIMD/SIMT template)
ascir.graph @gather hint sizes [s0, s1, s2] axes [0: a0 = s0, 1: a1 = s1, 2: b1 = s2] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [s0, s2], [s2, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [s0, s2], [s2, 1]>
}
