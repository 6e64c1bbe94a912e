// RUN: ascir-opt %s --split-input-file -p autofuse -t ascendc | filecheck %s
// RUN: ascir-opt %s --split-input-file -p "autofuse{mask_mode=\"per-op\"}" -t ascendc | filecheck %s --check-prefix=PREFIX

// No scalar inputs: the VF takes UB pointers and the element count only. One mask per
// iteration, built for the loop dtype; loads and stores keep their own dtype (AL-7).
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_add_relu_vf_0(__ubuf__ float* l0, __ubuf__ float* l1, __ubuf__ float* act_out, int64_t count) {
// CHECK:         const int64_t iters = af::CeilDiv<int64_t>(count, int64_t(64));
// CHECK:         AscendC::Reg::LoadAlign(l0_in_r, l0 + off);
// CHECK:         AscendC::Reg::MaskReg mask_float32 = AscendC::Reg::UpdateMask<float>(remaining);
// CHECK-NEXT:    AscendC::Reg::RegTensor<float> r;
// CHECK-NEXT:    AscendC::Reg::Add(r, l0_in_r, l1_in_r, mask_float32);
// CHECK:         AscendC::Reg::Relu(r_1, r, mask_float32);
// Relu drops NaN (maxNum): NaN back into the lanes where its input is not a number (torch).
// CHECK:         AscendC::Reg::Compare<float, AscendC::CMPMODE::EQ>(num, r, r, mask_float32);
// CHECK:         AscendC::Reg::Select(r_2, r_1, nan_float32, num);
// CHECK-NEXT:    AscendC::Reg::StoreAlign(act_out + off, r_2, mask_float32);
// CHECK:       extern "C" __global__ __vector__ void autofuse_add_relu(
// CHECK:         asc_vf_call<autofuse_add_relu_vf_0>({{.*}}, {{.*}}, {{.*}}, count);
builtin.module {
  ascir.graph @add_relu hint sizes [s0] axes [0: z0 = s0] {
    %x0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
    %x1 = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
    %l0 = ascir.load %x0 : !ascir.tensor<float32, [z0], [s0], [1]>
    %l1 = ascir.load %x1 : !ascir.tensor<float32, [z0], [s0], [1]>
    %sum = ascir.add %l0, %l1 : !ascir.tensor<float32, [z0], [s0], [1]>
    %act = ascir.relu %sum : !ascir.tensor<float32, [z0], [s0], [1]>
    %st = ascir.store %act : !ascir.tensor<float32, [z0], [s0], [1]>
    %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  }
}

// -----

// Scalar-like inputs are value parameters passed at the call site (FR7); the scalar of an
// Add moves to the second position (Adds); a compare takes it second (Compares, AL-9).
// Mixed widths: half travels in float slots (UNPACK/PACK), the Cast uses RegLayout::ZERO.
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       __simd_vf__ inline void autofuse_scalars_vf_0(__ubuf__ half* h, int32_t ie, __ubuf__ int32_t* a_out, __ubuf__ uint8_t* m_out, int64_t count) {
// CHECK:         AscendC::Reg::LoadAlign<half, AscendC::Reg::LoadDist::DIST_UNPACK_B16>(h_in_r, h + off);
// CHECK:         AscendC::Reg::MaskReg mask_float32 = AscendC::Reg::UpdateMask<float>(remaining);
// CHECK:         {AscendC::Reg::RegLayout::ZERO,
// CHECK:         AscendC::Reg::Cast<float, half, cast_trait>(c, h_in_r, mask_float32);
// CHECK:         AscendC::Reg::Cast<int32_t, float, cast_trait_1>(c_2, c, mask_float32);
// CHECK:         AscendC::Reg::Adds(r, c_2, ie, mask_float32);
// CHECK:         AscendC::Reg::Compares<int32_t, AscendC::CMPMODE::GE>(m, r, ie, mask_float32);
// CHECK:         AscendC::Reg::StoreAlign<uint8_t, AscendC::Reg::StoreDist::DIST_PACK4_B32>(m_out + off, b, mask_float32);
// CHECK:       const int64_t ie_expr = tiling.ie_0;
// CHECK-NEXT:  const int32_t ie = static_cast<int32_t>(ie_expr);
// CHECK:       asc_vf_call<autofuse_scalars_vf_0>({{.*}}, ie, {{.*}}, count);
// PREFIX-LABEL: autofuse_scalars_vf_0
// PREFIX:       UpdateMask<half>
// PREFIX:       UpdateMask<float>
// PREFIX:       UpdateMask<int32_t>
// PREFIX:       UpdateMask<uint8_t>
builtin.module {
  ascir.graph @scalars hint sizes [s0] axes [0: z0 = s0] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
    %ie = ascir.index_expr {expr = #ascir.expr<s0 floordiv 2>} : !ascir.scalar<int32>
    %h = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1]>
    %f = ascir.cast %h : !ascir.tensor<float32, [z0], [s0], [1]>
    %i = ascir.cast %f : !ascir.tensor<int32, [z0], [s0], [1]>
    %a = ascir.add %ie, %i : !ascir.tensor<int32, [z0], [s0], [1]>
    %m = ascir.ge %a, %ie : !ascir.tensor<bool, [z0], [s0], [1]>
    %st0 = ascir.store %a : !ascir.tensor<int32, [z0], [s0], [1]>
    %y0 = ascir.output %st0 {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
    %st1 = ascir.store %m : !ascir.tensor<bool, [z0], [s0], [1]>
    %y1 = ascir.output %st1 {index = 1 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  }
}
