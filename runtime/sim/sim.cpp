// The compiled part of the simulator: everything the headers declare that is not a tiny
// accessor or a per-element loop -- bounds and rule checks, fault messages, the instruction
// record, race detector and timeline (the model is described in ascsim/trace.h), GM/UB
// copies, queues, the block loop -- and the vector and register APIs instantiated for the
// element types of the tables. Built once per toolchain into the toolchain cache
// (runtime/build.py toolchain_objects) and linked into every simulated kernel, so that a
// kernel's own translation unit compiles its code and calls into this one.
#define ASCSIM_IMPLEMENTATION 1
#define ASCSIM_INSTANTIATE 1

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "internal.h"

namespace ascsim {

__thread Core* t_core = nullptr;
__thread State* t_state = nullptr;
__thread Tracer* t_tracer = nullptr;

void faultf(const char* api, const char* format, ...) {
    char small[512];
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    const int n = std::vsnprintf(small, sizeof(small), format, args);
    va_end(args);
    if (n >= 0 && size_t(n) >= sizeof(small)) {
        std::vector<char> big(size_t(n) + 1);
        std::vsnprintf(big.data(), big.size(), format, again);
        va_end(again);
        raise_fault(api, big.data());
    }
    va_end(again);
    raise_fault(api, n < 0 ? format : small);
}

// ------------------------------------------------------------------ GM registry

int32_t find_gm_index(const void* p) {
    auto* q = static_cast<const uint8_t*>(p);
    const auto& gm = state().gm;
    for (size_t i = 0; i < gm.size(); ++i) {
        if (q >= gm[i].base && q < gm[i].base + gm[i].bytes) return int32_t(i);
    }
    return -1;
}

void check_gm(const char* api, const void* p, uint64_t bytes, const char* what, int32_t owner) {
    if (bytes == 0) return;
    if (owner == -2) owner = find_gm_index(p);
    auto* q = static_cast<const uint8_t*>(p);
    if (owner < 0) {
        fail(api, "GM ", what, " at an address outside every kernel argument (", bytes, " bytes)");
    }
    const GmBuffer& b = state().gm[size_t(owner)];
    if (q < b.base || q + bytes > b.base + b.bytes) {
        fail(api, "GM ", what, " out of bounds: bytes [", int64_t(q - b.base), ", ",
             int64_t(q - b.base) + int64_t(bytes), ") of ", b.name, ", which has ", b.bytes, " bytes");
    }
}

namespace {
// memcpy, with the element sizes of scalar accesses as fixed-size moves
inline void copy_bytes(void* dst, const void* src, uint64_t bytes) {
    switch (bytes) {
        case 1: std::memcpy(dst, src, 1); break;
        case 2: std::memcpy(dst, src, 2); break;
        case 4: std::memcpy(dst, src, 4); break;
        case 8: std::memcpy(dst, src, 8); break;
        default: std::memcpy(dst, src, bytes); break;
    }
}
}  // namespace

void gm_read(const char* api, void* dst, const void* src, uint64_t bytes, int32_t owner) {
    check_gm(api, src, bytes, "read", owner);
    copy_bytes(dst, src, bytes);
    stats().gm_read_bytes += bytes;
}

namespace {
[[noreturn]] void write_to_input(const char* api, int32_t owner) {
    fail(api, "GM write to ", state().gm[size_t(owner)].name, ", an input of the kernel (inputs are read-only)");
}
}  // namespace

void gm_write(const char* api, void* dst, const void* src, uint64_t bytes, int32_t owner) {
    if (owner == -2) owner = find_gm_index(dst);
    check_gm(api, dst, bytes, "write", owner);
    if (bytes != 0 && state().gm[size_t(owner)].read_only) write_to_input(api, owner);
    copy_bytes(dst, src, bytes);
    stats().gm_write_bytes += bytes;
}

// ------------------------------------------------------------------------- UB

uint64_t ub_reserve(const char* api, uint64_t bytes) {
    Core& s = core();
    uint64_t rounded = (bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
    if (s.ub_used + rounded > s.ub_capacity) {
        fail(api, "UB overflow: ", rounded, " more bytes requested with ", s.ub_used, " of ", s.ub_capacity,
             " bytes already in use");
    }
    uint64_t offset = s.ub_used;
    s.ub_used += rounded;
    if (s.ub_used > s.stats.peak_ub_bytes) s.stats.peak_ub_bytes = s.ub_used;
    return offset;
}

// ------------------------------------------------------------------ trace internals

namespace trace_detail {

inline const char* pipe_name(uint8_t p) {
    static const char* const names[] = {"PIPE_S", "PIPE_V", "PIPE_MTE2", "PIPE_MTE3"};
    return p < kPipes ? names[p] : "PIPE_?";
}
inline const char* pipe_short(uint8_t p) {
    static const char* const names[] = {"S", "V", "MTE2", "MTE3"};
    return p < kPipes ? names[p] : "?";
}

inline uint64_t cycles(double c) { return c <= 0 ? 0 : uint64_t(c + 0.5); }

inline const char* space_name(uint8_t s) { return s == kSpaceUb ? "UB" : "GM workspace"; }

[[noreturn]] void race(const Access& a, bool a_writes, const char* api, uint8_t pipe, const Range& r, uint32_t index) {
    // a happened first in program order; the sync that orders them goes from a's pipe to this one
    detail::Message m;
    m << a.api << " (" << pipe_name(a.pipe) << ", " << space_name(a.space) << " bytes [" << a.lo << ", " << a.hi
      << "), instruction #" << a.index << ") " << (a_writes ? "writes" : "reads") << " what " << api << " ("
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

// First granule and one past the last of a range (UB ranges end at the UB's last granule).
inline void granule_span(const Tracer& t, const Range& r, uint64_t* first, uint64_t* end) {
    const uint64_t last = r.space == kSpaceUb ? std::min<uint64_t>((r.hi - 1) / kBlockBytes, t.ub.size() - 1)
                                              : (r.hi - 1) / kBlockBytes;
    *first = r.lo / kBlockBytes;
    *end = last + 1;
}

// Is granule G ordered before this access? Else the race's fault.
inline void check_granule(const Tracer& t, const Granule& G, const Range& r, const char* api, uint8_t pipe,
                          bool tensor, uint32_t index, uint64_t* dep) {
    const Access& w = t.accesses[G.write];
    if (!ordered(t, w, pipe, tensor, dep)) race(w, true, api, pipe, r, index);
    if (!r.write) return;
    for (uint8_t q = 0; q < kPipes; ++q) {
        const Access& rd = t.accesses[G.read[q]];
        if (!ordered(t, rd, pipe, tensor, dep)) race(rd, false, api, pipe, r, index);
    }
}

inline void update_granule(Granule& G, uint32_t a, bool write, uint8_t pipe) {
    if (write) {
        G.write = a;
        for (auto& rd : G.read) rd = 0;  // none: ordered before anything
    } else {
        G.read[pipe] = a;
    }
}

// Keep only the accesses some granule still refers to (renumbered), once the table has grown
// well past them: memory follows the granules, not the number of instructions.
void compact_accesses(Tracer& t) {
    std::vector<uint32_t> remap(t.accesses.size(), 0);
    std::vector<Access> kept(1);
    auto keep = [&](uint32_t& id) {
        if (id == 0) return;
        if (remap[id] == 0) {
            remap[id] = uint32_t(kept.size());
            kept.push_back(t.accesses[id]);
        }
        id = remap[id];
    };
    auto visit = [&](Granule& g) {
        keep(g.write);
        for (auto& rd : g.read) keep(rd);
    };
    for (Granule& g : t.ub) visit(g);
    t.ws.for_each(visit);
    t.accesses.swap(kept);
    t.accesses_live = t.accesses.size();
}

// A workspace range against the other blocks of the launch (CrossCore): a write to a byte
// another block read or wrote in the same phase, or a read of one another block wrote in it,
// is a race across cores.
[[noreturn]] void cross_core_race(const char* api, uint32_t block, bool write, uint64_t byte, bool wrote,
                                  uint32_t other) {
    detail::Message m;
    m << api << " (block " << block << ") " << (write ? "writes" : "reads") << " workspace byte " << byte << " that ";
    if (other == CrossCore::kManyBlocks) {
        m << "other blocks read";
    } else {
        m << "block " << other << (wrote ? " writes" : " reads");
    }
    m << " with no SyncAll between them (the cores of a launch run concurrently)";
    raise_fault("race", m.c_str());
}

void cross_core_byte(CrossCore::ByteRecord& B, const char* api, uint32_t phase, uint32_t block, bool write,
                     uint64_t byte) {
    if (B.w_phase == phase && B.w_block != block) cross_core_race(api, block, write, byte, true, B.w_block);
    if (write && B.r_phase == phase && B.r_block != block) cross_core_race(api, block, write, byte, false, B.r_block);
    if (write) {
        B.w_phase = phase;
        B.w_block = block;
    } else if (B.r_phase == phase && B.r_block != block) {
        B.r_block = CrossCore::kManyBlocks;
    } else {
        B.r_phase = phase;
        B.r_block = block;
    }
}

void cross_core_access(Tracer& t, const Range& r, const char* api) {
    CrossCore& x = *t.cross;
    const uint32_t phase = t.barriers + 1, block = uint32_t(core().block_idx);
    const uint64_t end = std::min<uint64_t>((r.hi - 1) / kBlockBytes + 1, x.ws.size());
    for (uint64_t g = r.lo / kBlockBytes; g < end; ++g) {
        CrossCore::WsGranule& G = x.ws[g];
        const uint64_t base = g * kBlockBytes;
        const uint64_t lo = std::max(r.lo, base) - base, hi = std::min(r.hi, base + kBlockBytes) - base;
        const uint32_t mask = uint32_t(((uint64_t(1) << hi) - 1) & ~((uint64_t(1) << lo) - 1));
        if (G.bytes < 0 && (G.phase != phase || G.block == block)) {  // this block's alone
            if (G.phase != phase) G = CrossCore::WsGranule{phase, block, 0, 0, -1};
            (r.write ? G.written : G.read) |= mask;
            continue;
        }
        if (G.bytes < 0) {  // a second block in the phase: one record per byte from here on
            G.bytes = int32_t(x.fine.size());
            x.fine.emplace_back();
            for (uint32_t i = 0; i < kBlockBytes; ++i) {
                CrossCore::ByteRecord& B = x.fine.back()[i];
                if ((G.written >> i) & 1u) B.w_phase = G.phase, B.w_block = G.block;
                if ((G.read >> i) & 1u) B.r_phase = G.phase, B.r_block = G.block;
            }
        }
        auto& bytes = x.fine[size_t(G.bytes)];
        for (uint64_t i = lo; i < hi; ++i) cross_core_byte(bytes[i], api, phase, block, r.write, base + i);
    }
}

// Run the instruction whose ranges are in t.cur.
void commit(const char* api, uint8_t pipe, bool tensor, double cost_cycles) {
    Tracer& t = tracer();
    const uint32_t index = t.next_index++;
    uint64_t start = std::max(t.pipe_free[pipe], pipe == kPipeS ? 0 : t.pipe_free[kPipeS]);
    uint64_t dep = 0;
    for (const Range& r : t.cur) {
        if (r.hi <= r.lo) continue;
        uint64_t first, end;
        granule_span(t, r, &first, &end);
        if (r.space == kSpaceUb) {
            for (uint64_t g = first; g < end; ++g) check_granule(t, t.ub[g], r, api, pipe, tensor, index, &dep);
        } else {  // each run's granules are alike: its first stands for all (the same race, if any)
            for (auto it = t.ws.begin_at(first); it != t.ws.end() && it->first < end; ++it) {
                check_granule(t, it->second.g, r, api, pipe, tensor, index, &dep);
            }
            if (t.cross != nullptr) cross_core_access(t, r, api);
        }
    }
    start = std::max(start, dep);
    const uint64_t c = cycles(cost_cycles);
    const uint64_t finish = start + c;
    if (t.accesses.size() > 4 * t.accesses_live + (1u << 16)) compact_accesses(t);
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
        const auto id = uint32_t(t.accesses.size());
        t.accesses.push_back(a);
        uint64_t first, end;
        granule_span(t, r, &first, &end);
        if (r.space == kSpaceUb) {
            for (uint64_t g = first; g < end; ++g) update_granule(t.ub[g], id, r.write, pipe);
        } else {
            for (auto it = t.ws.cover(first, end); it != t.ws.end() && it->first < end; ++it) {
                update_granule(it->second.g, id, r.write, pipe);
            }
            t.ws.merge(first, end);
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

// One DataCopy of `bytes` on one of `cores` cores: ATT's LoadStoreFunc, bytes / (a + b / cores) + h
// (costs.py DmaCost).
inline double dma_cycles(double bytes, double a, double b, double h, double cores) { return bytes / (a + b / cores) + h; }

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

// A GM range [p, p + bytes): recorded only inside the workspace buffer.
inline void add_gm(std::vector<Range>& v, const void* p, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (t.ws_owner < 0 || bytes == 0) return;
    const GmBuffer& b = state().gm[size_t(t.ws_owner)];
    const auto* q = static_cast<const uint8_t*>(p);
    if (q < b.base || q >= b.base + b.bytes) return;
    const uint64_t lo = uint64_t(q - b.base);
    add_range(v, kSpaceWorkspace, write, lo, std::min<uint64_t>(lo + bytes, b.bytes));
}

}  // namespace trace_detail

// ---------------------------------------------------------------- block boundaries

static void trace_begin_block() {
    Tracer& t = tracer();
    t.gen += 1;
    const size_t granules = size_t(core().ub_capacity / kBlockBytes + 1);
    if (t.ub.size() < granules) t.ub.resize(granules);
    std::fill(t.ub.begin(), t.ub.end(), Granule{});
    t.ws.clear();
    t.accesses.assign(1, Access{});
    t.accesses_live = 1;
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
    t.gm_bytes = 0;
    t.mte2_started = t.mte3_started = false;
    t.barriers = 0;
}

static void trace_end_block(uint32_t launch, uint32_t block) {
    Tracer& t = tracer();
    for (int e = 0; e < kEventTypes; ++e) {
        for (int32_t id = 0; id < kEventIds; ++id) {
            if (t.flags[e][id].set) {
                fail("SetFlag", "SetFlag<", t.flag_names[e], ">(", id, ") (instruction #", t.flags[e][id].index,
                     ") is never waited: the flag is still set when the kernel ends");
            }
        }
    }
    BlockTimeline b{launch, block, 0, {}, t.next_index, t.block_log_begin, t.log.size(), t.gm_bytes};
    for (uint8_t p = 0; p < kPipes; ++p) {
        b.cycles = std::max(b.cycles, t.pipe_free[p]);
        b.busy[p] = t.busy[p];
    }
    t.blocks.push_back(b);
}

void trace_reset() {
    Tracer& t = tracer();
    for (ByteMarks& m : t.vf_ws) m.clear();
    t.blocks.clear();
    t.launches.clear();
    t.log.clear();
    t.ws.clear();
}

void trace_release() {
    Tracer& t = tracer();
    for (ByteMarks& m : t.vf_ws) m = ByteMarks{};
    std::vector<BlockTimeline>().swap(t.blocks);
    std::vector<LaunchTraffic>().swap(t.launches);
    t.footprint.release();
    std::vector<LogEntry>().swap(t.log);
    t.ws = GranuleRuns{};
    std::vector<Granule>().swap(t.ub);
    std::vector<Access>(1).swap(t.accesses);
    t.accesses_live = 1;
    std::vector<Range>().swap(t.vf_ranges);
    std::vector<Range>().swap(t.cur);
    t.queues.clear();
}

// ---------------------------------------------------------------- launches

namespace {
// The record across the launch's blocks, sized for the workspace argument (if any).
void begin_cross_core(CrossCore& x, uint32_t block_dim, bool mix) {
    x.mix = mix;
    x.block_dim = block_dim;
    uint64_t ws = 0;
    for (const GmBuffer& b : state().gm) {
        if (b.name == "workspace") ws = b.bytes;
    }
    x.ws.assign(size_t((ws + kBlockBytes - 1) / kBlockBytes), CrossCore::WsGranule{});
    x.fine.clear();
}

// A block's state before it runs: its index, an empty UB of stale bytes, normal mask mode.
void begin_block(Core& c, State& s, uint32_t b, uint32_t block_dim) {
    c.block_idx = b;
    c.block_num = block_dim;
    ub_release_all();
    c.vmask = VectorMask{};  // normal mode, all lanes (level0.h)
    std::memset(s.ub.data(), 0xA5, s.ub.size());  // stale UB is garbage, not zeros
    s.dcache.clear();
    trace_begin_block();
}

void end_launch(Tracer& t, size_t first_block) {
    LaunchTraffic traffic;
    for (size_t i = first_block; i < t.blocks.size(); ++i) traffic.gm_bytes += t.blocks[i].gm_bytes;
    traffic.footprint_bytes = t.footprint.bytes();
    t.launches.push_back(traffic);
}

void launch_fault(State& s, const char* what, int64_t block, uint32_t block_dim) {
    detail::Message m;
    m << what << " (block " << block << " of " << block_dim << ")";
    s.error = m.c_str();
}
}  // namespace

void launch_blocks(uint32_t block_dim, void (*run)(void*), void* kernel) {
    Core& c = core();
    State& s = state();
    if (!s.error.empty()) return;
    Tracer& t = tracer();
    CrossCore cross;
    try {
        const auto launch_no = uint32_t(c.stats.launches);
        c.stats.launches += 1;
        t.footprint.begin(s.gm.size());
        begin_cross_core(cross, block_dim, false);
        t.cross = &cross;
        const size_t first_block = t.blocks.size();
        for (uint32_t b = 0; b < block_dim; ++b) {
            begin_block(c, s, b, block_dim);
            const Stats before = c.stats;
            run(kernel);
            trace_end_block(launch_no, b);
            c.stats.blocks += 1;
            s.block_log.push_back({launch_no, b, stats_delta(c.stats, before)});
        }
        end_launch(t, first_block);
    } catch (const Fault& f) {
        launch_fault(s, f.what(), c.block_idx, block_dim);
    } catch (const std::exception& e) {
        s.error = std::string("simulator: ") + e.what();
    }
    t.cross = nullptr;
    c.block_idx = 0;
}

// ---------------------------------------------------------------- cross-core launches
//
// A __mix__ kernel's blocks may wait for each other (SyncAll), so each runs on a fiber of its
// own with its own core state -- Core, UB, DCache and the record's BlockTrace, swapped in
// while it runs. The blocks run in rounds, in block order: each runs to its next SyncAll (or
// its end); when every block has arrived, the barrier opens at the latest arrival (and no
// earlier than the chip's L2 could have moved the phase's GM bytes) plus the barrier's cost,
// and the next round starts. A block that ends while others wait would hang the device.
namespace {
constexpr size_t kBlockStack = 8u << 20;  // as a thread's: kernel code runs on it

struct FiberAbort {};  // unwinds a block waiting at a SyncAll when another block faulted

struct BlockFiber {
    ucontext_t ctx;
    uint8_t* map = nullptr;  // guard page + stack
    size_t map_bytes = 0;
    Core core;
    std::vector<uint8_t> ub;
    Dcache dcache;
    BlockTrace trace;
    enum Status { kNew, kWaiting, kDone } status = kNew;
    bool started = false;
    uint64_t arrival = 0;   // its pipes' finish at the SyncAll it waits at
    uint64_t gm_phase = 0;  // GM bytes it moved before that SyncAll
    size_t timeline = 0;    // its entry in Tracer::blocks
    std::string error;
};

struct MixRun {
    ucontext_t scheduler;
    BlockFiber* fibers = nullptr;
    uint32_t running = 0;
    uint32_t launch_no = 0;
    void (*run)(void*) = nullptr;
    void* kernel = nullptr;
};
__thread MixRun* t_mix = nullptr;

void block_fiber_main(unsigned lo, unsigned hi) {
    auto* f = reinterpret_cast<BlockFiber*>((uintptr_t(hi) << 32) | uintptr_t(lo));
    MixRun& m = *t_mix;
    try {
        begin_block(core(), state(), m.running, tracer().cross->block_dim);
        m.run(m.kernel);
        f->timeline = tracer().blocks.size();
        trace_end_block(m.launch_no, m.running);
    } catch (const FiberAbort&) {
    } catch (const Fault& e) {
        f->error = e.what();
    } catch (const std::exception& e) {
        f->error = std::string("simulator: ") + e.what();
    }
    f->status = BlockFiber::kDone;
}  // returning resumes uc_link: the scheduler

// Run block b until it waits at a SyncAll or ends, with its state swapped in.
void resume_block(MixRun& m, BlockFiber& f, uint32_t b) {
    Tracer& t = tracer();
    State& s = state();
    Core* main = t_core;
    std::swap(static_cast<BlockTrace&>(t), f.trace);
    s.ub.swap(f.ub);
    std::swap(s.dcache, f.dcache);
    t_core = &f.core;
    m.running = b;
    if (!f.started) {
        f.started = true;
        getcontext(&f.ctx);
        f.ctx.uc_stack.ss_sp = f.map + size_t(sysconf(_SC_PAGESIZE));
        f.ctx.uc_stack.ss_size = kBlockStack;
        f.ctx.uc_link = &m.scheduler;
        const auto addr = uintptr_t(&f);
        makecontext(&f.ctx, reinterpret_cast<void (*)()>(block_fiber_main), 2, unsigned(addr & 0xffffffffu),
                    unsigned(addr >> 32));
    }
    swapcontext(&m.scheduler, &f.ctx);
    t_core = main;
    std::swap(s.dcache, f.dcache);
    s.ub.swap(f.ub);
    std::swap(static_cast<BlockTrace&>(t), f.trace);
}

// The cost of one SyncAll, from the cost table: the software barrier's own copies -- each core
// writes its 32-byte flag and reads every core's (dav_3510 SoftSyncAllImpl) -- under ATT's
// Store and LoadSmallBlk rows. The hard sync this stands for is documented as the faster one
// (SyncAll.md, 功能说明), so this is an upper bound of its cost, never faster than the device.
uint64_t sync_all_cycles(const CostTable& c, uint32_t blocks) {
    const double n = double(blocks);
    const double store = trace_detail::dma_cycles(kBlockBytes, c.store_a, c.store_b, c.store_h, n);
    const double load = trace_detail::dma_cycles(kBlockBytes * n, c.load_small_a, c.load_small_b, c.load_small_h, n);
    return trace_detail::cycles(store + load);
}
}  // namespace

void launch_blocks_mix(uint32_t block_dim, void (*run)(void*), void* kernel) {
    Core& c = core();
    State& s = state();
    if (!s.error.empty()) return;
    Tracer& t = tracer();
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    std::unique_ptr<BlockFiber[]> fibers(new BlockFiber[block_dim]);
    CrossCore cross;
    MixRun m;
    m.fibers = fibers.get();
    m.run = run;
    m.kernel = kernel;
    std::string error;
    int64_t error_block = -1;
    try {
        m.launch_no = uint32_t(c.stats.launches);
        c.stats.launches += 1;
        t.footprint.begin(s.gm.size());
        begin_cross_core(cross, block_dim, true);
        t.cross = &cross;
        t_mix = &m;
        const size_t first_block = t.blocks.size();
        for (uint32_t b = 0; b < block_dim; ++b) {
            BlockFiber& f = fibers[b];
            f.core = c;
            f.core.stats = Stats{};
            f.ub.assign(s.ub.size(), 0);
            f.core.ub = f.ub.data();
            f.map_bytes = kBlockStack + page;
            void* p = mmap(nullptr, f.map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                           -1, 0);
            if (p == MAP_FAILED) fail("launch", "cannot map the stack of block ", b);
            f.map = static_cast<uint8_t*>(p);
            mprotect(f.map, page, PROT_NONE);  // a stack overflow faults instead of corrupting memory
        }
        uint64_t gm_before = 0;  // GM bytes of every block before the phase
        for (uint32_t phase = 0; error.empty(); ++phase) {
            for (uint32_t b = 0; b < block_dim && error.empty(); ++b) {
                if (fibers[b].status == BlockFiber::kDone) continue;
                resume_block(m, fibers[b], b);
                if (!fibers[b].error.empty()) {
                    error = fibers[b].error;
                    error_block = b;
                }
            }
            if (!error.empty()) break;
            uint32_t done = 0, waiting = 0;
            uint64_t arrival = 0, gm = 0;
            for (uint32_t b = 0; b < block_dim; ++b) {
                const BlockFiber& f = fibers[b];
                if (f.status == BlockFiber::kDone) {
                    done += 1;
                } else {
                    waiting += 1;
                    arrival = std::max(arrival, f.arrival);
                    gm += f.gm_phase;
                }
            }
            if (waiting == 0) break;
            if (done != 0) {
                const uint32_t ended = uint32_t(
                    std::find_if(fibers.get(), fibers.get() + block_dim,
                                 [](const BlockFiber& f) { return f.status == BlockFiber::kDone; }) - fibers.get());
                detail::Message msg;
                msg << "SyncAll: " << waiting << " of " << block_dim << " blocks wait at SyncAll #" << phase + 1
                    << " but block " << ended << " ended after " << phase
                    << ": the device would hang (every block of the launch must call it)";
                error = msg.c_str();
                error_block = ended;
                break;
            }
            // the phase moved gm - gm_before bytes across the L2 (the launch's HBM bound stays
            // in the timeline of runtime/kernel.py)
            const double l2_per_cycle = t.cost.l2_bytes_per_second / t.cost.clock_hz;
            const uint64_t floor = cross.release + uint64_t(std::ceil(double(gm - gm_before) / l2_per_cycle));
            cross.release = std::max(arrival, floor) + sync_all_cycles(t.cost, block_dim);
            gm_before = gm;
            for (uint32_t b = 0; b < block_dim; ++b) fibers[b].status = BlockFiber::kNew;
        }
        if (!error.empty()) {  // unwind the blocks that wait
            cross.abort = true;
            for (uint32_t b = 0; b < block_dim; ++b) {
                if (fibers[b].started && fibers[b].status != BlockFiber::kDone) resume_block(m, fibers[b], b);
            }
        } else {
            for (uint32_t b = 0; b < block_dim; ++b) {  // each block's log after the others'
                BlockFiber& f = fibers[b];
                BlockTimeline& bt = t.blocks[f.timeline];
                const uint64_t at = t.log.size();
                t.log.insert(t.log.end(), f.trace.log.begin(), f.trace.log.end());
                bt.log_begin = at;
                bt.log_end = t.log.size();
                c.stats = stats_sum(c.stats, f.core.stats);
                c.stats.blocks += 1;
                s.block_log.push_back({m.launch_no, b, f.core.stats});
            }
            std::sort(t.blocks.begin() + ptrdiff_t(first_block), t.blocks.end(),
                      [](const BlockTimeline& a, const BlockTimeline& b) { return a.block < b.block; });
            end_launch(t, first_block);
        }
    } catch (const Fault& f) {
        error = f.what();
    } catch (const std::exception& e) {
        error = std::string("simulator: ") + e.what();
    }
    if (!error.empty()) {
        if (error_block >= 0) {
            launch_fault(s, error.c_str(), error_block, block_dim);
        } else {
            s.error = error;
        }
    }
    for (uint32_t b = 0; b < block_dim; ++b) {
        if (fibers[b].map != nullptr) munmap(fibers[b].map, fibers[b].map_bytes);
    }
    t_mix = nullptr;
    t.cross = nullptr;
    c.block_idx = 0;
}

void sync_all() {
    Tracer& t = tracer();
    CrossCore* x = t.cross;
    if (x == nullptr || !x->mix || t_mix == nullptr) {
        rules::violate("SyncAll", rules::rule::sync_all_kernel_type,
                       "SyncAll<true>() in a kernel declared __vector__");
    }
    const double cores = t.core_num > 0 ? double(t.core_num) : t.cost.vector_cores;
    if (double(x->block_dim) > cores) {
        rules::violate("SyncAll", rules::rule::sync_all_cores, "SyncAll in a launch of ", x->block_dim, " blocks on ",
                       cores, " vector cores");
    }
    if (t.vf_depth > 0) fail("SyncAll", "called inside a VF");
    barrier_all();  // the hard sync's PipeBarrier<PIPE_ALL> (dav_3510 SyncAllImpl)
    MixRun& m = *t_mix;
    BlockFiber& f = m.fibers[m.running];
    uint64_t arrival = 0;
    for (uint8_t p = 0; p < kPipes; ++p) arrival = std::max(arrival, t.pipe_free[p]);
    f.arrival = arrival;
    f.gm_phase = t.gm_bytes;
    f.status = BlockFiber::kWaiting;
    const uint32_t index = t.next_index++;
    swapcontext(&f.ctx, &m.scheduler);
    if (x->abort) throw FiberAbort{};
    for (uint8_t p = 0; p < kPipes; ++p) t.pipe_free[p] = std::max(t.pipe_free[p], x->release);
    t.barriers += 1;
    trace_detail::log_entry(t, "SyncAll", index, kPipeS, arrival, x->release);
}

// ---------------------------------------------------------------- recording

namespace {
// The cost-table kind of a memory-level vector API (costs.h), by its name's pointer once known.
int vector_kind(Tracer& t, const char* kind) {
    auto it = t.kinds.find(kind);
    if (it != t.kinds.end()) return it->second;
    const int k = costs::vec_kind(kind);
    if (k < 0) fail(kind, "no row of ascsim/costs.h for this vector API (a simulator bug: add it to the cost model)");
    t.kinds.emplace(kind, k);
    return k;
}

// Issue slots of a reduction over `repeats` 256-byte repeats: ATT's "Sum" without reduce
// parameters (v35/att/api_perf_register/ascendc_regbase_perf.cpp:1006-1047): one vcadd
// pass per level of a tree over the repeats, plus the final one.
double reduce_issues(double repeats) {
    if (repeats <= 1) return 1;
    const double per = double(kVectorBytes) / 4;  // the tree's fan-in (ATT: one repeat of float)
    if (repeats <= per) return repeats + 1;
    return std::ceil(repeats / per) + repeats + 1;
}
}  // namespace

void rec_vector(const char* api, const char* kind, uint32_t elem_bit, uint64_t bytes,
                std::initializer_list<Range> ranges) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    if (t.vf_depth > 0) {
        for (const Range& r : ranges) trace_detail::add_range(t.vf_ranges, r.space, r.write, r.lo, r.hi);
        return;
    }
    t.cur.assign(ranges.begin(), ranges.end());
    // one vector function of one instruction (ATT ascendc_regbase_perf.cpp:14-24):
    // head + latency + issue interval x repeats
    const double repeats = double(bytes == 0 ? 1 : ceil_div(bytes, kVectorBytes));
    const costs::VecCost c = costs::vec_cost(vector_kind(t, kind), elem_bit);
    const bool sum = std::strcmp(kind, "ReduceSum") == 0;
    const double issues = sum ? reduce_issues(repeats) : repeats;
    trace_detail::commit(api, kPipeV, true, t.cost.vf_head + double(c.latency) + double(c.throughput) * issues);
}

void rec_ub_copy(const char* api, Range dst, Range src) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    t.cur.assign({dst, src});
    trace_detail::commit(api, kPipeV, true, t.cost.vf_head + double(src.hi - src.lo) / t.cost.ub_bytes_per_cycle);
}

void rec_dma(const char* api, bool to_ub, Range ub, const void* gm, uint64_t gm_bytes, const DmaShape& shape) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    const CostTable& c = t.cost;
    // ATT's LoadStoreFunc (costs.py): a strided block shorter than a cache line moves the
    // whole line (data_move_api_perf_v2.cpp:121-157); each core's bandwidth a + b/block_dim
    const bool strided = shape.block_count > 1 && shape.gap_bytes != 0;
    const double block = strided ? std::max(double(shape.block_bytes), c.cache_line_bytes) : double(shape.block_bytes);
    const double moved = block * double(shape.block_count);
    const double cores = double(std::max<int64_t>(core().block_num, 1));
    const bool small = to_ub && double(shape.block_bytes) / double(std::max<uint64_t>(shape.elem_bytes, 1)) <=
                                    c.load_small_elements;
    const double a = !to_ub ? c.store_a : small ? c.load_small_a : c.load_a;
    const double b = !to_ub ? c.store_b : small ? c.load_small_b : c.load_b;
    const double h = !to_ub ? c.store_h : small ? c.load_small_h : c.load_h;
    double cost = trace_detail::dma_cycles(moved, a, b, h, cores);
    if (strided) {
        const double gap = std::min(double(shape.gap_bytes < 0 ? -shape.gap_bytes : shape.gap_bytes), c.stride_cap_bytes);
        cost += (to_ub ? c.load_stride_k : c.store_stride_k) * double(shape.block_count) * gap;
    }
    // the pipe's head, once per kernel on a core (perf_param_v2.cpp:16-56, 20)
    bool& started = to_ub ? t.mte2_started : t.mte3_started;
    if (!started) {
        started = true;
        cost += !to_ub ? c.mte3_head : double(shape.block_bytes) < c.mte2_head_small_bytes ? c.mte2_head_small : c.mte2_head;
    }
    t.gm_bytes += uint64_t(moved);
    const int32_t arg = find_gm_index(gm);
    if (arg >= 0) {
        const GmBuffer& g = state().gm[size_t(arg)];
        const uint64_t lo = uint64_t(static_cast<const uint8_t*>(gm) - g.base);
        t.footprint.touch(arg, g.bytes, lo, lo + gm_bytes);
    }
    t.cur.clear();
    t.cur.push_back(ub);
    trace_detail::add_gm(t.cur, gm, gm_bytes, !to_ub);
    trace_detail::commit(api, to_ub ? kPipeMte2 : kPipeMte3, true, cost);
}

void rec_scalar_ub(const char* api, uint64_t offset, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    if (t.vf_depth > 0) return;  // a SIMT/VF body's own scalar work is part of the VF
    t.cur.clear();
    t.cur.push_back({kSpaceUb, write, offset, offset + bytes});
    trace_detail::commit(api, kPipeS, true, t.cost.scalar);
}

void rec_scalar_gm(const char* api, const void* p, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (!t.enabled || t.vf_depth > 0) return;
    t.cur.clear();
    trace_detail::add_gm(t.cur, p, bytes, write);
    t.gm_bytes += bytes;
    const int32_t arg = find_gm_index(p);
    if (arg >= 0) {
        const GmBuffer& g = state().gm[size_t(arg)];
        const uint64_t lo = uint64_t(static_cast<const uint8_t*>(p) - g.base);
        t.footprint.touch(arg, g.bytes, lo, lo + bytes);
    }
    trace_detail::commit(api, kPipeS, true, t.cost.scalar);
}

void vf_ub_access(const char* api, const void* p, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    const uint64_t lo = uint64_t(static_cast<const uint8_t*>(p) - ub_base());
    if (t.vf_depth > 0) {
        trace_detail::add_range(t.vf_ranges, kSpaceUb, write, lo, lo + bytes);
        return;
    }
    t.cur.clear();
    t.cur.push_back({kSpaceUb, write, lo, lo + bytes});
    // a register load/store outside a VF call: one issue of a 32-bit store (costs.h Store row)
    trace_detail::commit(api, kPipeV, false,
                         double(costs::vec_cost(costs::vec_kind("Store"), rules::elem_bit<uint32_t>()).throughput));
}

void vf_gm_access(const void* p, uint64_t bytes, bool write) {
    Tracer& t = tracer();
    if (!t.enabled || t.vf_depth == 0 || t.ws_owner < 0 || bytes == 0) return;
    const GmBuffer& b = state().gm[size_t(t.ws_owner)];
    const auto* q = static_cast<const uint8_t*>(p);
    if (q < b.base || q >= b.base + b.bytes) return;
    const uint64_t lo = uint64_t(q - b.base);
    t.vf_ws[write ? 1 : 0].mark(lo, std::min<uint64_t>(lo + bytes, b.bytes));
}

namespace {
// The workspace runs of the VF call (ByteMarks) added to its ranges; or only forgotten.
void drain_vf_workspace(Tracer& t, bool keep) {
    for (int w = 0; w < 2; ++w) {
        t.vf_ws[w].drain([&](uint64_t lo, uint64_t hi) {
            if (keep) t.vf_ranges.push_back({kSpaceWorkspace, w == 1, lo, hi});
        });
    }
}
}  // namespace

VfScope::VfScope(const char* api) : api_(api), uncaught_(std::uncaught_exceptions()) {
    Tracer& t = tracer();
    if (!t.enabled) return;
    if (t.vf_depth++ == 0) {
        t.vf_ranges.clear();
        drain_vf_workspace(t, false);  // left by a VF call a fault ended
        t.vf_before = core().stats;
        core().vf_latency = 0;
        core().vf_issue = 0;
    }
}

VfScope::~VfScope() noexcept(false) {
    Tracer& t = tracer();
    if (!t.enabled || t.vf_depth == 0) return;
    if (--t.vf_depth != 0 || std::uncaught_exceptions() != uncaught_) return;
    const Stats d = stats_delta(core().stats, t.vf_before);
    const CostTable& c = t.cost;
    // ATT's vector function (vf_perf_utils.cpp:132-149, 184-188): head + the largest latency +
    // the summed issue intervals of its register instructions; a SIMT call: its coalesced
    // requests and the DCache lines it fetched, at one core's measured SIMT GM rate (costs.py)
    const double simt_bytes = double(d.dcache_miss_lines) * c.dcache_line;
    const double cost = c.vf_head + double(core().vf_latency) + core().vf_issue +
                        double(d.simt_transactions) * c.simt_request + simt_bytes / c.simt_core_bytes_per_cycle;
    t.gm_bytes += uint64_t(simt_bytes);
    drain_vf_workspace(t, true);
    t.cur.swap(t.vf_ranges);
    t.vf_ranges.clear();
    trace_detail::commit(api_, kPipeV, false, cost);
}

// ---------------------------------------------------------------- synchronisation

namespace {
// "SRC_DST" names of AscendC::HardEvent; the pipes of a vector core (S, V, MTE2, MTE3), others kPipes.
const char* event_name(int e) {
    static const char* const names[] = {
        "MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1", "MTE2_V", "V_MTE2", "MTE3_V", "V_MTE3", "M_V", "V_M", "V_V",
        "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2", "V_MTE1", "M_FIX", "FIX_M", "MTE3_MTE2", "MTE2_MTE3",
        "S_V", "V_S", "S_MTE2", "MTE2_S", "S_MTE3", "MTE3_S", "MTE2_FIX", "FIX_MTE2", "FIX_S", "M_S", "FIX_MTE3"};
    static_assert(sizeof(names) / sizeof(names[0]) == size_t(AscendC::HardEvent::MAX), "one name per HardEvent");
    return names[size_t(e)];
}

uint8_t pipe_of(const char* name, size_t len) {
    const std::string s(name, len);
    return s == "S" ? kPipeS : s == "V" ? kPipeV : s == "MTE2" ? kPipeMte2 : s == "MTE3" ? kPipeMte3 : kPipes;
}

// Source and destination pipe of an event; a pipe outside the vector core is a fault. The
// pipes are read from the event's name ("MTE2_V": MTE2 -> V) once per event.
void event_pipes(const char* api, int e, uint8_t* src, uint8_t* dst) {
    struct Pipes {
        uint8_t src[size_t(AscendC::HardEvent::MAX)], dst[size_t(AscendC::HardEvent::MAX)];
        Pipes() {
            for (size_t k = 0; k < size_t(AscendC::HardEvent::MAX); ++k) {
                const char* name = event_name(int(k));
                const char* us = std::strchr(name, '_');
                src[k] = pipe_of(name, size_t(us - name));
                dst[k] = pipe_of(us + 1, std::strlen(us + 1));
            }
        }
    };
    static const Pipes pipes;
    *src = pipes.src[size_t(e)];
    *dst = pipes.dst[size_t(e)];
    if (*src == kPipes || *dst == kPipes) {
        fail(api, "event ", event_name(e), " involves a pipe that a vector core does not have");
    }
}
}  // namespace

void set_flag(int type, int32_t id) {
    uint8_t src, dst;
    event_pipes("SetFlag", type, &src, &dst);
    const char* event = event_name(type);
    Tracer& t = tracer();
    if (id < 0 || id >= kEventIds) {
        rules::violate("SetFlag", rules::rule::event_id, "SetFlag<", event, ">(", id, "): event id out of range [0, ",
                       kEventIds, ")");
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

void wait_flag(int type, int32_t id) {
    uint8_t src, dst;
    event_pipes("WaitFlag", type, &src, &dst);
    const char* event = event_name(type);
    Tracer& t = tracer();
    if (id < 0 || id >= kEventIds) {
        rules::violate("WaitFlag", rules::rule::event_id, "WaitFlag<", event, ">(", id, "): event id out of range [0, ",
                       kEventIds, ")");
    }
    FlagSlot& slot = t.flags[type][id];
    if (!slot.set) {
        fail("WaitFlag", "WaitFlag<", event, ">(", id, ") has no matching SetFlag: the device would hang");
    }
    trace_detail::acquire(t, dst, slot);
    trace_detail::sync_instr(t, "WaitFlag", dst, t.cost.flag);
}

void barrier_all() {
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

void barrier_pipe(uint8_t pipe) {
    Tracer& t = tracer();
    if (pipe >= kPipes) return;
    trace_detail::sync_instr(t, "PipeBarrier", pipe, t.cost.barrier);
}

void queue_sync(QueueOp op, QueueKind kind, int32_t buffer) {
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

// FetchEventID: the id AllocEventID would hand out, without holding it
// (docs/zh/api/SIMD-API/基础API/资源管理/TPipe/FetchEventID.md: "此接口不会申请TEventID").
int32_t fetch_event_id(int type) {
    Tracer& t = tracer();
    for (int32_t id = 0; id < kEventIds; ++id) {
        if (!(t.held[type] & (1u << id))) return id;
    }
    rules::violate("FetchEventID", rules::rule::event_id, "all ", kEventIds, " event ids of ", event_name(type),
                   " are held by AllocEventID");
}

// AllocEventID holds the id until ReleaseEventID (docs .../TPipe/AllocEventID.md).
int32_t alloc_event_id(int type) {
    Tracer& t = tracer();
    const int32_t id = fetch_event_id(type);
    t.held[type] = uint8_t(t.held[type] | (1u << id));
    return id;
}

void release_event_id(int type, int32_t id) {
    Tracer& t = tracer();
    if (id < 0 || id >= kEventIds || !(t.held[type] & (1u << id))) {
        fail("ReleaseEventID", "event id ", id, " of ", event_name(type), " is not held (AllocEventID first)");
    }
    t.held[type] = uint8_t(t.held[type] & ~(1u << id));
}

// ---------------------------------------------------------------- tensors and queues

void check_slice(uint64_t offset, uint64_t elements) {
    if (offset > elements) {
        fail("LocalTensor::operator[]", "slice offset ", offset, " is past the end of a ", elements, "-element tensor");
    }
}

void check_set_size(uint32_t size, uint64_t elements) {
    if (size > elements) {
        fail("LocalTensor::SetSize", "size ", size, " exceeds the ", elements, " elements the tensor was created over");
    }
}

namespace {
const char* position_name(uint8_t position) {
    static const char* const names[] = {"GM",  "A1",    "A2",     "B1",      "B2",  "C1",   "C2",        "CO1",
                                        "CO2", "VECIN", "VECOUT", "VECCALC", "SPM", "TSCM", "C2PIPE2GM", "C2PIPE2LOCAL"};
    return position < sizeof(names) / sizeof(names[0]) ? names[position] : "(invalid)";
}
}  // namespace

void check_vector_position(const char* api, uint8_t position) {
    using P = AscendC::TPosition;
    const P p = P(position);
    if (p != P::VECIN && p != P::VECOUT && p != P::VECCALC) {
        rules::violate(api, rules::rule::vector_position, "tensor position is ", position_name(position),
                       ", supported positions are VECIN/VECOUT/VECCALC");
    }
}

void check_ub_tensor(const char* api, uint64_t offset, uint64_t elements, uint64_t count, bool need_align,
                     uint8_t position) {
    check_vector_position(api, position);
    if (need_align && offset % kBlockBytes != 0) {
        rules::violate(api, rules::rule::vector_align, "misaligned UB address: byte offset ", offset,
                       " is not a multiple of 32 (slice at a 32-byte boundary)");
    }
    if (count > elements) {
        rules::violate(api, rules::rule::tensor_bounds, "accesses ", count, " elements of a ", elements,
                       "-element UB tensor");
    }
}

void scalar_ub(const char* api, uint64_t offset, uint64_t i, uint64_t elements, uint64_t elem_bytes, bool write) {
    if (i >= elements) fail(api, "index ", i, " out of range for ", elements, " elements");
    rec_scalar_ub(api, offset + i * elem_bytes, elem_bytes, write);
    if (write) {
        stats().scalar_set_value += 1;
    } else {
        stats().scalar_get_value += 1;
    }
}

void scalar_gm(const char* api, void* dst, const void* src, uint64_t bytes, int32_t owner, bool write) {
    rec_scalar_gm(api, write ? dst : src, bytes, write);
    if (write) {
        gm_write(api, dst, src, bytes, owner);
        stats().scalar_set_value += 1;
    } else {
        gm_read(api, dst, src, bytes, owner);
        stats().scalar_get_value += 1;
    }
}

void check_tbuf_get(uint32_t len, uint64_t elem_bytes, uint64_t bytes) {
    if (len == 0 || uint64_t(len) * elem_bytes % kBlockBytes != 0) {
        rules::violate("TBuf::Get", rules::rule::tbuf_get, len, " elements of ", elem_bytes, " bytes");
    }
    if (uint64_t(len) * elem_bytes > bytes) {
        rules::violate("TBuf::Get", rules::rule::tbuf_get, len, " elements exceed the ", bytes, "-byte buffer");
    }
}

void check_tbuf_offset(uint32_t len, uint32_t byte_offset, uint64_t elem_bytes, uint64_t bytes) {
    if (byte_offset % kBlockBytes != 0) {
        rules::violate("TBuf::GetWithOffset", rules::rule::tbuf_offset, "byte offset ", byte_offset,
                       " is not 32-byte aligned");
    }
    if (uint64_t(byte_offset) + uint64_t(len) * elem_bytes > bytes) {
        rules::violate("TBuf::GetWithOffset", rules::rule::tbuf_offset, len, " elements at byte ", byte_offset,
                       " exceed the ", bytes, "-byte buffer");
    }
}

namespace {
int32_t next_buffer_id() {  // queue buffer ids: unique per thread's simulator (ThreadSim)
    thread_local int32_t id = 0;
    return ++id;
}
}  // namespace

struct Queue::Impl {
    std::vector<uint64_t> buffers;
    std::vector<int32_t> ids;
    std::vector<bool> in_use;
    std::deque<int32_t> fifo;
    uint64_t bytes = 0;

    size_t find(const char* api, int32_t buffer) const {
        for (size_t i = 0; i < ids.size(); ++i) {
            if (ids[i] == buffer) return i;
        }
        fail(api, "tensor does not belong to this queue");
    }
};

Queue::Queue(const Queue& other) : impl_(other.impl_ ? new Impl(*other.impl_) : nullptr) {}

Queue& Queue::operator=(const Queue& other) {
    if (this != &other) {
        Impl* copy = other.impl_ ? new Impl(*other.impl_) : nullptr;
        delete impl_;
        impl_ = copy;
    }
    return *this;
}

Queue::~Queue() { delete impl_; }

void Queue::init(uint32_t num, uint32_t len) {
    if (impl_ == nullptr) impl_ = new Impl;
    Impl& q = *impl_;
    q.bytes = (uint64_t(len) + 31) / 32 * 32;
    for (uint32_t i = 0; i < num; ++i) {
        q.buffers.push_back(ub_reserve("TPipe::InitBuffer", q.bytes));
        q.ids.push_back(next_buffer_id());
        q.in_use.push_back(false);
    }
}

Queue::Slot Queue::alloc(QueueKind kind) {
    if (impl_ == nullptr || impl_->buffers.empty()) {
        fail("TQue::AllocTensor", "queue has no buffers (call pipe.InitBuffer first)");
    }
    Impl& q = *impl_;
    for (size_t i = 0; i < q.buffers.size(); ++i) {
        if (!q.in_use[i]) {
            q.in_use[i] = true;
            queue_sync(QueueOp::Alloc, kind, q.ids[i]);
            return {q.buffers[i], q.bytes, q.ids[i]};
        }
    }
    rules::violate("TQue::AllocTensor", rules::rule::tque_alloc_full, "all ", q.buffers.size(),
                   " buffers are in use (a FreeTensor is missing)");
}

void Queue::enque(const char* api, QueueKind kind, int32_t buffer, int32_t depth) {
    if (impl_ == nullptr) fail(api, "tensor does not belong to this queue");
    impl_->find(api, buffer);
    if (impl_->fifo.size() >= size_t(depth)) {
        rules::violate(api, rules::rule::tque_depth, "EnQue number ", impl_->fifo.size() + 1, " exceeds depth ",
                       depth, " (the device keeps only the last handle)");
    }
    queue_sync(QueueOp::EnQue, kind, buffer);
    impl_->fifo.push_back(buffer);
}

Queue::Slot Queue::deque(QueueKind kind) {
    if (impl_ == nullptr || impl_->fifo.empty()) {
        rules::violate("TQue::DeQue", rules::rule::tque_deque_empty, "queue is empty (DeQue without a matching EnQue)");
    }
    Impl& q = *impl_;
    const int32_t id = q.fifo.front();
    q.fifo.pop_front();
    queue_sync(QueueOp::DeQue, kind, id);
    for (size_t i = 0; i < q.ids.size(); ++i) {
        if (q.ids[i] == id) return {q.buffers[i], q.bytes, id};
    }
    fail("TQue::DeQue", "internal: unknown buffer");
}

void Queue::free(QueueKind kind, int32_t buffer) {
    if (impl_ == nullptr) fail("TQue::FreeTensor", "tensor does not belong to this queue");
    Impl& q = *impl_;
    const size_t i = q.find("TQue::FreeTensor", buffer);
    if (!q.in_use[i]) rules::violate("TQue::FreeTensor", rules::rule::tque_free_state, "buffer freed twice");
    q.in_use[i] = false;
    queue_sync(QueueOp::Free, kind, buffer);
}

// ---------------------------------------------------------------- DataCopy / DataCopyPad

namespace {
inline uint64_t align32(uint64_t n) { return (n + 31) / 32 * 32; }

void check_ub_span(const char* api, UbView t, uint64_t elem_bytes, uint64_t first_byte, uint64_t end_byte) {
    using P = AscendC::TPosition;
    if (P(t.position) != P::VECIN && P(t.position) != P::VECOUT && P(t.position) != P::VECCALC) {
        rules::violate(api, rules::rule::copy_position, "the local tensor's position is ", position_name(t.position));
    }
    if (t.offset % 32 != 0) {
        rules::violate(api, rules::rule::vector_align, "misaligned UB address: byte offset ", t.offset,
                       " is not 32-byte aligned");
    }
    if (end_byte > t.elements * elem_bytes) {
        rules::violate(api, rules::rule::tensor_bounds, "UB bytes [", first_byte, ", ", end_byte, ") exceed the ",
                       t.elements * elem_bytes, "-byte tensor");
    }
}

void check_count32(const char* api, uint32_t count, uint64_t elem_bytes, const char* hint) {
    if (uint64_t(count) * elem_bytes % 32 != 0) {
        rules::violate(api, rules::rule::copy_count_align, "count ", count, " x ", elem_bytes,
                       " bytes is not a multiple of 32", hint);
    }
}
}  // namespace

void copy_pad_gm_to_ub(UbView dst, GmView src, const AscendC::DataCopyExtParams& p, const PadSpec& pad,
                       uint64_t elem_bytes, bool compact) {
    const char* api = "DataCopyPad(GM->UB)";
    rules::check_copy_gm_to_ub(api, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
    stats().dma_calls += 1;
    if (p.blockCount == 0 || p.blockLen == 0) return;
    if (p.blockLen % elem_bytes != 0) {
        rules::violate(api, rules::rule::copy_block_align, "blockLen ", p.blockLen, " is not a multiple of sizeof(T) = ",
                       elem_bytes);
    }
    if (p.dstStride < 0) fail(api, "dstStride ", p.dstStride, " must be >= 0 (32-byte blocks)");
    if (pad.left * elem_bytes > 32 || pad.right * elem_bytes > 32) {
        rules::violate(api, rules::rule::copy_pad_side, "leftPadding ", int(pad.left), " and rightPadding ",
                       int(pad.right), " elements of ", elem_bytes, " bytes");
    }
    if (elem_bytes == 8) {  // the impl asserts it whether or not isPad is set
        uint64_t bits = 0;
        std::memcpy(&bits, pad.value, 8);
        if (bits != 0) rules::violate(api, rules::rule::copy_pad_b64, "a 64-bit padding value that is not 0");
    }
    const uint64_t pad_bytes = uint64_t(pad.left + pad.right) * elem_bytes;
    const uint64_t ub_step = !compact ? align32(uint64_t(p.dstStride) * 32 + p.blockLen + pad_bytes) : p.blockLen;
    const int64_t gm_step = p.srcStride + int64_t(p.blockLen);
    const uint64_t block_span = !compact ? align32(p.blockLen + pad_bytes) : p.blockLen;
    const uint64_t last_end =
        !compact ? ub_step * (p.blockCount - 1) + block_span : align32(uint64_t(p.blockLen) * p.blockCount);
    check_ub_span(api, dst, elem_bytes, 0, last_end);
    rec_dma(api, true, ub_bytes(dst.offset, dst.offset + last_end, true), src.ptr,
            uint64_t(std::max<int64_t>(gm_step * (p.blockCount - 1), 0)) + p.blockLen,
            DmaShape{p.blockCount, p.blockLen, p.srcStride, elem_bytes});
    uint8_t* ub = ub_base() + dst.offset;
    const uint8_t* gm = static_cast<const uint8_t*>(src.ptr);
    for (uint16_t b = 0; b < p.blockCount; ++b) {
        uint8_t* row = ub + ub_step * b;
        const uint64_t left = pad.left;
        gm_read(api, row + left * elem_bytes, gm + gm_step * b, p.blockLen, src.owner);
        if (!compact) {
            const uint64_t n = p.blockLen / elem_bytes;
            const uint64_t total = block_span / elem_bytes;
            // Left/right pads and the 32-byte tail: the pad value when isPad, otherwise the
            // hardware's dummy (the block's first element) -- never silently zero.
            uint8_t fill[8];
            std::memcpy(fill, pad.is_pad ? static_cast<const uint8_t*>(pad.value) : row + left * elem_bytes, elem_bytes);
            for (uint64_t i = 0; i < left; ++i) std::memcpy(row + i * elem_bytes, fill, elem_bytes);
            for (uint64_t i = left + n; i < total; ++i) std::memcpy(row + i * elem_bytes, fill, elem_bytes);
        }
    }
}

void copy_pad_ub_to_gm(GmView dst, UbView src, const AscendC::DataCopyExtParams& p, uint64_t elem_bytes, bool compact) {
    const char* api = "DataCopyPad(UB->GM)";
    rules::check_copy_ub_to_gm(api, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
    stats().dma_calls += 1;
    if (p.blockCount == 0 || p.blockLen == 0) return;
    if (p.srcStride < 0) fail(api, "srcStride ", p.srcStride, " must be >= 0 (32-byte blocks)");
    const uint64_t ub_step = !compact ? align32(p.blockLen) + uint64_t(p.srcStride) * 32 : p.blockLen;
    const int64_t gm_step = p.dstStride + int64_t(p.blockLen);
    check_ub_span(api, src, elem_bytes, 0, ub_step * (p.blockCount - 1) + p.blockLen);
    rec_dma(api, false, ub_bytes(src.offset, src.offset + ub_step * (p.blockCount - 1) + p.blockLen, false), dst.ptr,
            uint64_t(std::max<int64_t>(gm_step * (p.blockCount - 1), 0)) + p.blockLen,
            DmaShape{p.blockCount, p.blockLen, p.dstStride, elem_bytes});
    const uint8_t* ub = ub_base() + src.offset;
    uint8_t* gm = static_cast<uint8_t*>(const_cast<void*>(dst.ptr));
    for (uint16_t b = 0; b < p.blockCount; ++b) {
        gm_write(api, gm + gm_step * b, ub + ub_step * b, p.blockLen, dst.owner);
    }
}

void copy_gm_to_ub(UbView dst, GmView src, uint32_t count, uint64_t elem_bytes) {
    const char* api = "DataCopy(GM->UB)";
    stats().dma_calls += 1;
    check_count32(api, count, elem_bytes, " (use DataCopyPad)");
    const uint64_t bytes = uint64_t(count) * elem_bytes;
    check_ub_span(api, dst, elem_bytes, 0, bytes);
    rec_dma(api, true, ub_bytes(dst.offset, dst.offset + bytes, true), src.ptr, bytes, DmaShape{1, bytes, 0, elem_bytes});
    gm_read(api, ub_base() + dst.offset, src.ptr, bytes, src.owner);
}

void copy_ub_to_gm(GmView dst, UbView src, uint32_t count, uint64_t elem_bytes) {
    const char* api = "DataCopy(UB->GM)";
    stats().dma_calls += 1;
    check_count32(api, count, elem_bytes, " (use DataCopyPad)");
    const uint64_t bytes = uint64_t(count) * elem_bytes;
    check_ub_span(api, src, elem_bytes, 0, bytes);
    rec_dma(api, false, ub_bytes(src.offset, src.offset + bytes, false), dst.ptr, bytes, DmaShape{1, bytes, 0, elem_bytes});
    gm_write(api, const_cast<void*>(dst.ptr), ub_base() + src.offset, bytes, dst.owner);
}

void copy_ub_to_ub(UbView dst, UbView src, uint32_t count, uint64_t elem_bytes) {
    const char* api = "DataCopy(UB->UB)";
    stats().dma_calls += 1;
    check_count32(api, count, elem_bytes, "");
    const uint64_t bytes = uint64_t(count) * elem_bytes;
    check_ub_span(api, src, elem_bytes, 0, bytes);
    check_ub_span(api, dst, elem_bytes, 0, bytes);
    rec_ub_copy(api, ub_bytes(dst.offset, dst.offset + bytes, true), ub_bytes(src.offset, src.offset + bytes, false));
    std::memmove(ub_base() + dst.offset, ub_base() + src.offset, bytes);
}

// ---------------------------------------------------------------- SIMT

// A VF call's threads run as fibers, round robin, each up to kSimtQuantum GM
// accesses per turn: the device runs them side by side, and so the simulator touches GM
// near where the other threads just did (running each thread to its end would walk every
// array once per thread, missing the host's caches on every access), and the access record
// is accounted after every round in memory bounded by threads x quantum (SimtTrace). Kernels
// whose threads do not communicate through GM -- all that the device runs correctly without
// a barrier -- compute what they computed one thread after another; a fault is the one the
// lowest-numbered faulting thread raises, as when the threads ran in order.
namespace {
constexpr size_t kFiberStack = 256 * 1024;

// Switching fibers. swapcontext saves and restores the signal mask with a system call on
// every switch (about 400 ns, 8% of a 67 M-element SIMT gather); the fibers never change
// the mask, so on x86-64 a switch only saves the callee-saved registers, the SSE control
// word and the x87 control word on the old stack and loads the new stack pointer (System V
// ABI: everything else is caller-saved). Other hosts use ucontext.
#if defined(__x86_64__) && defined(__linux__)
#define ASCSIM_FAST_FIBERS 1
extern "C" void ascsim_fiber_switch(void** save_sp, void* load_sp);
extern "C" void ascsim_fiber_start();
asm(R"(
    .text
    .p2align 4
    .type ascsim_fiber_switch, @function
ascsim_fiber_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size ascsim_fiber_switch, .-ascsim_fiber_switch

    .p2align 4
    .type ascsim_fiber_start, @function
ascsim_fiber_start:
    movq %r12, %rdi
    callq *%r13
    ud2
    .size ascsim_fiber_start, .-ascsim_fiber_start
)");
#endif

struct Fiber {
#ifdef ASCSIM_FAST_FIBERS
    void* sp = nullptr;  // saved stack pointer while switched out
#else
    ucontext_t ctx;
#endif
    uint8_t* stack = nullptr;  // kFiberStack bytes above a guard page, inside SimtRun::stacks
    bool done = false;
    std::exception_ptr error;
};

// The fibers' stacks: one mapping of `count` (guard page + stack) slots, grown when a call
// has more threads and unmapped by release_simt_stacks() at the end of every launch
// (ascsim_release). Every kernel module links its own simulator, and a process loads many:
// stacks kept per module would pile up mappings until the kernel's map-count limit
// (vm.max_map_count) made every later mmap -- malloc's and thread stacks' too -- fail.
struct FiberStacks {
    uint8_t* base = nullptr;
    size_t bytes = 0;
    size_t count = 0;
};

struct SimtRun {
#ifdef ASCSIM_FAST_FIBERS
    void* scheduler_sp = nullptr;
#else
    ucontext_t scheduler;
#endif
    std::vector<Fiber> fibers;
    FiberStacks stacks;
    void (*body)(void*) = nullptr;
    void* closure = nullptr;
    int64_t running = -1;  // the fiber running now, -1 = the scheduler
};

void unmap_fiber_stacks(SimtRun& r);
}  // namespace

// One thread's simulator: what a launch reads and updates, from ascsim_reset to the last
// counter read (core.h t_core). Made on the thread's first call, freed at its end (the
// thread_local owner's destructor); the plain __thread pointers are what the accessors read.
struct ThreadSim {
    Core core;
    State state;
    Tracer tracer;
    SimtRun simt;
    ~ThreadSim() { unmap_fiber_stacks(simt); }
};

namespace {
__thread SimtRun* t_simt = nullptr;
thread_local std::unique_ptr<ThreadSim> t_owner;

SimtRun& simt_run_state() {
    if (__builtin_expect(t_simt == nullptr, 0)) make_thread_sim();
    return *t_simt;
}
}  // namespace

Core& make_thread_sim() {
    if (t_owner == nullptr) {
        t_owner = std::make_unique<ThreadSim>();
        t_core = &t_owner->core;
        t_state = &t_owner->state;
        t_tracer = &t_owner->tracer;
        t_simt = &t_owner->simt;
    }
    return *t_core;
}

namespace {

void run_fiber_body(Fiber* f) {
    try {
        simt_run_state().body(simt_run_state().closure);
    } catch (...) {
        f->error = std::current_exception();
    }
    f->done = true;
}

#ifdef ASCSIM_FAST_FIBERS
extern "C" [[noreturn]] void ascsim_fiber_main(Fiber* f) {
    run_fiber_body(f);
    SimtRun& r = simt_run_state();
    ascsim_fiber_switch(&f->sp, r.scheduler_sp);  // a finished fiber is never resumed
    __builtin_trap();
}

// The first switch to a fiber "returns" into ascsim_fiber_start with r12 = the fiber and
// r13 = ascsim_fiber_main, at a 16-byte aligned stack pointer (the call then aligns the
// callee's frame as the ABI wants); MXCSR and the x87 control word are the scheduler's.
void start_fiber(Fiber& f) {
    auto* top = reinterpret_cast<uint64_t*>(reinterpret_cast<uintptr_t>(f.stack + kFiberStack) & ~uintptr_t(15));
    uint64_t* sp = top - 8;  // [csr][r15][r14][r13][r12][rbx][rbp][return address]
    uint32_t csr[2];
    asm volatile("stmxcsr %0" : "=m"(csr[0]));
    asm volatile("fnstcw %0" : "=m"(csr[1]));
    std::memcpy(&sp[0], csr, sizeof(csr));
    sp[1] = 0;                                           // r15
    sp[2] = 0;                                           // r14
    sp[3] = reinterpret_cast<uint64_t>(&ascsim_fiber_main);  // r13
    sp[4] = reinterpret_cast<uint64_t>(&f);              // r12
    sp[5] = 0;                                           // rbx
    sp[6] = 0;                                           // rbp
    sp[7] = reinterpret_cast<uint64_t>(&ascsim_fiber_start);
    f.sp = sp;
}

inline void resume_fiber(SimtRun& r, Fiber& f) { ascsim_fiber_switch(&r.scheduler_sp, f.sp); }
#else
void fiber_main(unsigned lo, unsigned hi) {
    run_fiber_body(reinterpret_cast<Fiber*>((uintptr_t(hi) << 32) | uintptr_t(lo)));
}  // returning resumes uc_link: the scheduler

void start_fiber(Fiber& f) {
    getcontext(&f.ctx);
    f.ctx.uc_stack.ss_sp = f.stack;
    f.ctx.uc_stack.ss_size = kFiberStack;
    f.ctx.uc_link = &simt_run_state().scheduler;
    const auto addr = uintptr_t(&f);
    makecontext(&f.ctx, reinterpret_cast<void (*)()>(fiber_main), 2, unsigned(addr & 0xffffffffu),
                unsigned(addr >> 32));
}

inline void resume_fiber(SimtRun& r, Fiber& f) { swapcontext(&r.scheduler, &f.ctx); }
#endif

void unmap_fiber_stacks(SimtRun& r) {
    if (r.stacks.base != nullptr) munmap(r.stacks.base, r.stacks.bytes);
    r.stacks = FiberStacks{};
    for (Fiber& f : r.fibers) f.stack = nullptr;
}

// Stacks for n fibers (no fiber is live between calls, so a smaller mapping is replaced).
void reserve_fiber_stacks(SimtRun& r, size_t n) {
    if (r.stacks.count >= n) return;
    unmap_fiber_stacks(r);
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    const size_t slot = kFiberStack + page;
    void* p = mmap(nullptr, slot * n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) fail("Simt::VF_CALL", "cannot map the stacks of ", n, " SIMT threads");
    r.stacks = FiberStacks{static_cast<uint8_t*>(p), slot * n, n};
    for (size_t t = 0; t < n; ++t) {
        uint8_t* guard = r.stacks.base + t * slot;
        mprotect(guard, page, PROT_NONE);  // a stack overflow faults instead of corrupting memory
        r.fibers[t].stack = guard + page;
    }
}

void simt_yield() {
    SimtRun& r = simt_run_state();
    Fiber& f = r.fibers[size_t(r.running)];
#ifdef ASCSIM_FAST_FIBERS
    ascsim_fiber_switch(&f.sp, r.scheduler_sp);
#else
    swapcontext(&f.ctx, &r.scheduler);
#endif
}

// One lane's GM access of element i through the kernel's pointer `base`, out of line: what
// gm_read/gm_write (bounds of base's argument, copy, counters), vf_gm_access (the workspace
// record of the VF) and the coalescing record do, with one buffer lookup. Inside a VF call the
// pointer then gets a port (core.h SimtPort), so that the next in-bounds accesses through it
// are taken inline by simt.h; GM buffers do not change while a call runs.
// `local` is the lane's value: read into, or written from.
void simt_access(const char* api, void* local, const void* base, int64_t i, uint64_t bytes, bool write) {
    const char* what = write ? "write" : "read";
    int64_t off;
    if (__builtin_mul_overflow(i, int64_t(bytes), &off)) {
        fail(api, "GM ", what, " of element ", i, ": its byte offset overflows int64");
    }
    const auto* gm = reinterpret_cast<const uint8_t*>(reinterpret_cast<uintptr_t>(base) + uint64_t(off));
    const int32_t owner = find_gm_index(base);
    const GmBuffer* b = owner < 0 ? nullptr : &state().gm[size_t(owner)];
    int64_t at = -1;
    if (b != nullptr && __builtin_add_overflow(int64_t(static_cast<const uint8_t*>(base) - b->base), off, &at)) at = -1;
    if (b == nullptr || at < 0 || uint64_t(at) + bytes > b->bytes) {
        check_gm(api, gm, bytes, what, owner);  // the fault's message
        fail(api, "GM ", what, " of element ", i, " out of bounds of ", b == nullptr ? "every argument" : b->name.c_str());
    }
    if (write && b->read_only) write_to_input(api, owner);
    if (write) {
        copy_bytes(const_cast<uint8_t*>(gm), local, bytes);
    } else {
        copy_bytes(local, gm, bytes);
    }
    Core& c = core();
    (write ? c.stats.gm_write_bytes : c.stats.gm_read_bytes) += bytes;
    Tracer& t = tracer();
    const bool marked = owner == t.ws_owner && t.enabled && t.vf_depth > 0;
    if (marked) vf_gm_access(gm, bytes, write);
    if (!c.in_simt) return;
    c.stats.simt_gm_bytes += bytes;
    // Lines are counted from the buffer's start: device GM allocations are line aligned,
    // host numpy arrays need not be (the counters must not depend on malloc).
    const uint64_t tag = uint64_t(owner + 1) << 40;
    const int64_t offset = int64_t(static_cast<const uint8_t*>(base) - b->base);
    if (c.simt_ports < kSimtPorts && offset % int64_t(bytes) == 0) {
        SimtPort& port = c.simt_port[c.simt_ports++];
        port = SimtPort{};
        port.pointer = base;
        port.buffer = const_cast<uint8_t*>(b->base);
        port.elem = bytes;
        port.first = uint64_t(-(offset / int64_t(bytes)));
        port.count = b->bytes / bytes;
        port.tag = tag;
        port.writable = !b->read_only;
        port.marked = marked;
        if (marked) {
            for (int w = 0; w < 2; ++w) port.marks[w] = t.vf_ws[w].window(b->bytes);
        }
    }
    simt_record(c, tag | (uint64_t(at) / kDcacheLineBytes));
}
}  // namespace

void simt_gm_read(const char* api, void* dst, const void* base, int64_t i, uint64_t bytes) {
    simt_access(api, dst, base, i, bytes, false);
}

void simt_gm_write(const char* api, const void* base, int64_t i, const void* src, uint64_t bytes) {
    simt_access(api, const_cast<void*>(src), base, i, bytes, true);
}

void simt_quantum_end() {
    if (simt_run_state().running < 0) fail("Simt::VF_CALL", "internal: a SIMT access record outside a thread");
    simt_yield();
}

void simt_begin(int64_t n) {
    rules::check_simt_ub("Simt::VF_CALL");
    if (n < 1 || n > 2048) fail("Simt::VF_CALL", "thread count ", n, " must be in [1, 2048]");
}

void simt_run(int64_t n, void (*body)(void*), void* closure) {
    Core& c = core();
    State& s = state();
    SimtRun& r = simt_run_state();
    c.stats.vf_calls += 1;
    c.simt_threads = n;
    c.in_simt = true;
    c.simt_ports = 0;
    s.simt_trace.begin(uint32_t(n));
    if (r.fibers.size() < size_t(n)) r.fibers.resize(size_t(n));
    reserve_fiber_stacks(r, size_t(n));
    r.body = body;
    r.closure = closure;
    for (int64_t t = 0; t < n; ++t) {
        Fiber& f = r.fibers[size_t(t)];
        start_fiber(f);
        f.done = false;
        f.error = nullptr;
    }
    // Threads at or above `limit` are not run any more: a lower thread faulted, and in order
    // they would never have started.
    int64_t limit = n;
    for (bool alive = true; alive;) {
        alive = false;
        for (int64_t t = 0; t < limit; ++t) {
            Fiber& f = r.fibers[size_t(t)];
            if (f.done) continue;
            c.simt_thread = t;
            s.simt_trace.resume(c, uint32_t(t));
            r.running = t;
            resume_fiber(r, f);
            r.running = -1;
            s.simt_trace.suspend(c, uint32_t(t));
            if (f.error) {
                limit = t;
                break;
            }
            alive = alive || !f.done;
        }
        if (limit == n) {
            s.simt_trace.account_round(s.dcache, c.stats, [&s](uint64_t line) {
                const int32_t arg = int32_t(line >> 40) - 1;  // the tag of simt_access's ports
                const uint64_t at = (line & ((uint64_t(1) << 40) - 1)) * kDcacheLineBytes;
                if (arg >= 0 && size_t(arg) < s.gm.size()) {
                    tracer().footprint.touch(arg, s.gm[size_t(arg)].bytes, at, at + kDcacheLineBytes);
                }
            });
        } else {
            s.simt_trace.discard_round();  // the call ends in a fault: only room for the next round
        }
    }
    c.in_simt = false;
    for (uint32_t k = 0; k < c.simt_ports; ++k) {  // the accesses simt.h took inline
        const SimtPort& port = c.simt_port[k];
        c.stats.gm_read_bytes += port.reads * port.elem;
        c.stats.gm_write_bytes += port.writes * port.elem;
        c.stats.simt_gm_bytes += (port.reads + port.writes) * port.elem;
    }
    c.simt_ports = 0;
    c.simt_slot = c.simt_end = nullptr;
    c.simt_thread = 0;
    c.simt_threads = 1;
    if (limit < n) {
        std::exception_ptr error = r.fibers[size_t(limit)].error;
        r.fibers[size_t(limit)].error = nullptr;
        s.simt_trace.clear();
        std::rethrow_exception(error);
    }
    c.stats.simt_threads += uint64_t(n);
}

void release_simt_stacks() {
    SimtRun& r = simt_run_state();
    unmap_fiber_stacks(r);
    std::vector<Fiber>().swap(r.fibers);
}

}  // namespace ascsim

// ---------------------------------------------------------------- register helpers

namespace AscendC {
namespace Reg {
namespace detail {

void check_ub(const char* api, const uint8_t* q, uint64_t bytes, bool need_align) {
    const uint8_t* base = ascsim::ub_base();
    uint64_t cap = ascsim::core().ub_capacity;
    if (q < base || q + bytes > base + cap) {
        ascsim::fail(api, "address is outside the unified buffer (", cap, " bytes)");
    }
    if (need_align && uint64_t(q - base) % 32 != 0) {
        ascsim::fail(api, "misaligned UB address: byte offset ", uint64_t(q - base), " is not 32-byte aligned");
    }
}

void load_norm(const uint8_t* q, uint8_t* out) {
    check_ub("LoadAlign", q, kVL, true);
    ascsim::vf_ub_access("LoadAlign", q, kVL, false);
    std::memcpy(out, q, kVL);
    ascsim::stats().ub_read_bytes += kVL;
    count(ascsim::costs::vec_kind("Load"), 0);  // every element type: 0/0 (costs.py)
}

void store_norm(uint8_t* q, const uint8_t* in, const MaskReg& mask, uint32_t elem_bytes) {
    check_ub("StoreAlign", q, kVL, true);
    const uint32_t lanes = kVL / elem_bytes;
    // only the lanes the mask selects are written (the record: their span)
    if (ascsim::tracer().enabled) {
        if (mask.bits.all()) {  // the common case: a whole register
            ascsim::vf_ub_access("StoreAlign", q, uint64_t(lanes) * elem_bytes, true);
        } else {
            uint32_t first = lanes, end = 0;
            for (uint32_t i = 0; i < lanes; ++i) {
                if (mask.bits[i * elem_bytes]) {
                    first = std::min(first, i);
                    end = i + 1;
                }
            }
            if (end > first) ascsim::vf_ub_access("StoreAlign", q + first * elem_bytes, (end - first) * elem_bytes, true);
        }
    }
    if (mask.bits.all()) {
        std::memcpy(q, in, uint64_t(lanes) * elem_bytes);
        ascsim::stats().ub_write_bytes += uint64_t(lanes) * elem_bytes;
    } else {
        for (uint32_t i = 0; i < lanes; ++i) {
            if (!mask.bits[i * elem_bytes]) continue;
            std::memcpy(q + i * elem_bytes, in + i * elem_bytes, elem_bytes);
            ascsim::stats().ub_write_bytes += elem_bytes;
        }
    }
    const uint32_t bit = elem_bytes == 1   ? ascsim::rules::elem_bit<uint8_t>()
                         : elem_bytes == 2 ? ascsim::rules::elem_bit<uint16_t>()
                         : elem_bytes == 4 ? ascsim::rules::elem_bit<uint32_t>()
                                           : ascsim::rules::elem_bit<uint64_t>();
    count(ascsim::costs::vec_kind("Store"), bit);  // the Store rows depend on the width only
}

}  // namespace detail
}  // namespace Reg

namespace detail {
// One add of the device in T: the exact sum (double holds the sum of two halves or floats
// exactly when their exponents are close, and rounds once to double otherwise) rounded to T.
template <typename T>
T add_in(T a, T b) {
    return T(double(ascsim::compute_t<T>(a)) + double(ascsim::compute_t<T>(b)));
}

// Binary-tree sum of v[0..n) in T, adjacent pairs first (data1+data2, data3+data4, ...),
// padded with zeros to a power of two: the order of ReduceDataBlock / ReduceSum within a
// repeat (docs/zh/api/SIMD-API/基础API/Memory矢量计算/归约计算/ReduceDataBlock.md, 关键特性说明).
template <typename T>
T tree_sum(std::vector<T> v) {
    if (v.empty()) return T(0.0f);
    size_t n = 1;
    while (n < v.size()) n *= 2;
    v.resize(n, T(0.0f));
    for (; n > 1; n /= 2) {
        for (size_t i = 0; i < n / 2; ++i) v[i] = add_in(v[2 * i], v[2 * i + 1]);
    }
    return v[0];
}

// ReduceSum of count elements on the 950 (ReduceSum.md, 关键特性说明): every add is in T. Each
// 256-byte repeat is summed as a binary tree; the repeats' results are then summed as a
// binary tree (方式二), except for 256..1024 bytes of data, whose repeats are first added lane
// by lane into one repeat, which is then summed as a tree (方式三).
template <typename T>
T device_sum(const T* x, uint32_t count) {
    const uint32_t per_repeat = uint32_t(ascsim::kVectorBytes / sizeof(T));
    const uint64_t bytes = uint64_t(count) * sizeof(T);
    const uint32_t repeats = (count + per_repeat - 1) / per_repeat;
    if (bytes >= 256 && bytes <= 1024) {
        std::vector<T> lanes(x, x + per_repeat);
        for (uint32_t r = 1; r < repeats; ++r) {
            for (uint32_t j = 0; j < per_repeat && r * per_repeat + j < count; ++j) {
                lanes[j] = add_in(lanes[j], x[r * per_repeat + j]);
            }
        }
        return tree_sum(std::move(lanes));
    }
    std::vector<T> partial;
    for (uint32_t r = 0; r < repeats; ++r) {
        const uint32_t first = r * per_repeat, n = std::min(per_repeat, count - first);
        partial.push_back(tree_sum(std::vector<T>(x + first, x + first + n)));
    }
    return tree_sum(std::move(partial));
}
template half device_sum<half>(const half*, uint32_t);
template bfloat16_t device_sum<bfloat16_t>(const bfloat16_t*, uint32_t);
template float device_sum<float>(const float*, uint32_t);
}  // namespace detail

// ---------------------------------------------------------------- instantiations

#undef ASCSIM_EXTERN_OR_NOT
#define ASCSIM_EXTERN_OR_NOT
ASCSIM_ELEMENT_TYPES(ASCSIM_VECTOR_T, )

namespace Reg {
ASCSIM_ELEMENT_TYPES(ASCSIM_REG_T, )
}  // namespace Reg

}  // namespace AscendC
