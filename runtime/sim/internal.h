// The simulator's own state: what sim.cpp and abi.cpp share and kernels never see (kernel
// code reaches it through the functions core.h and trace.h declare).
#pragma once

#include <cstdint>
#include <exception>
#include <list>
#include <string>
#include <unordered_map>
#include <vector>

#include "kernel_operator.h"

namespace ascsim {

// A simulator fault. `api` names the AscendC call that detected it. Thrown by
// ascsim::fail (fault.h) through raise_fault (abi.cpp).
struct Fault : std::exception {
    std::string message;
    Fault(const std::string& api, const std::string& what) : message(api + ": " + what) {}
    const char* what() const noexcept override { return message.c_str(); }
};

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

// The rest of a core's state (core.h Core holds what kernels read inline).
struct State {
    std::vector<GmBuffer> gm;
    std::string error;
    std::vector<uint8_t> ub;             // backs Core::ub
    SimtTrace simt_trace;                // this VF call's accesses
    Dcache dcache;                       // this core's
    std::vector<BlockRecord> block_log;  // one record per block of every launch
};

State& state();

// ------------------------------------------------------------------ trace (sim.cpp)

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

Tracer& tracer();

// Forget every block's timeline and log (ascsim_reset).
void trace_reset();

}  // namespace ascsim
