// RUN: ascir-opt %S/reductions.mlir -p "autofuse{vf=false}" -t ascendc | filecheck %s

// Online softmax (lowering.plan.online_sums, issue 36): softmax's sum of exp(x - max) is
// computed in the max's pass against a running max, so the STREAMING schedule reads a row
// twice (the max-and-sum pass, the output pass) and the SPLIT schedule has two phases, one
// SyncAll. reductions.mlir checks the schedules with online_softmax=false.

// A ReduceX's work tensor holds two elements per 256-byte repeat of a tile (the CPU-debug
// checker's slots; REP = ceil(tile * 4 / 256)), whole 32-byte blocks -- not a tile
// (plan.work_bytes).
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:         const int64_t [[EL:v_[0-9]+]] = [[REP:v_[0-9]+]] * int64_t(8);
// CHECK-NEXT:    const int64_t [[BL:v_[0-9]+]] = af::CeilDiv<int64_t>([[EL]], int64_t(32));
// CHECK-NEXT:    const int64_t [[WB:v_[0-9]+]] = [[BL]] * int64_t(32);
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> ub_m_work;
// CHECK-NEXT:    pipe.InitBuffer(ub_m_work, static_cast<uint32_t>([[WB]]));

// STREAMING: the running max starts at -inf; each chunk's max is one ReduceMax (with the
// 950's -FLT_MAX fix-up); the scalar unit keeps the running max (NaN sticks), and a chunk
// that raises a finite one scales the sum's lanes by exp(old - new) -- the cascade's levels
// only once they hold a value. A chunk of -inf alone adds nothing; the others add
// exp(x - running max).
// CHECK:         case 2: {
// CHECK:           if (not_ahead) {
// CHECK-NEXT:        AscendC::Duplicate(m_run_ub, (-1.0f / 0.0f), static_cast<int32_t>(int64_t(1)));
// CHECK-NEXT:        AscendC::Duplicate(s_acc_ub, 0.0f,
// CHECK:             for (int64_t ch = int64_t(0); ch < chunks; ch += int64_t(1)) {
// CHECK:               AscendC::ReduceMax(m_chunk_ub, [[L:v_[0-9]+]], m_work_ub, static_cast<int32_t>(count));
// CHECK:               const float chunk_max = static_cast<float>(m_chunk_ub.GetValue(int64_t(0)));
// CHECK-NEXT:          const float run_max = static_cast<float>(m_run_ub.GetValue(int64_t(0)));
// CHECK-NEXT:          const bool live = chunk_max != (-1.0f / 0.0f);
// CHECK-NEXT:          const bool [[NAN:v_[0-9]+]] = chunk_max != chunk_max;
// CHECK-NEXT:          const bool [[UP:v_[0-9]+]] = chunk_max > run_max;
// CHECK-NEXT:          const bool [[EITHER:v_[0-9]+]] = [[NAN]] | [[UP]];
// CHECK-NEXT:          const float new_max = [[EITHER]] ? chunk_max : run_max;
// CHECK:               const bool rescaled = {{.*}};
// CHECK-NEXT:          if (rescaled) {
// CHECK-NEXT:            const float [[DIFF:v_[0-9]+]] = run_max - new_max;
// CHECK-NEXT:            m_chunk_ub.SetValue(int64_t(0), [[DIFF]]);
// CHECK:               if (live) {
// CHECK-NEXT:            m_run_ub.SetValue(int64_t(0), new_max);
// CHECK:               if (rescaled) {
// CHECK-NEXT:            AscendC::Exp(m_chunk_ub, m_chunk_ub, static_cast<int32_t>(int64_t(1)));
// CHECK-NEXT:            const float rescale = static_cast<float>(m_chunk_ub.GetValue(int64_t(0)));
// CHECK-NEXT:            AscendC::Muls(s_acc_ub, s_acc_ub, rescale,
// CHECK-NEXT:            const bool [[HELD:v_[0-9]+]] = chunks_done > sum_base;
// CHECK-NEXT:            if ([[HELD]]) {
// CHECK-NEXT:              AscendC::Muls(s_acc1_ub, s_acc1_ub, rescale,
// CHECK:               if (live) {
// CHECK-NEXT:            const float [[M:v_[0-9]+]] = static_cast<float>(m_run_ub.GetValue(int64_t(0)));
// CHECK-NEXT:            AscendC::Duplicate(mb_ub, [[M]], static_cast<int32_t>(count));
// CHECK-NEXT:            AscendC::Sub(d_ub, [[L]], mb_ub, static_cast<int32_t>(count));
// CHECK-NEXT:            AscendC::Exp(e_ub, d_ub, static_cast<int32_t>(count));
// CHECK-NEXT:            AscendC::Add(s_acc_ub, s_acc_ub, e_ub, static_cast<int32_t>(count));
// The row's max is the running one; a row of -inf alone sums to NaN, as torch's exp(-inf - -inf).
// CHECK:           AscendC::ReduceSum(s_ub, s_acc_ub, s_work_ub,
// CHECK-NEXT:      const float row_max = static_cast<float>(m_run_ub.GetValue(int64_t(0)));
// CHECK-NEXT:      m_ub.SetValue(int64_t(0), row_max);
// CHECK-NEXT:      const bool all_ninf = row_max == (-1.0f / 0.0f);
// CHECK-NEXT:      if (all_ninf) {
// CHECK-NEXT:        s_ub.SetValue(int64_t(0), (0.0f / 0.0f));
// No pass for the sum: the next loop is the output pass, computing exp(x - max) again
// (nothing is written over the cached x), and it runs the next row's max-and-sum pass
// ahead on the chunks it prefetched.
// CHECK-NOT:       AscendC::Duplicate(s_acc_ub, 0.0f,
// CHECK:           if (ahead) {
// CHECK-NEXT:        AscendC::Duplicate(m_run_ub, (-1.0f / 0.0f),
// CHECK:           for (int64_t ch_{{[0-9]+}} = int64_t(0);
// CHECK-NOT:         recomputed
// CHECK:             AscendC::Exp(e_ub, d_ub,
// CHECK:             AscendC::Div({{v_[0-9]+}}, e_ub, sb_ub,
// CHECK:             if (ahead) {
// CHECK:               AscendC::ReduceMax(m_chunk_ub, {{v_[0-9]+}}, m_work_ub,

// SPLIT: two phases. A part writes its running max M_j and its sum S_j against it; the
// combining phase takes M = max M_j and S = sum S_j * exp(M_j - M) in one vector pass
// over the parts.
// CHECK:       __global__ __mix__(0, 1) void autofuse_softmax_split(
// CHECK:         AscendC::ReduceSum(s_res_ub, s_acc_ub, s_work_ub,
// CHECK:         AscendC::SetFlag<AscendC::HardEvent::S_MTE3>(
// CHECK:         AscendC::DataCopyPad({{v_[0-9]+}}, m_run_ub,
// CHECK:         AscendC::SyncAll<true>();
// CHECK-NOT:     AscendC::SyncAll
// CHECK:         AscendC::ReduceMax(m_ub, m_part_in_ub, m_work_ub, static_cast<int32_t>({{split_parts[_0-9]*}}));
// CHECK:         const float row_max = static_cast<float>(m_ub.GetValue(int64_t(0)));
// CHECK-NEXT:    const float [[NEG:v_[0-9]+]] = 0.0f - row_max;
// CHECK-NEXT:    AscendC::Adds(m_part_in_ub, m_part_in_ub, [[NEG]], static_cast<int32_t>({{split_parts[_0-9]*}}));
// CHECK-NEXT:    AscendC::Exp(m_part_in_ub, m_part_in_ub,
// CHECK-NEXT:    AscendC::Mul(s_part_in_ub, s_part_in_ub, m_part_in_ub,
// CHECK-NEXT:    AscendC::ReduceSum(s_ub, s_part_in_ub, s_work_ub,
// CHECK:         AscendC::Div({{v_[0-9]+}}, e_ub, sb_ub,
// CHECK:       extern "C" int64_t AutofuseLaunch(
