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

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <unordered_map>
#include <vector>

#include "core.h"

namespace ascsim {

enum : uint8_t { kPipeS = 0, kPipeV, kPipeMte2, kPipeMte3, kPipes };
inline const char* pipe_name(uint8_t p) {
    static const char* const names[] = {"PIPE_S", "PIPE_V", "PIPE_MTE2", "PIPE_MTE3"};
    return p < kPipes ? names[p] : "PIPE_?";
}
inline const char* pipe_short(uint8_t p) {
    static const char* const names[] = {"S", "V", "MTE2", "MTE3"};
    return p < kPipes ? names[p] : "?";
}

// Event ids: 0-7 on 950 (docs/zh/api/SIMD-API/基础API/同步控制/核内同步/SetFlag-WaitFlag(ISASI).md,
// 约束说明: "Ascend 950PR/Ascend 950DT，数据范围为：0-7").
constexpr int32_t kEventIds = 8;
constexpr int kEventTypes = 40;  // >= AscendC::HardEvent::MAX (static_assert in sync.h)

// Cycle costs of the timeline. Cycle = 1 / clock_hz. Overridable (ascsim_set_cost).
struct CostTable {
    double clock_hz = 1.5e9;        // assumption: AI Core clock (order of magnitude)
    double vector_repeat = 1;       // assumption: one 256-byte repeat per cycle
    double vector_issue = 4;        // assumption: fixed cost of one memory-level vector API call
    double vf_call = 16;            // assumption: asc_vf_call / VF_CALL launch overhead
    double dma_setup = 750;         // assumption: 0.5 us per DataCopy (issue, descriptor, latency)
    double gm_bytes_per_cycle = 33.3;  // assumption: ~50 GB/s per core at 1.5 GHz (1.6 TB/s HBM / 32 cores)
    double ub_bytes_per_cycle = 128;   // assumption: UB->UB DataCopy bandwidth
    double scalar = 10;             // assumption: one GetValue/SetValue on the scalar unit
    double simt_issue = 4;          // assumption: one coalesced warp memory request
    double dcache_line = 64;        // asc-devkit docs DataCacheCleanAndInvalid.md: 64-byte DCache line
    double flag = 2;                // assumption: SetFlag / WaitFlag / EnQue / DeQue issue cost
    double barrier = 8;             // assumption: PipeBarrier
    double launch_seconds = 3e-6;   // assumption: host-to-device launch overhead of one kernel
};

enum Space : uint8_t { kSpaceUb = 0, kSpaceWorkspace = 1 };

struct Range {
    uint8_t space;
    bool write;
    uint64_t lo, hi;  // bytes, relative to UB or to the workspace buffer
};

struct Access {
    uint32_t gen = 0;  // valid when == Tracer::gen
    uint32_t clock = 0;
    uint32_t index = 0;
    uint8_t pipe = 0;
    bool tensor = false;  // LocalTensor/GlobalTensor API (cce-auto-sync applies)
    const char* api = nullptr;
    uint8_t space = 0;
    uint64_t lo = 0, hi = 0;
    uint64_t finish = 0;
};

struct Granule {
    Access write;
    Access read[kPipes];
};

struct FlagSlot {
    bool set = false;
    uint32_t vc[kPipes] = {};
    uint64_t time = 0;
    uint32_t index = 0;
};

struct QueueSlots {
    FlagSlot data;  // EnQue -> DeQue
    FlagSlot free;  // FreeTensor -> AllocTensor
};

struct LogEntry {  // one instruction of the timeline (kept only when tracing)
    const char* api;
    uint32_t index;
    uint8_t pipe;
    uint32_t line;
    uint64_t start, finish;
};

struct BlockTimeline {
    uint32_t launch, block;
    uint64_t cycles;          // critical path: the latest finish of any pipe
    uint64_t busy[kPipes];    // busy cycles per pipe
    uint64_t instructions;
    uint64_t log_begin, log_end;  // this block's entries in Tracer::log
};

struct Tracer {
    bool enabled = true;
    bool keep_log = false;
    CostTable cost;
    uint32_t gen = 0;
    std::vector<Granule> ub;
    std::unordered_map<uint64_t, Granule> ws;
    int32_t ws_owner = -1;
    uint32_t vc[kPipes][kPipes] = {};
    uint64_t pipe_free[kPipes] = {};
    uint64_t busy[kPipes] = {};
    uint32_t next_index = 0;
    FlagSlot flags[kEventTypes][kEventIds];
    const char* flag_names[kEventTypes] = {};
    uint8_t held[kEventTypes] = {};  // AllocEventID bitmask per event type
    std::unordered_map<int32_t, QueueSlots> queues;
    // the open VF call
    int vf_depth = 0;
    std::vector<Range> vf_ranges;
    Stats vf_before;
    std::vector<Range> cur;
    uint32_t line = 0;  // source line of the current instruction, if the caller set it
    std::vector<LogEntry> log;
    std::vector<BlockTimeline> blocks;
    uint64_t block_log_begin = 0;
};

inline Tracer& tracer() {
    static Tracer t;
    return t;
}

namespace trace_detail {

inline uint64_t cycles(double c) { return c <= 0 ? 0 : uint64_t(c + 0.5); }

inline Granule& granule(Tracer& t, uint8_t space, uint64_t g) {
    return space == kSpaceUb ? t.ub[g] : t.ws[g];
}

inline const char* space_name(uint8_t s) { return s == kSpaceUb ? "UB" : "GM workspace"; }

[[noreturn]] inline void race(const Access& a, bool a_writes, const char* api, uint8_t pipe, const Range& r,
                              uint32_t index) {
    // a happened first in program order; the sync that orders them goes from a's pipe to this one
    detail::Message m;
    m << a.api << " (" << pipe_name(a.pipe) << ", " << space_name(a.space) << " bytes [" << a.lo << ", "
      << a.hi << "), instruction #" << a.index << ") " << (a_writes ? "writes" : "reads") << " what " << api << " ("
      << pipe_name(pipe) << ", " << space_name(r.space) << " bytes [" << r.lo << ", " << r.hi << "), instruction #"
      << index << ") " << (r.write ? "writes" : "reads") << " with no " << pipe_short(a.pipe) << "_"
      << pipe_short(pipe) << " SetFlag/WaitFlag (or queue hand-off) between them";
    raise_fault("race", m.c_str());
}

// Is the earlier access `a` ordered before an access of `pipe` now? Adds the finish time of
// a compiler-synchronised predecessor to *dep.
inline bool ordered(const Tracer& t, const Access& a, uint8_t pipe, bool tensor, uint64_t* dep) {
    if (a.gen != t.gen || a.pipe == pipe || a.clock <= t.vc[pipe][a.pipe]) return true;
    const bool scalar_pair = (a.pipe == kPipeS) != (pipe == kPipeS);
    if (scalar_pair && a.tensor && tensor) {  // cce-auto-sync inserts this pair's sync
        *dep = std::max(*dep, a.finish);
        return true;
    }
    return false;
}

inline void log_entry(Tracer& t, const char* api, uint32_t index, uint8_t pipe, uint64_t start, uint64_t finish) {
    if (t.keep_log) t.log.push_back({api, index, pipe, t.line, start, finish});
    t.line = 0;
}

// Run the instruction whose ranges are in t.cur.
inline void commit(const char* api, uint8_t pipe, bool tensor, double cost_cycles) {
    Tracer& t = tracer();
    const uint32_t index = t.next_index++;
    uint64_t start = std::max(t.pipe_free[pipe], pipe == kPipeS ? 0 : t.pipe_free[kPipeS]);
    uint64_t dep = 0;
    for (const Range& r : t.cur) {
        if (r.hi <= r.lo) continue;
        const uint64_t last = r.space == kSpaceUb ? std::min<uint64_t>((r.hi - 1) / kBlockBytes, t.ub.size() - 1)
                                                  : (r.hi - 1) / kBlockBytes;
        for (uint64_t g = r.lo / kBlockBytes; g <= last; ++g) {
            Granule& G = granule(t, r.space, g);
            if (!ordered(t, G.write, pipe, tensor, &dep)) race(G.write, true, api, pipe, r, index);
            if (!r.write) continue;
            for (uint8_t q = 0; q < kPipes; ++q) {
                if (!ordered(t, G.read[q], pipe, tensor, &dep)) race(G.read[q], false, api, pipe, r, index);
            }
        }
    }
    start = std::max(start, dep);
    const uint64_t c = cycles(cost_cycles);
    const uint64_t finish = start + c;
    for (const Range& r : t.cur) {
        if (r.hi <= r.lo) continue;
        Access a;
        a.gen = t.gen;
        a.clock = t.vc[pipe][pipe];
        a.index = index;
        a.pipe = pipe;
        a.tensor = tensor;
        a.api = api;
        a.space = r.space;
        a.lo = r.lo;
        a.hi = r.hi;
        a.finish = finish;
        const uint64_t last = r.space == kSpaceUb ? std::min<uint64_t>((r.hi - 1) / kBlockBytes, t.ub.size() - 1)
                                                  : (r.hi - 1) / kBlockBytes;
        for (uint64_t g = r.lo / kBlockBytes; g <= last; ++g) {
            Granule& G = granule(t, r.space, g);
            if (r.write) {
                G.write = a;
                for (auto& rd : G.read) rd.gen = 0;
            } else {
                G.read[pipe] = a;
            }
        }
    }
    t.cur.clear();
    t.pipe_free[pipe] = finish;
    t.busy[pipe] += c;
    log_entry(t, api, index, pipe, start, finish);
}

inline void release(Tracer& t, uint8_t pipe, FlagSlot& slot, uint32_t index) {
    slot.set = true;
    std::memcpy(slot.vc, t.vc[pipe], sizeof(slot.vc));
    slot.time = t.pipe_free[pipe];
    slot.index = index;
    t.vc[pipe][pipe] += 1;
}

inline void acquire(Tracer& t, uint8_t pipe, FlagSlot& slot) {
    for (uint8_t q = 0; q < kPipes; ++q) t.vc[pipe][q] = std::max(t.vc[pipe][q], slot.vc[q]);
    t.pipe_free[pipe] = std::max(t.pipe_free[pipe], slot.time);
    slot.set = false;
}

// A sync instruction on `pipe` (cost only).
inline uint32_t sync_instr(Tracer& t, const char* api, uint8_t pipe, double cost_cycles) {
    const uint32_t index = t.next_index++;
    const uint64_t start = std::max(t.pipe_free[pipe], pipe == kPipeS ? 0 : t.pipe_free[kPipeS]);
    const uint64_t c = cycles(cost_cycles);
    t.pipe_free[pipe] = start + c;
    t.busy[pipe] += c;
    log_entry(t, api, index, pipe, start, start + c);
    return index;
}

inline void add_range(std::vector<Range>& v, uint8_t space, bool write, uint64_t lo, uint64_t hi) {
    if (hi <= lo) return;
    // merge with a recent range of the same kind that it extends (streams of LoadAlign)
    const size_t n = v.size();
    for (size_t k = n; k > 0 && k + 8 > n; --k) {
        Range& r = v[k - 1];
        if (r.space == space && r.write == write && lo <= r.hi && hi >= r.lo) {
            r.lo = std::min(r.lo, lo);
            r.hi = std::max(r.hi, hi);
            return;
        }
    }
    v.push_back({space, write, lo, hi});
}

}  // namespace trace_detail

// ---------------------------------------------------------------- block boundaries

inline void trace_begin_block() {
    Tracer& t = tracer();
    t.gen += 1;
    const size_t granules = size_t(state().ub_capacity / kBlockBytes + 1);
    if (t.ub.size() < granules) t.ub.resize(granules);
    t.ws.clear();
    t.ws_owner = -1;
    const auto& gm = state().gm;
    for (size_t i = 0; i < gm.size(); ++i) {
        if (gm[i].name == "workspace") t.ws_owner = int32_t(i);
    }
    std::memset(t.vc, 0, sizeof(t.vc));
    for (uint8_t p = 0; p < kPipes; ++p) t.vc[p][p] = 1;
    std::memset(t.pipe_free, 0, sizeof(t.pipe_free));
    std::memset(t.busy, 0, sizeof(t.busy));
    t.next_index = 0;
    for (auto& row : t.flags) {
        for (auto& f : row) f = FlagSlot{};
    }
    std::memset(t.held, 0, sizeof(t.held));
    t.queues.clear();
    t.vf_depth = 0;
    t.vf_ranges.clear();
    t.cur.clear();
    t.block_log_begin = t.log.size();
}

inline void trace_end_block(uint32_t launch, uint32_t block) {
    Tracer& t = tracer();
    for (int e = 0; e < kEventTypes; ++e) {
        for (int32_t id = 0; id < kEventIds; ++id) {
            if (t.flags[e][id].set) {
                fail("SetFlag", "SetFlag<", t.flag_names[e], ">(", id, ") (instruction #", t.flags[e][id].index,
                     ") is never waited: the flag is still set when the kernel ends");
            }
        }
    }
    BlockTimeline b{launch, block, 0, {}, t.next_index, t.block_log_begin, t.log.size()};
    for (uint8_t p = 0; p < kPipes; ++p) {
        b.cycles = std::max(b.cycles, t.pipe_free[p]);
        b.busy[p] = t.busy[p];
    }
    t.blocks.push_back(b);
}

inline void trace_reset() {
    Tracer& t = tracer();
    t.blocks.clear();
    t.log.clear();
    t.ws.clear();
}

// ---------------------------------------------------------------- recording helpers

// A UB range of a LocalTensor: `count` elements from its start.
template <typename L>
inline Range ub_span(const L& t, uint64_t count, bool write) {
    return {kSpaceUb, write, t.sim_offset(), t.sim_offset() + count * sizeof(typename L::PrimType)};
}
inline Range ub_bytes(uint64_t lo, uint64_t hi, bool write) { return {kSpaceUb, write, lo, hi}; }

// A GM range [p, p + bytes): recorded only inside the workspace buffer.
inline void add_gm(std::vector<Range>& v, const void* p, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (t.ws_owner < 0 || bytes == 0) return;
    const GmBuffer& b = state().gm[size_t(t.ws_owner)];
    const auto* q = static_cast<const uint8_t*>(p);
    if (q < b.base || q >= b.base + b.bytes) return;
    const uint64_t lo = uint64_t(q - b.base);
    trace_detail::add_range(v, kSpaceWorkspace, write, lo, std::min<uint64_t>(lo + bytes, b.bytes));
}

// A memory-level vector instruction over `bytes` of the widest operand.
inline void rec_vector(const char* api, uint64_t bytes, std::initializer_list<Range> ranges) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    if (t.vf_depth > 0) {
        for (const Range& r : ranges) trace_detail::add_range(t.vf_ranges, r.space, r.write, r.lo, r.hi);
        return;
    }
    t.cur.assign(ranges.begin(), ranges.end());
    const double repeats = double(bytes == 0 ? 1 : ceil_div(bytes, kVectorBytes));
    trace_detail::commit(api, kPipeV, true, t.cost.vector_issue + repeats * t.cost.vector_repeat);
}

// UB -> UB DataCopy: PIPE_V (asc-devkit impl/basic_api/dav_3510/kernel_operator_data_copy_impl.h,
// CopyUbufToUbuf: "only support VecCore PIPE_V").
inline void rec_ub_copy(const char* api, Range dst, Range src) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    t.cur.assign({dst, src});
    trace_detail::commit(api, kPipeV, true, t.cost.vector_issue + double(src.hi - src.lo) / t.cost.ub_bytes_per_cycle);
}

// GM -> UB (MTE2) or UB -> GM (MTE3): the UB range, the GM span [gm, gm + gm_bytes) and the
// bytes moved (the DMA's bandwidth cost).
inline void rec_dma(const char* api, bool to_ub, Range ub, const void* gm, uint64_t gm_bytes, uint64_t moved) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    t.cur.clear();
    t.cur.push_back(ub);
    add_gm(t.cur, gm, gm_bytes, !to_ub);
    trace_detail::commit(api, to_ub ? kPipeMte2 : kPipeMte3, true,
                         t.cost.dma_setup + double(moved) / t.cost.gm_bytes_per_cycle);
}

// LocalTensor::GetValue/SetValue (UB byte offset) on the scalar unit.
inline void rec_scalar_ub(const char* api, uint64_t offset, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    if (t.vf_depth > 0) return;  // a SIMT/VF body's own scalar work is part of the VF
    t.cur.clear();
    t.cur.push_back({kSpaceUb, write, offset, offset + bytes});
    trace_detail::commit(api, kPipeS, true, t.cost.scalar);
}

// GlobalTensor::GetValue/SetValue on the scalar unit (GM: tracked inside the workspace).
inline void rec_scalar_gm(const char* api, const void* p, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (!t.enabled || t.vf_depth > 0) return;
    t.cur.clear();
    add_gm(t.cur, p, bytes, write);
    trace_detail::commit(api, kPipeS, true, t.cost.scalar);
}

// UB accessed by a VF body through a raw pointer (LoadAlign/StoreAlign).
inline void vf_ub_access(const char* api, const void* p, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    const uint64_t lo = uint64_t(static_cast<const uint8_t*>(p) - ub_base());
    if (t.vf_depth > 0) {
        trace_detail::add_range(t.vf_ranges, kSpaceUb, write, lo, lo + bytes);
        return;
    }
    t.cur.clear();
    t.cur.push_back({kSpaceUb, write, lo, lo + bytes});
    trace_detail::commit(api, kPipeV, false, t.cost.vector_repeat);
}

// StoreAlign of a register: only the lanes the mask selects are written.
template <typename E, typename M>
inline void vf_ub_store(const char* api, const void* p, const M& mask, uint32_t lanes) {
    if (!tracer().enabled) return;
    if (mask.bits.all()) {  // the common case: a whole register
        vf_ub_access(api, p, uint64_t(lanes) * sizeof(E), true);
        return;
    }
    uint32_t first = lanes, end = 0;
    for (uint32_t i = 0; i < lanes; ++i) {
        if (mask.template active<E>(i)) {
            first = std::min(first, i);
            end = i + 1;
        }
    }
    if (end > first) vf_ub_access(api, static_cast<const uint8_t*>(p) + first * sizeof(E), (end - first) * sizeof(E), true);
}

// GM accessed by a SIMT lane through a raw pointer (workspace only).
inline void vf_gm_access(const void* p, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (!t.enabled || t.vf_depth == 0) return;
    add_gm(t.vf_ranges, p, bytes, write);
}

// One asc_vf_call / Simt::VF_CALL: a single PIPE_V instruction whose ranges are what its body
// touched. Raw pointers: cce-auto-sync does not cover it.
class VfScope {
  public:
    explicit VfScope(const char* api) : api_(api), uncaught_(std::uncaught_exceptions()) {
        Tracer& t = tracer();
        if (!t.enabled) return;
        if (t.vf_depth++ == 0) {
            t.vf_ranges.clear();
            t.vf_before = state().stats;
        }
    }
    ~VfScope() noexcept(false) {
        Tracer& t = tracer();
        if (!t.enabled || t.vf_depth == 0) return;
        if (--t.vf_depth != 0 || std::uncaught_exceptions() != uncaught_) return;
        const Stats d = stats_delta(state().stats, t.vf_before);
        const CostTable& c = t.cost;
        const double cost = c.vf_call + double(d.vector_instructions) * c.vector_repeat +
                            double(d.simt_transactions) * c.simt_issue +
                            double(d.dcache_miss_lines) * c.dcache_line / c.gm_bytes_per_cycle;
        t.cur.swap(t.vf_ranges);
        t.vf_ranges.clear();
        trace_detail::commit(api_, kPipeV, false, cost);
    }
    VfScope(const VfScope&) = delete;
    VfScope& operator=(const VfScope&) = delete;

  private:
    const char* api_;
    int uncaught_;
};

// ---------------------------------------------------------------- synchronisation

// SetFlag<src_dst>(id) on pipe src.
inline void set_flag(const char* event, int type, uint8_t src, uint8_t dst, int32_t id) {
    Tracer& t = tracer();
    (void)dst;
    if (id < 0 || id >= kEventIds) {
        fail("SetFlag", "SetFlag<", event, ">(", id, "): event id out of range [0, ", kEventIds, ")");
    }
    t.flag_names[type] = event;
    FlagSlot& slot = t.flags[type][id];
    if (slot.set) {
        fail("SetFlag", "second SetFlag<", event, ">(", id, ") while the first (instruction #", slot.index,
             ") is not yet waited");
    }
    const uint32_t index = trace_detail::sync_instr(t, "SetFlag", src, t.cost.flag);
    trace_detail::release(t, src, slot, index);
}

inline void wait_flag(const char* event, int type, uint8_t src, uint8_t dst, int32_t id) {
    Tracer& t = tracer();
    (void)src;
    if (id < 0 || id >= kEventIds) {
        fail("WaitFlag", "WaitFlag<", event, ">(", id, "): event id out of range [0, ", kEventIds, ")");
    }
    FlagSlot& slot = t.flags[type][id];
    if (!slot.set) {
        fail("WaitFlag", "WaitFlag<", event, ">(", id, ") has no matching SetFlag: the device would hang");
    }
    trace_detail::acquire(t, dst, slot);
    trace_detail::sync_instr(t, "WaitFlag", dst, t.cost.flag);
}

// PipeBarrier<PIPE_ALL>: every pipe waits for every other.
inline void barrier_all() {
    Tracer& t = tracer();
    uint64_t when = 0;
    uint32_t joined[kPipes] = {};
    for (uint8_t p = 0; p < kPipes; ++p) {
        when = std::max(when, t.pipe_free[p]);
        for (uint8_t q = 0; q < kPipes; ++q) joined[q] = std::max(joined[q], t.vc[p][q]);
    }
    const uint64_t c = trace_detail::cycles(t.cost.barrier);
    const uint32_t index = t.next_index++;
    for (uint8_t p = 0; p < kPipes; ++p) {
        std::memcpy(t.vc[p], joined, sizeof(joined));
        t.pipe_free[p] = when + c;
        t.busy[p] += c;
    }
    for (uint8_t p = 0; p < kPipes; ++p) t.vc[p][p] = joined[p] + 1;
    trace_detail::log_entry(t, "PipeBarrier<PIPE_ALL>", index, kPipeS, when, when + c);
}

// PipeBarrier<p> for one pipe: the pipe is already in order in this model; it costs time.
inline void barrier_pipe(uint8_t pipe) {
    Tracer& t = tracer();
    if (pipe >= kPipes) return;
    trace_detail::sync_instr(t, "PipeBarrier", pipe, t.cost.barrier);
}

// TQue hand-offs by position: VECIN = MTE2 -> V, VECOUT = V -> MTE3 (other positions: none).
enum class QueueKind : uint8_t { None, In, Out };
enum class QueueOp : uint8_t { Alloc, EnQue, DeQue, Free };

inline void queue_sync(QueueOp op, QueueKind kind, int32_t buffer) {
    if (kind == QueueKind::None) return;
    Tracer& t = tracer();
    const uint8_t producer = kind == QueueKind::In ? kPipeMte2 : kPipeV;
    const uint8_t consumer = kind == QueueKind::In ? kPipeV : kPipeMte3;
    QueueSlots& q = t.queues[buffer];
    switch (op) {
        case QueueOp::EnQue: {
            const uint32_t index = trace_detail::sync_instr(t, "TQue::EnQue", producer, t.cost.flag);
            trace_detail::release(t, producer, q.data, index);
            break;
        }
        case QueueOp::DeQue:
            if (q.data.set) trace_detail::acquire(t, consumer, q.data);
            trace_detail::sync_instr(t, "TQue::DeQue", consumer, t.cost.flag);
            break;
        case QueueOp::Free: {
            const uint32_t index = trace_detail::sync_instr(t, "TQue::FreeTensor", consumer, t.cost.flag);
            trace_detail::release(t, consumer, q.free, index);
            break;
        }
        case QueueOp::Alloc:
            if (q.free.set) {
                trace_detail::acquire(t, producer, q.free);
                trace_detail::sync_instr(t, "TQue::AllocTensor", producer, t.cost.flag);
            }
            break;
    }
}

// ---------------------------------------------------------------- event ids (TPipe)

// FetchEventID: the id AllocEventID would hand out, without holding it
// (docs/zh/api/SIMD-API/基础API/资源管理/TPipe/FetchEventID.md: "此接口不会申请TEventID").
inline int32_t fetch_event_id(int type, const char* event) {
    Tracer& t = tracer();
    for (int32_t id = 0; id < kEventIds; ++id) {
        if (!(t.held[type] & (1u << id))) return id;
    }
    fail("FetchEventID", "all ", kEventIds, " event ids of ", event, " are held by AllocEventID");
}

// AllocEventID holds the id until ReleaseEventID (docs .../TPipe/AllocEventID.md).
inline int32_t alloc_event_id(int type, const char* event) {
    Tracer& t = tracer();
    const int32_t id = fetch_event_id(type, event);
    t.held[type] = uint8_t(t.held[type] | (1u << id));
    return id;
}

inline void release_event_id(int type, const char* event, int32_t id) {
    Tracer& t = tracer();
    if (id < 0 || id >= kEventIds || !(t.held[type] & (1u << id))) {
        fail("ReleaseEventID", "event id ", id, " of ", event, " is not held (AllocEventID first)");
    }
    t.held[type] = uint8_t(t.held[type] & ~(1u << id));
}

}  // namespace ascsim
