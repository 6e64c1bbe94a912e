// ascsim core: errors, GM buffer registry with bounds checks, per-core UB arena, counters,
// and the block loop that stands in for a <<<block_dim, ...>>> launch.
// Header-only C++17; shared state uses inline variables so every TU sees one copy.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <list>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "fault.h"

namespace ascsim {

// A simulator fault. `api` names the AscendC call that detected it. Thrown by
// ascsim::fail (fault.h) through raise_fault (abi.cpp).
struct Fault : std::exception {
    std::string message;
    Fault(const std::string& api, const std::string& what) : message(api + ": " + what) {}
    const char* what() const noexcept override { return message.c_str(); }
};

struct Stats {
    uint64_t gm_read_bytes = 0;
    uint64_t gm_write_bytes = 0;
    uint64_t dma_calls = 0;
    uint64_t vector_instructions = 0;
    uint64_t scalar_get_value = 0;
    uint64_t scalar_set_value = 0;
    uint64_t peak_ub_bytes = 0;
    uint64_t blocks = 0;
    uint64_t simt_threads = 0;
    uint64_t vf_calls = 0;
    uint64_t ub_read_bytes = 0;   // UB bytes read by vector instructions (operands x bytes)
    uint64_t ub_write_bytes = 0;  // UB bytes written by vector instructions
    uint64_t launches = 0;             // kernel launches (stage kernels launch one each)
    uint64_t simt_gm_bytes = 0;        // GM bytes SIMT lanes load/store element by element
    uint64_t simt_transactions = 0;    // warp memory requests after coalescing (distinct lines)
    uint64_t dcache_miss_lines = 0;    // of those, DCache lines fetched from GM (misses)
};
static_assert(sizeof(Stats) % sizeof(uint64_t) == 0, "Stats is a flat array of uint64_t counters");

// Counters of one block: the per-core view the cost model takes its critical path from.
inline Stats stats_delta(const Stats& after, const Stats& before) {
    Stats d;
    auto* a = reinterpret_cast<const uint64_t*>(&after);
    auto* b = reinterpret_cast<const uint64_t*>(&before);
    auto* o = reinterpret_cast<uint64_t*>(&d);
    for (size_t i = 0; i < sizeof(Stats) / sizeof(uint64_t); ++i) o[i] = a[i] - b[i];
    return d;
}

struct BlockRecord {
    uint32_t launch;
    uint32_t block;
    Stats delta;
};

// SIMT memory model (docs: a warp is 32 threads; the DCache line is 64 bytes, see
// DataCacheCleanAndInvalid; the template reserves 32 KB of DCache, seed 001). The
// simulator runs threads one after another, so it records each access with the thread's
// access number and replays them in warp lockstep when the VF call ends: a warp's
// accesses with the same number coalesce into one request per distinct line, and each
// line goes through an LRU DCache of this core.
constexpr uint64_t kWarpThreads = 32;
constexpr uint64_t kDcacheLineBytes = 64;
constexpr uint64_t kDcacheLines = 32 * 1024 / kDcacheLineBytes;

class Dcache {
  public:
    bool access(uint64_t line) {  // true on a hit
        auto it = index_.find(line);
        if (it != index_.end()) {
            lru_.splice(lru_.begin(), lru_, it->second);
            return true;
        }
        lru_.push_front(line);
        index_[line] = lru_.begin();
        if (lru_.size() > kDcacheLines) {
            index_.erase(lru_.back());
            lru_.pop_back();
        }
        return false;
    }
    void clear() {
        lru_.clear();
        index_.clear();
    }

  private:
    std::list<uint64_t> lru_;
    std::unordered_map<uint64_t, std::list<uint64_t>::iterator> index_;
};

// One VF call's SIMT accesses, replayed in warp lockstep in linear time and memory linear in
// the coalesced requests: the threads run in order, so a warp's accesses are complete when the
// next warp starts; they are bucketed by access number (a counting sort), each bucket's lines
// made unique (a warp request), and the requests kept; at the end of the call the requests are
// ordered by access number, warps in order (a stable counting sort), and go through the DCache.
// The order is: access number, then warp, then line -- the lockstep order of the device.
class SimtTrace {
  public:
    void record(uint32_t thread, uint32_t seq, uint64_t line) {
        const uint64_t warp = thread / kWarpThreads;
        if (warp != warp_ && !warp_seq_.empty()) flush_warp();
        warp_ = warp;
        warp_seq_.push_back(seq);
        warp_line_.push_back(line);
    }

    void account(Dcache& dcache, Stats& stats) {
        flush_warp();
        std::vector<uint64_t> start(size_t(max_seq_) + 2, 0);
        for (uint32_t q : req_seq_) start[size_t(q) + 1] += 1;
        for (size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
        std::vector<uint64_t> ordered(req_line_.size());
        for (size_t i = 0; i < req_line_.size(); ++i) ordered[start[req_seq_[i]]++] = req_line_[i];
        stats.simt_transactions += ordered.size();
        for (uint64_t line : ordered) {
            if (!dcache.access(line)) stats.dcache_miss_lines += 1;
        }
        clear();
    }

    void clear() {
        warp_seq_.clear();
        warp_line_.clear();
        std::vector<uint32_t>().swap(req_seq_);
        std::vector<uint64_t>().swap(req_line_);
        max_seq_ = 0;
    }

  private:
    void flush_warp() {
        if (warp_seq_.empty()) return;
        uint32_t top = 0;
        for (uint32_t q : warp_seq_) top = q > top ? q : top;
        max_seq_ = top > max_seq_ ? top : max_seq_;
        std::vector<uint32_t> start(size_t(top) + 2, 0);
        for (uint32_t q : warp_seq_) start[size_t(q) + 1] += 1;
        for (size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
        std::vector<uint64_t> lines(warp_line_.size());
        std::vector<uint32_t> fill(start.begin(), start.end() - 1);
        for (size_t i = 0; i < warp_seq_.size(); ++i) lines[fill[warp_seq_[i]]++] = warp_line_[i];
        for (uint32_t q = 0; q <= top; ++q) {  // one request per distinct line of access q
            auto first = lines.begin() + start[q], last = lines.begin() + start[size_t(q) + 1];
            std::sort(first, last);  // at most one entry per thread of the warp
            for (auto it = first; it != last; ++it) {
                if (it == first || *it != *(it - 1)) {
                    req_seq_.push_back(q);
                    req_line_.push_back(*it);
                }
            }
        }
        warp_seq_.clear();
        warp_line_.clear();
    }

    uint64_t warp_ = 0;
    std::vector<uint32_t> warp_seq_;   // the running warp's accesses, in thread order
    std::vector<uint64_t> warp_line_;
    std::vector<uint32_t> req_seq_;    // coalesced requests of the finished warps, warp order
    std::vector<uint64_t> req_line_;
    uint32_t max_seq_ = 0;
};

struct GmBuffer {
    const uint8_t* base;
    uint64_t bytes;
    std::string name;
};

constexpr uint64_t kVectorBytes = 256;  // one vector register / repeat
constexpr uint64_t kBlockBytes = 32;    // UB block and alignment unit

struct State {
    std::vector<GmBuffer> gm;
    Stats stats;
    std::string error;
    uint64_t ub_capacity = 248 * 1024;
    std::vector<uint8_t> ub;  // this core's unified buffer
    uint64_t ub_used = 0;      // bytes handed out by TPipe::InitBuffer
    int64_t block_idx = 0;
    int64_t block_num = 1;
    int64_t simt_thread = 0;
    int64_t simt_threads = 1;
    bool in_simt = false;
    uint32_t simt_seq = 0;                 // accesses of the running SIMT thread so far
    SimtTrace simt_trace;                  // this VF call's accesses
    Dcache dcache;                         // this core's
    std::vector<BlockRecord> block_log;    // one record per block of every launch
};

inline State& state() {
    static State s;
    return s;
}

inline Stats& stats() { return state().stats; }

// ------------------------------------------------------------------ GM registry

inline int32_t find_gm_index(const void* p) {
    auto* q = static_cast<const uint8_t*>(p);
    const auto& gm = state().gm;
    for (size_t i = 0; i < gm.size(); ++i) {
        if (q >= gm[i].base && q < gm[i].base + gm[i].bytes) return int32_t(i);
    }
    return -1;
}

// Check that [p, p + bytes) lies inside GM buffer `owner` (the buffer the tensor or
// pointer was created from; -2 = look it up from p). A pointer that strays into a
// neighbouring buffer is still out of bounds of its own.
inline void check_gm(const char* api, const void* p, uint64_t bytes, const char* what, int32_t owner = -2) {
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

inline void gm_read(const char* api, void* dst, const void* src, uint64_t bytes, int32_t owner = -2) {
    check_gm(api, src, bytes, "read", owner);
    std::memcpy(dst, src, bytes);
    stats().gm_read_bytes += bytes;
}

inline void gm_write(const char* api, void* dst, const void* src, uint64_t bytes, int32_t owner = -2) {
    check_gm(api, dst, bytes, "write", owner);
    std::memcpy(dst, src, bytes);
    stats().gm_write_bytes += bytes;
}

// ------------------------------------------------------------------------- UB

inline uint8_t* ub_base() { return state().ub.data(); }

// Reserve `bytes` (rounded up to 32) of this core's UB; fails when it does not fit.
inline uint64_t ub_reserve(const char* api, uint64_t bytes) {
    State& s = state();
    uint64_t rounded = (bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
    if (s.ub_used + rounded > s.ub_capacity) {
        fail(api, "UB overflow: ", rounded, " more bytes requested with ", s.ub_used, " of ",
             s.ub_capacity, " bytes already in use");
    }
    uint64_t offset = s.ub_used;
    s.ub_used += rounded;
    if (s.ub_used > s.stats.peak_ub_bytes) s.stats.peak_ub_bytes = s.ub_used;
    return offset;
}

inline void ub_release_all() { state().ub_used = 0; }

inline uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// Vector instructions for `bytes` of data: one per 256-byte repeat (at least one).
inline void count_vector(uint64_t bytes, uint64_t reads = 1, uint64_t writes = 1) {
    stats().ub_read_bytes += bytes * reads;
    stats().ub_write_bytes += bytes * writes;
    stats().vector_instructions += bytes == 0 ? 1 : ceil_div(bytes, kVectorBytes);
}

// ------------------------------------------------------------------- launches

inline void trace_begin_block();                               // trace.h
inline void trace_end_block(uint32_t launch, uint32_t block);  // trace.h

// Run `kernel` once per block, as the device runs one core per block. Faults stop the
// launch and are kept for the host (ascsim_last_error), never thrown across the C ABI.
template <typename Kernel, typename... Args>
inline void launch(uint32_t block_dim, void* /*l2ctrl*/, void* /*stream*/, Kernel kernel, Args... args) {
    State& s = state();
    if (!s.error.empty()) return;
    try {
        const auto launch_no = uint32_t(s.stats.launches);
        s.stats.launches += 1;
        for (uint32_t b = 0; b < block_dim; ++b) {
            s.block_idx = b;
            s.block_num = block_dim;
            ub_release_all();
            std::memset(s.ub.data(), 0xA5, s.ub.size());  // stale UB is garbage, not zeros
            s.dcache.clear();
            const Stats before = s.stats;
            trace_begin_block();
            kernel(args...);
            trace_end_block(launch_no, b);
            s.stats.blocks += 1;
            s.block_log.push_back({launch_no, b, stats_delta(s.stats, before)});
        }
    } catch (const Fault& f) {
        detail::Message m;
        m << f.what() << " (block " << s.block_idx << " of " << block_dim << ")";
        s.error = m.c_str();
    } catch (const std::exception& e) {
        s.error = std::string("simulator: ") + e.what();
    }
    s.block_idx = 0;
}

}  // namespace ascsim
