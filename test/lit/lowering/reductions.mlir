// RUN: ascir-opt %s -p "autofuse{vf=false online_softmax=false}" -t ascendc | filecheck %s

// Softmax over the inner axis (issue: reductions over any axes at any size). Host tiling
// picks the schedule: resident (key 1) when the row fits one tile, streaming (key 2)
// otherwise, split over cores (key 3) when the rows leave cores idle.
// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:         const int64_t schedule = {{.*}} ? int64_t(1) : int64_t(2);
// CHECK:         const bool split = split_parts >= int64_t(2);
// CHECK:         const int64_t key = split ? int64_t(3) : schedule;
// CHECK:         *workspace_size = static_cast<uint32_t>(workspace);

// Resident: the row is loaded once; a reduction is one ReduceX over it. Rows are
// independent work items, so the loop is double-buffered: a row block's load and its
// results' store use the tile's slot of their double buffers (issue 18), one DataCopyPad
// for all its rows, and each row reduces its view of the block (issue 36).
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:         case 1: {
// CHECK:           const int64_t slot = {{.*}} % slots;
// CHECK:           AscendC::LocalTensor<float> [[BLOCK:v_[0-9]+]] = l_ub[{{.*}}];
// CHECK:           AscendC::DataCopyPad([[BLOCK]], {{.*}}static_cast<uint16_t>(block_rows)
// CHECK:           for (int64_t row = int64_t(0); row < [[ROWS:block_rows_[0-9]+]]; row += int64_t(1)) {
// CHECK:             AscendC::LocalTensor<float> [[ROW:v_[0-9]+]] = {{v_[0-9]+}}[{{.*}}];
// CHECK:             AscendC::ReduceMax(m_ub, [[ROW]], m_work_ub, static_cast<int32_t>(s1));
// The 950's ReduceMax starts from -FLT_MAX (bits 0xFF7FFFFF): a row of -inf gives it, and
// a scalar pass that runs only then restores -inf (0xFF800000) when no element is -FLT_MAX.
// CHECK-NEXT:      const AscendC::LocalTensor<int32_t> res_bits = m_ub.ReinterpretCast<int32_t>();
// CHECK:           const bool clamped = {{.*}} == static_cast<int32_t>(-8388609);
// CHECK:           if (clamped) {
// CHECK:             res_bits.SetValue(int64_t(0), static_cast<int32_t>(-8388608));
// exp(x - max) is written over the row's x (KernelPlan.in_place: nothing reads x after it),
// and read there by the sum and the output.
// CHECK:           AscendC::Exp([[E:v_[0-9]+]], d_ub,
// CHECK:           AscendC::ReduceSum(s_ub, [[E]], s_work_ub, static_cast<int32_t>(s1));
// CHECK:           AscendC::Div({{v_[0-9]+}}, [[E]], sb_ub,
// CHECK-NOT:       AscendC::DataCopyPad(l_ub,
// CHECK:           break;

// Streaming: three passes over the row in chunks (max, sum of exp, output), each
// double-buffered (issue 36): chunk c loads into (and stores from) slot c % slots of its
// double buffers, handed between the pipes by one event per slot -- events that last across
// the passes and the rows, so the next chunk's copy overlaps this one's compute and nothing
// drains between passes. Max accumulates with NaN propagation: NaN where either side is not
// a number. The row cache: where host tiling turns it on (row_cache: the chunks cached, all
// or the first ones), a cached chunk c of the input has a place of its own (chunk_place =
// c), the first pass loads it, the later passes read it from UB; the output pass prefetches
// the next row's cached chunks and, where the whole row is cached, runs the next row's first
// pass on them one chunk behind (the max of a row overlaps the previous row's stores), so a
// row whose first pass ran ahead skips it.
// CHECK:         case 2: {
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[FREE0:ev_ch_v_mte2]]));
// CHECK:           const int64_t cache_chunks = tiling.row_cache;
// CHECK-NEXT:      const bool row_cached = cache_chunks != int64_t(0);
// CHECK-NEXT:      const bool cache_full = cache_chunks >= tiles_per_row;
// CHECK:           for (int64_t [[T:t_[0-9]+]] = [[FIRST:first_tile_[0-9]+]];
// CHECK-NEXT:        const bool [[LATER:v_[0-9]+]] = [[T]] > [[FIRST]];
// CHECK-NEXT:        const bool prefetched = row_cached ? [[LATER]] : row_cached;
// CHECK:             const bool [[RAN:v_[0-9]+]] = prefetched ? cache_full : prefetched;
// CHECK-NEXT:        const bool not_ahead = [[RAN]] == false;
// CHECK-NEXT:        if (not_ahead) {
// CHECK-NEXT:          AscendC::Duplicate(m_acc_ub, (-1.0f / 0.0f),
// CHECK:               for (int64_t ch = int64_t(0); ch < chunks; ch += int64_t(1)) {
// CHECK:               const int64_t chunk_slot = {{.*}} % slots;
// CHECK:               AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[FREE:ev_ch_v_mte2_[0-9]+]]));
// CHECK:               const bool chunk_cached = row_cached ? {{v_[0-9]+}} : row_cached;
// CHECK:               const int64_t chunk_place = row_cached ? {{v_[0-9]+}} : chunk_slot;
// CHECK:               AscendC::LocalTensor<float> [[L:v_[0-9]+]] = l_ub[{{.*}}];
// CHECK:               const bool [[PRE:v_[0-9]+]] = prefetched ? chunk_cached : prefetched;
// CHECK-NEXT:          const bool uncached = [[PRE]] == false;
// CHECK-NEXT:          if (uncached) {
// CHECK:                 AscendC::DataCopyPad([[L]],
// CHECK:               AscendC::Compare(isnum0_1_ub, m_acc_ub, m_acc_ub, AscendC::CMPMODE::EQ,
// CHECK:               AscendC::Compare(isnum1_1_ub, [[L]], [[L]], AscendC::CMPMODE::EQ,
// CHECK-NEXT:          AscendC::Max(m_acc_ub, m_acc_ub, [[L]], static_cast<int32_t>(count));
// CHECK-NEXT:          AscendC::Select(m_acc_ub, isnum0_1_ub, m_acc_ub, (0.0f / 0.0f),
// CHECK-NEXT:          AscendC::Select(m_acc_ub, isnum1_1_ub, m_acc_ub, (0.0f / 0.0f),
// CHECK-NEXT:          AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[FREE]]));
// CHECK-NOT:           PipeBarrier
// CHECK:             }
// CHECK-NOT:         WaitFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[FREE0]]))
// CHECK:           AscendC::ReduceMax(m_ub, m_acc_ub, m_work_ub,
// CHECK:           AscendC::Duplicate(s_acc_ub, 0.0f,
// CHECK:           for (int64_t ch_{{[0-9]+}} = int64_t(0);
// CHECK:             const bool [[UNC:uncached_[0-9]+]] = {{chunk_cached_[0-9]+}} == false;
// CHECK-NEXT:        if ([[UNC]]) {
// CHECK:               AscendC::DataCopyPad([[L2:v_[0-9]+]],
// The sum pass writes exp(x - max) over the chunk's x, in its place of the row cache.
// CHECK:             AscendC::Exp([[L2]], d_ub,
// CHECK:             AscendC::Add(s_acc_ub, s_acc_ub, [[L2]],
// CHECK:           AscendC::ReduceSum(s_ub, s_acc_ub, s_work_ub,
// CHECK:           const bool [[WHOLE:v_[0-9]+]] = cache_full ? {{v_[0-9]+}} : cache_full;
// CHECK-NEXT:      const bool ahead = row_cached ? [[WHOLE]] : row_cached;
// CHECK-NEXT:      if (ahead) {
// CHECK-NEXT:        AscendC::Duplicate(m_acc_ub, (-1.0f / 0.0f),
// CHECK:           for (int64_t ch_{{[0-9]+}} = int64_t(0);
// CHECK:             AscendC::LocalTensor<float> [[Y:v_[0-9]+]] = y_ub[{{.*}}];
// The output pass reads a cached chunk's exp(x - max) where the sum pass left it; only a
// chunk beyond the cache loads x and computes it again.
// CHECK:             const bool recomputed = {{chunk_cached_[0-9]+}} == false;
// CHECK-NEXT:        if (recomputed) {
// CHECK:               AscendC::DataCopyPad([[L3:v_[0-9]+]],
// CHECK:               AscendC::Exp([[L3]], d_ub,
// CHECK-NEXT:        }
// CHECK:             AscendC::Div([[Y]], [[L3]], sb_ub,
// CHECK:             AscendC::DataCopyPad({{.*}}, [[Y]],
// The output pass prefetches this chunk of the next row into its place once the vector
// pipe is done with it.
// CHECK-NEXT:        const int64_t next_row_{{[0-9]+}} = [[T]] + int64_t(1);
// CHECK:             if ({{v_[0-9]+}}) {
// CHECK-NEXT:          const int32_t [[FREED:event_[0-9]+]] = static_cast<int32_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE2));
// CHECK-NEXT:          AscendC::SetFlag<AscendC::HardEvent::V_MTE2>([[FREED]]);
// CHECK-NEXT:          AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>([[FREED]]);
// CHECK:               AscendC::DataCopyPad([[L3]], {{v_[0-9]+}},
// Its arrival is signalled (one MTE2_V event per parity) and the next row's max runs on
// the chunk before, which arrived meanwhile.
// CHECK:             if (ahead) {
// CHECK:               AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(static_cast<int32_t>([[ARR:ev_ahead_[0-9]+]]));
// CHECK:               if ({{v_[0-9]+}}) {
// CHECK:                 AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(static_cast<int32_t>({{ev_ahead_[0-9]+}}));
// CHECK-NOT:             DataCopyPad
// CHECK:                 AscendC::Max(m_acc_ub, m_acc_ub,

// Split: one launch, a phase per pass and a SyncAll between phases (so a __mix__(0, 1)
// kernel); each phase writes its part's partial to the workspace, the next combines every
// part's partial first. Each phase's chunks are double-buffered too.
// CHECK:       __global__ __mix__(0, 1) void autofuse_softmax_split(
// CHECK:         AscendC::ReduceMax(m_res_ub, m_acc_ub, m_work_ub,
// CHECK:         AscendC::DataCopyPad({{.*}}, m_res_ub,
// CHECK:         AscendC::SyncAll<true>();
// CHECK:         AscendC::ReduceMax(m_ub, m_part_in_ub, m_work_ub, static_cast<int32_t>({{split_parts[_0-9]*}}));
// CHECK:         AscendC::ReduceSum(s_res_ub, s_acc_ub, s_work_ub,
// CHECK:         AscendC::SyncAll<true>();
// CHECK:         AscendC::ReduceSum(s_ub, s_part_in_ub, s_work_ub, static_cast<int32_t>({{split_parts[_0-9]*}}));
// CHECK:         const int64_t chunk_slot{{.*}} = {{.*}} % slots;
// CHECK:         AscendC::Div([[YS:v_[0-9]+]], {{v_[0-9]+}}, sb_ub,
// CHECK:       extern "C" int64_t AutofuseLaunch(
// CHECK:         if (tiling->tiling_key == 3U) {
// CHECK-NEXT:      autofuse_softmax_split<<<block_dim, nullptr, stream>>>
// CHECK-NEXT:      return 0;
// CHECK:         autofuse_softmax<<<block_dim, nullptr, stream>>>
builtin.module {
  ascir.graph @softmax hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %m = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
    %mb = ascir.broadcast %m : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %d = ascir.sub %l, %mb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %e = ascir.exp %d : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %s = ascir.reduce_sum %e : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
    %sb = ascir.broadcast %s : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %y = ascir.div %e, %sb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  }
}
