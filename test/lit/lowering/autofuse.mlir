// RUN: ascir-opt %S/../../../examples/add_relu.mlir -p "autofuse{vf=false}" -t ascendc | filecheck %s
// RUN: ascir-opt %S/../../../examples/add_relu.mlir -p schedule,lower-to-ascendc -t ascendc | filecheck %s

// CHECK-LABEL: // ===== tiling.h =====
// CHECK:         int64_t s0;
// CHECK:         int64_t tile;
// CHECK:         int64_t tiles_per_row;
// CHECK:         uint32_t block_dim;
// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:       extern "C" int64_t AutofuseTiling(int64_t s0, int64_t s1, AutofuseTilingData* tiling, uint32_t* workspace_size, uint32_t* block_dim, uint32_t core_num, uint32_t ub_size) {
// CHECK:           if ({{.*}}) return 2;  // size s0 must be >= 1
// Host arithmetic is checked (HostBuilder): a step that overflows or divides by zero returns its own code.
// CHECK:           const bool [[FLAG:v_[0-9]+_overflow]] = af::CheckedMul({{.*}}, int64_t(4), &{{v_[0-9]+}});
// CHECK-NEXT:      if ([[FLAG]]) return [[CODE:1[0-9][0-9]]];  // the GM extent of %x0 ((sum((repeat - 1) * stride) + 1) * 4 bytes) overflows int64 with s0={0}, s1={1}
// CHECK:           if ({{.*}}) return 1;  // even the smallest tile does not fit the UB
// CHECK:           const bool [[ZERO:v_[0-9]+]] = per_block == int64_t(0);
// CHECK-NEXT:      if ([[ZERO]]) return {{1[0-9][0-9]}};  // host tiling arithmetic (a quotient block_dim) divides by zero with s0={0}, s1={1}
// CHECK:           *block_dim = static_cast<uint32_t>(block_dim_{{[0-9]+}});
// The messages of the codes, for the runtime ({k}: size argument k).
// CHECK:       extern "C" const char* AutofuseTilingError(int64_t code) {
// CHECK:               case 1: return "even the smallest tile does not fit the UB";
// CHECK:               case [[CODE]]: return "the GM extent of %x0 ((sum((repeat - 1) * stride) + 1) * 4 bytes) overflows int64 with s0={0}, s1={1}";
// CHECK:           return nullptr;
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void autofuse_add_relu(GM_ADDR in0, GM_ADDR in1, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK:           for (int64_t t = first_tile; t < last_tile; t += int64_t(1)) {
// The tile's slot of each double buffer (test/lit/lowering/double_buffer.mlir).
// CHECK:               AscendC::LocalTensor<float> [[L0:v_[0-9]+]] = l0_ub[
// CHECK:               AscendC::LocalTensor<float> [[L1:v_[0-9]+]] = l1_ub[
// CHECK:               AscendC::LocalTensor<float> [[ACT:v_[0-9]+]] = act_ub[
// CHECK:               AscendC::DataCopyPad([[L0]], {{.*}}, AscendC::DataCopyExtParams{static_cast<uint16_t>(int64_t(1)), static_cast<uint32_t>({{.*}}), static_cast<int64_t>(int64_t(0)), static_cast<int64_t>(int64_t(0)), 0}, AscendC::DataCopyPadExtParams<float>{false, 0, 0, static_cast<float>(0)});
// CHECK:               AscendC::Add(sum_ub, [[L0]], [[L1]], static_cast<int32_t>(count));
// Relu drops NaN (maxNum): the lanes where the input is not a number get NaN back, as in torch.
// CHECK:               AscendC::Compare(isnum0_1_ub, sum_ub, sum_ub, AscendC::CMPMODE::EQ, {{.*}});
// CHECK-NEXT:          AscendC::Relu([[ACT]], sum_ub, static_cast<int32_t>(count));
// CHECK-NEXT:          AscendC::Select([[ACT]], isnum0_1_ub, [[ACT]], (0.0f / 0.0f), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, static_cast<uint32_t>(count));
// CHECK:               AscendC::SetFlag<AscendC::HardEvent::V_MTE3>
// CHECK:               AscendC::DataCopyPad({{.*}}, [[ACT]], AscendC::DataCopyExtParams{
// CHECK:       extern "C" int64_t AutofuseLaunch(uint32_t block_dim, void* stream, void* in0, void* in1, void* out0, void* workspace, AutofuseTilingData* tiling) {
