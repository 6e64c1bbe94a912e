// Instruction record, happens-before, race detector and timeline of one simulated core.
//
// Every simulated API call is one instruction on one pipe (S, V, MTE2, MTE3) with the UB
// byte ranges (and the GM ranges of the kernel argument named "workspace") it reads and
// writes. The simulator still executes calls in program order; this file decides whether
// the device, whose pipes run concurrently, would see the same values:
//
// * happens-before: program order within a pipe (on 950 PIPE_V is ordered by hardware:
//   asc-devkit docs/zh/api/SIMD-API/基础API/同步控制/核内同步/关键特性说明.md, "硬件保证的
//   同步"; MTE2/MTE3 are treated as in-order too, see the note below), SetFlag/WaitFlag
//   pairs matched by (event, id), PipeBarrier<PIPE_ALL>, TQue EnQue/DeQue (producer ->
//   consumer) and FreeTensor/AllocTensor (consumer -> producer) as the TPipe-TQue
//   principle doc describes (docs/zh/guide/编程指南/编程模型/AI-Core-SIMD编程/
//   基于TPipe-TQue框架编程/TPipe-TQue框架编程原理.md, "数据依赖与同步机制"), and the
//   compiler's cce-auto-sync (关键特性说明.md, "开启cce-auto-sync编译选项自动同步"): it
//   inserts PIPE_S <-> PIPE_V/MTE2/MTE3 syncs (both directions) only when the PIPE_S side
//   is LocalTensor::GetValue/SetValue or GlobalTensor::GetValue/SetValue and the other side
//   operates on LocalTensor/GlobalTensor. A VF called through asc_vf_call / VF_CALL on raw
//   __ubuf__/__gm__ pointers is not covered.
// * vector clocks, one per pipe (FastTrack-style epochs): a pipe's own clock advances at
//   each release (SetFlag, EnQue, FreeTensor, PipeBarrier<PIPE_ALL>); WaitFlag joins.
// * shadow memory in 32-byte granules (the UB block): per granule the last write and the
//   last read of every pipe. Two accesses to one granule from different pipes, at least
//   one a write, unordered by happens-before, are a race (granules: accesses to distinct
//   bytes of one 32-byte block count as overlapping; UB buffers are 32-byte aligned).
// * timeline: each instruction starts at max(its pipe free, the scalar unit's issue
//   point, the finish of what it waits for) and lasts its cost (CostTable); per block the
//   critical path (the latest finish) and each pipe's busy cycles.
//
// Not modelled: the docs require PipeBarrier<PIPE_MTE2>/<PIPE_MTE3> between DataCopy
// instructions whose destinations overlap (DataCopy（GM与UB连续数据搬运）.md); this record
// treats each MTE pipe as in-order. Raw scalar code (pointer dereferences) is not seen.
#pragma once

#include <cstdint>

#include "core.h"
#include "costs.h"

namespace ascsim {

enum : uint8_t { kPipeS = 0, kPipeV, kPipeMte2, kPipeMte3, kPipes };

// Event ids: 0-7 on 950 (docs/zh/api/SIMD-API/基础API/同步控制/核内同步/SetFlag-WaitFlag(ISASI).md,
// 约束说明: "Ascend 950PR/Ascend 950DT，数据范围为：0-7").
constexpr int32_t kEventIds = 8;
constexpr int kEventTypes = 40;  // >= AscendC::HardEvent::MAX (static_assert in sync.h)

// Costs of the timeline, in core clock cycles unless named otherwise: the 950's, from
// costs.h (generated from ascendc_emitter/target/costs.py, every number with its source).
// Overridable per run (ascsim_set_cost, CompiledKernel.run(costs=...)).
struct CostTable {
    double clock_hz = costs::kClockHz;
    double hbm_bytes_per_second = costs::kHbmBytesPerSecond;  // chip-wide, both directions
    double vector_cores = costs::kVectorCores;  // a launch's blocks run in waves on these
    double l2_bytes = costs::kL2Bytes;
    double l2_bytes_per_second = costs::kL2BytesPerSecond;
    // DataCopy GM -> UB: bytes / (a + b / block_dim) + h (+ the stride term)
    double load_a = costs::kLoadA, load_b = costs::kLoadB, load_h = costs::kLoadH;
    double load_small_a = costs::kLoadSmallA, load_small_b = costs::kLoadSmallB, load_small_h = costs::kLoadSmallH;
    double load_small_elements = costs::kLoadSmallElements;
    double load_stride_k = costs::kLoadStrideK;
    // DataCopy UB -> GM
    double store_a = costs::kStoreA, store_b = costs::kStoreB, store_h = costs::kStoreH;
    double store_stride_k = costs::kStoreStrideK;
    double stride_cap_bytes = costs::kStrideCapBytes;
    double cache_line_bytes = costs::kCacheLineBytes;
    double mte2_head = costs::kMte2Head, mte2_head_small = costs::kMte2HeadSmall;
    double mte2_head_small_bytes = costs::kMte2HeadSmallBytes;
    double mte3_head = costs::kMte3Head;
    double vf_head = costs::kVfHead;
    double ub_bytes_per_cycle = costs::kUbCopyBytesPerCycle;
    double simt_request = costs::kSimtRequest;
    double simt_core_bytes_per_cycle = costs::kSimtCoreBytesPerCycle;
    double dcache_line = double(kDcacheLineBytes);  // core.h: the simulated DCache line
    double scalar = costs::kScalarAccess;
    double flag = costs::kSync;
    double barrier = costs::kBarrier;
    double launch_seconds = costs::kLaunchSeconds;
    double launch_seconds_per_block = costs::kLaunchSecondsPerBlock;
};

enum Space : uint8_t { kSpaceUb = 0, kSpaceWorkspace = 1 };

struct Range {
    uint8_t space;
    bool write;
    uint64_t lo, hi;  // bytes, relative to UB or to the workspace buffer
};

// ---------------------------------------------------------------- recording (sim.cpp)

// A UB range of a LocalTensor: `count` elements from its start.
template <typename L>
inline Range ub_span(const L& t, uint64_t count, bool write) {
    return {kSpaceUb, write, t.sim_offset(), t.sim_offset() + count * sizeof(typename L::PrimType)};
}
inline Range ub_bytes(uint64_t lo, uint64_t hi, bool write) { return {kSpaceUb, write, lo, hi}; }

// A memory-level vector instruction over `bytes` of the widest operand; `kind` names its row
// of the cost table (costs.h kVec, usually the API's own name), `elem_bit` its element type
// (rules::elem_bit).
void rec_vector(const char* api, const char* kind, uint32_t elem_bit, uint64_t bytes,
                std::initializer_list<Range> ranges);

// UB -> UB DataCopy: PIPE_V (asc-devkit impl/basic_api/dav_3510/kernel_operator_data_copy_impl.h,
// CopyUbufToUbuf: "only support VecCore PIPE_V").
void rec_ub_copy(const char* api, Range dst, Range src);

// The GM side of one DataCopy: block_count blocks of block_bytes, gap_bytes apart in GM
// (DataCopyPad's GM stride), of elem_bytes elements.
struct DmaShape {
    uint64_t block_count;
    uint64_t block_bytes;
    int64_t gap_bytes;
    uint64_t elem_bytes;
};

// GM -> UB (MTE2) or UB -> GM (MTE3): the UB range, the GM span [gm, gm + gm_bytes) and the
// copy's shape (its cost: costs.h, ATT's LoadStoreFunc).
void rec_dma(const char* api, bool to_ub, Range ub, const void* gm, uint64_t gm_bytes, const DmaShape& shape);

// LocalTensor::GetValue/SetValue (UB byte offset) on the scalar unit.
void rec_scalar_ub(const char* api, uint64_t offset, uint64_t bytes, bool write);

// GlobalTensor::GetValue/SetValue on the scalar unit (GM: tracked inside the workspace).
void rec_scalar_gm(const char* api, const void* p, uint64_t bytes, bool write);

// UB accessed by a VF body through a raw pointer (LoadAlign/StoreAlign).
void vf_ub_access(const char* api, const void* p, uint64_t bytes, bool write);

// GM accessed by a SIMT lane through a raw pointer (workspace only).
void vf_gm_access(const void* p, uint64_t bytes, bool write);

// One asc_vf_call / Simt::VF_CALL: a single PIPE_V instruction whose ranges are what its body
// touched. Raw pointers: cce-auto-sync does not cover it.
class VfScope {
  public:
    explicit VfScope(const char* api);
    ~VfScope() noexcept(false);
    VfScope(const VfScope&) = delete;
    VfScope& operator=(const VfScope&) = delete;

  private:
    const char* api_;
    int uncaught_;
};

// ---------------------------------------------------------------- synchronisation (sim.cpp)

// SetFlag<event>(id) / WaitFlag<event>(id); `event` is an AscendC::HardEvent.
void set_flag(int event, int32_t id);
void wait_flag(int event, int32_t id);

// PipeBarrier<PIPE_ALL>: every pipe waits for every other.
void barrier_all();
// PipeBarrier<p> for one pipe: the pipe is already in order in this model; it costs time.
void barrier_pipe(uint8_t pipe);
// SyncAll<true>(): every pipe of this core drains, then the block waits until every block of
// the launch has arrived (a __mix__ kernel's launch, sim.cpp launch_blocks_mix).
void sync_all();

// TQue hand-offs by position: VECIN = MTE2 -> V, VECOUT = V -> MTE3 (other positions: none).
enum class QueueKind : uint8_t { None, In, Out };
enum class QueueOp : uint8_t { Alloc, EnQue, DeQue, Free };
void queue_sync(QueueOp op, QueueKind kind, int32_t buffer);

// TPipe's event ids (FetchEventID, AllocEventID, ReleaseEventID) of an AscendC::HardEvent.
int32_t fetch_event_id(int event);
int32_t alloc_event_id(int event);
void release_event_id(int event, int32_t id);

}  // namespace ascsim
