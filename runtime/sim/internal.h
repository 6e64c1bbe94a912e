// The simulator's own state: what sim.cpp and abi.cpp share and kernels never see (kernel
// code reaches it through the functions core.h and trace.h declare).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <map>
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

// Counters of two runs one after the other (a block's added to its launch's): sums, but the
// peak UB use is the larger peak.
inline Stats stats_sum(const Stats& x, const Stats& y) {
    Stats d;
    auto* a = reinterpret_cast<const uint64_t*>(&x);
    auto* b = reinterpret_cast<const uint64_t*>(&y);
    auto* o = reinterpret_cast<uint64_t*>(&d);
    for (size_t i = 0; i < sizeof(Stats) / sizeof(uint64_t); ++i) o[i] = a[i] + b[i];
    d.peak_ub_bytes = std::max(x.peak_ub_bytes, y.peak_ub_bytes);
    return d;
}

struct BlockRecord {
    uint32_t launch;
    uint32_t block;
    Stats delta;
};

// SIMT memory model (docs: a warp is 32 threads; the DCache line is 64 bytes, see
// DataCacheCleanAndInvalid; the template reserves 32 KB of DCache, seed 001). Each access of
// a thread has a number (its first access is 0); the device runs a warp's threads in
// lockstep, so a warp's accesses with the same number coalesce into one request per distinct
// line, and the requests go, by access number, then warp, then line, through an LRU DCache of
// this core (kDcacheLineBytes: core.h).
constexpr uint64_t kWarpThreads = 32;
constexpr uint64_t kDcacheLines = 32 * 1024 / kDcacheLineBytes;

// A fully associative LRU cache of kDcacheLines lines: an open-addressing index (linear
// probing, backward-shift deletion) over a fixed array of nodes in a doubly linked recency
// list -- no allocation per access.
class Dcache {
  public:
    Dcache() { clear(); }

    bool access(uint64_t line) {  // true on a hit
        if (head_ != kNone && node_[head_].line == line) return true;  // already the most recent
        size_t h = home(line);
        while (slot_[h] != kNone) {
            const uint32_t k = slot_[h];
            if (node_[k].line == line) {
                unlink(k);
                push_front(k);
                return true;
            }
            h = (h + 1) & kMask;
        }
        uint32_t k;
        if (size_ < kDcacheLines) {
            k = uint32_t(size_++);
        } else {  // evict the least recently used line
            k = tail_;
            unlink(k);
            erase(node_[k].line);
        }
        node_[k].line = line;
        push_front(k);
        h = home(line);
        while (slot_[h] != kNone) h = (h + 1) & kMask;
        slot_[h] = k;
        return false;
    }

    void clear() {
        for (auto& s : slot_) s = kNone;
        head_ = tail_ = kNone;
        size_ = 0;
    }

  private:
    static constexpr uint32_t kNone = ~uint32_t(0);
    static constexpr size_t kSlots = 4 * kDcacheLines;  // a power of two, load <= 1/4
    static constexpr size_t kMask = kSlots - 1;
    struct Node {
        uint64_t line;
        uint32_t prev, next;
    };
    static size_t home(uint64_t line) { return size_t((line * 0x9E3779B97F4A7C15ull) >> 40) & kMask; }
    void unlink(uint32_t k) {
        Node& n = node_[k];
        if (n.prev != kNone) node_[n.prev].next = n.next; else head_ = n.next;
        if (n.next != kNone) node_[n.next].prev = n.prev; else tail_ = n.prev;
    }
    void push_front(uint32_t k) {
        node_[k].prev = kNone;
        node_[k].next = head_;
        if (head_ != kNone) node_[head_].prev = k;
        head_ = k;
        if (tail_ == kNone) tail_ = k;
    }
    void erase(uint64_t line) {
        size_t h = home(line);
        while (node_[slot_[h]].line != line) h = (h + 1) & kMask;
        size_t hole = h;
        for (size_t j = (hole + 1) & kMask; slot_[j] != kNone; j = (j + 1) & kMask) {
            const size_t want = home(node_[slot_[j]].line);
            // move slot j into the hole unless its home lies cyclically in (hole, j]
            const bool stays = hole <= j ? (hole < want && want <= j) : (hole < want || want <= j);
            if (!stays) {
                slot_[hole] = slot_[j];
                hole = j;
            }
        }
        slot_[hole] = kNone;
    }

    uint32_t slot_[kSlots];
    Node node_[kDcacheLines];
    uint32_t head_ = kNone, tail_ = kNone;
    size_t size_ = 0;
};

// The accesses of one SIMT VF call, accounted in rounds (sim.cpp simt_run): the threads run
// interleaved, each up to kSimtQuantum accesses per round, so after a round every access
// numbered below the round's end is known; the round's accesses are then coalesced per warp
// and access number and replayed through the DCache in the device's order (access number,
// warp, line). Memory: kSimtQuantum lines per thread, whatever the call's length.
constexpr uint32_t kSimtQuantum = 256;

class SimtTrace {
  public:
    void begin(uint32_t threads) {
        threads_ = threads;
        lines_.assign(size_t(threads) * kSimtQuantum, 0);
        count_.assign(threads, 0);
    }

    // Where thread t's next accesses go (core.h Core::simt_slot): the record is [access of
    // this round][thread], so they are `threads` slots apart, up to its quantum's end.
    void resume(Core& c, uint32_t t) {
        uint64_t* mine = lines_.data() + t;
        c.simt_slot = mine + size_t(count_[t]) * threads_;
        c.simt_end = mine + size_t(kSimtQuantum) * threads_;
        c.simt_stride = threads_;
    }
    void suspend(const Core& c, uint32_t t) {
        count_[t] = uint32_t(size_t(c.simt_slot - (lines_.data() + t)) / threads_);
    }

    // `miss(line)`: a line the DCache fetched from GM (its tag: the argument index + 1 above
    // bit 40, the line below).
    template <typename Miss>
    void account_round(Dcache& dcache, Stats& stats, Miss miss) {
        const size_t threads = count_.size();
        const size_t warps = (threads + kWarpThreads - 1) / kWarpThreads;
        // The fewest and most accesses of each warp's threads this round: below the fewest
        // every thread of the warp has an access (the common case: read it in place), at
        // or above the most none has.
        lo_.assign(warps, kSimtQuantum);
        hi_.assign(warps, 0u);
        uint32_t most = 0;
        for (size_t t = 0; t < threads; ++t) {
            const size_t w = t / kWarpThreads;
            lo_[w] = std::min(lo_[w], count_[t]);
            hi_[w] = std::max(hi_[w], count_[t]);
            most = std::max(most, count_[t]);
        }
        uint64_t warp[kWarpThreads];
        for (uint32_t q = 0; q < most; ++q) {
            const uint64_t* row = lines_.data() + size_t(q) * threads;
            for (size_t w = 0; w < warps; ++w) {
                if (q >= hi_[w]) continue;
                const size_t first = w * kWarpThreads;
                const size_t last = std::min(threads, first + kWarpThreads);
                const uint64_t* lines = row + first;
                size_t m = last - first;
                if (q >= lo_[w]) {  // some threads of the warp are done: gather the others
                    m = 0;
                    for (size_t t = first; t < last; ++t) {
                        if (count_[t] > q) warp[m++] = row[t];
                    }
                    lines = warp;
                }
                // one request per distinct line, in line order (a warp's lines mostly come
                // in order already): one branch-free pass finds whether they do and where
                // each new line starts (bit i: lines[i] differs from lines[i - 1])
                uint32_t starts = 0;
                if (!starts_in_order(lines, m, starts)) {
                    if (lines != warp) std::copy(lines, lines + m, warp);
                    std::sort(warp, warp + m);
                    lines = warp;
                    starts_in_order(lines, m, starts);
                }
                stats.simt_transactions += uint64_t(__builtin_popcount(starts));
                for (; starts != 0; starts &= starts - 1) {
                    const uint64_t line = lines[__builtin_ctz(starts)];
                    if (!dcache.access(line)) {
                        stats.dcache_miss_lines += 1;
                        miss(line);
                    }
                }
            }
        }
        std::fill(count_.begin(), count_.end(), 0u);
    }

    void discard_round() { std::fill(count_.begin(), count_.end(), 0u); }

    void clear() {
        std::vector<uint64_t>().swap(lines_);
        std::vector<uint32_t>().swap(count_);
    }

  private:
    static_assert(kWarpThreads <= 32, "a warp's line starts are the bits of a uint32_t");
    // Whether lines[0, m) are in order; `starts` gets a bit for each i where a new line starts.
    static bool starts_in_order(const uint64_t* lines, size_t m, uint32_t& starts) {
        if (m == 0) return true;
        uint32_t bits = 1, down = 0;
        for (size_t i = 1; i < m; ++i) {
            bits |= uint32_t(lines[i] != lines[i - 1]) << i;
            down |= uint32_t(lines[i] < lines[i - 1]);
        }
        starts = bits;
        return down == 0;
    }

    size_t threads_ = 0;
    std::vector<uint64_t> lines_;  // [access of this round][thread]
    std::vector<uint32_t> count_;  // accesses of each thread this round
    std::vector<uint32_t> lo_, hi_;  // account_round: per warp, the fewest / most accesses
};

struct GmBuffer {
    const uint8_t* base;
    uint64_t bytes;
    std::string name;
    bool read_only = false;  // a kernel input: a write to it is a fault
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

// This thread's (see t_core in core.h); hidden: each kernel module has its own.
extern __thread State* t_state __attribute__((visibility("hidden")));
inline State& state() {
    if (__builtin_expect(t_state == nullptr, 0)) make_thread_sim();
    return *t_state;
}

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

// A granule's last write and last read per pipe, as indices into Tracer::accesses (0: none).
// One Access is recorded per range of an instruction; the granules it covers share it.
struct Granule {
    uint32_t write = 0;
    uint32_t read[kPipes] = {};
};

inline bool same_granule(const Granule& a, const Granule& b) {
    if (a.write != b.write) return false;
    for (uint8_t p = 0; p < kPipes; ++p) {
        if (a.read[p] != b.read[p]) return false;
    }
    return true;
}

// The workspace's granules as runs [first, end) of granules in the same state: a granule not
// in any run was never accessed in this block. An instruction over a large range leaves one
// run, so memory follows the number of distinct accesses, not the workspace's size.
class GranuleRuns {
  public:
    struct Run {
        uint64_t end;
        Granule g;
    };
    using Map = std::map<uint64_t, Run>;

    void clear() { runs_.clear(); }

    template <typename F>
    void for_each(F f) {
        for (auto& [first, run] : runs_) f(run.g);
    }

    // The runs overlapping granules [first, end), in order.
    Map::iterator begin_at(uint64_t first) {
        auto it = runs_.upper_bound(first);
        if (it != runs_.begin()) {
            auto prev = std::prev(it);
            if (prev->second.end > first) return prev;
        }
        return it;
    }
    Map::iterator end() { return runs_.end(); }

    // Make [first, end) a union of whole runs (never-accessed granules get a fresh run),
    // returning the first of them.
    Map::iterator cover(uint64_t first, uint64_t end) {
        split(first);
        split(end);
        uint64_t at = first;
        auto it = runs_.lower_bound(first);
        while (at < end) {
            if (it == runs_.end() || it->first > at) {  // a gap up to the next run (or end)
                const uint64_t stop = it == runs_.end() ? end : std::min(end, it->first);
                it = runs_.emplace_hint(it, at, Run{stop, Granule{}});
            }
            at = it->second.end;
            ++it;
        }
        return runs_.find(first);
    }

    // Join equal neighbours among the runs overlapping [first - 1, end + 1).
    void merge(uint64_t first, uint64_t end) {
        auto it = begin_at(first == 0 ? 0 : first - 1);
        while (it != runs_.end() && it->first <= end) {
            auto next = std::next(it);
            if (next == runs_.end() || next->first > end) break;
            if (next->first == it->second.end && same_granule(it->second.g, next->second.g)) {
                it->second.end = next->second.end;
                runs_.erase(next);
            } else {
                it = next;
            }
        }
    }

  private:
    void split(uint64_t at) {  // a run containing `at` strictly inside becomes two
        auto it = begin_at(at);
        if (it == runs_.end() || it->first >= at || it->second.end <= at) return;
        Run tail = it->second;
        it->second.end = at;
        runs_.emplace_hint(std::next(it), at, tail);
    }

    Map runs_;
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

// The bytes of one kind of access (read or write) a VF call made to the workspace, one bit a
// byte: a VF's lanes reach the workspace element by element, in any order, and the call is
// recorded as the maximal runs of the bytes it touched -- in memory an eighth of the
// workspace's size, whatever the number of accesses.
class ByteMarks {
  public:
    void mark(uint64_t lo, uint64_t hi) { mark_bytes(window(hi), lo, hi); }  // bytes [lo, hi)

    // The marks as kernel code updates them inline (core.h): the bitmap then covers bytes
    // [0, bytes) and is not reallocated until clear().
    MarkWindow window(uint64_t bytes) {
        if (bits_.size() * 64 < bytes) bits_.resize((bytes + 63) / 64, 0);
        return {bits_.data(), &lo_, &hi_};
    }

    // emit(lo, hi) for each maximal run of marked bytes, in order; then nothing is marked.
    template <typename F>
    void drain(F emit) {
        if (hi_ <= lo_) return;
        const uint64_t none = ~uint64_t(0);
        uint64_t start = none;
        for (uint64_t word = lo_ / 64; word <= (hi_ - 1) / 64; ++word) {
            uint64_t w = bits_[word];
            bits_[word] = 0;
            if (w == ~uint64_t(0)) {
                if (start == none) start = word * 64;
                continue;
            }
            for (uint64_t b = 0; b < 64; ++b) {
                const bool on = (w >> b) & 1u;
                if (on && start == none) start = word * 64 + b;
                if (!on && start != none) {
                    emit(start, word * 64 + b);
                    start = none;
                }
                if (!on && (w >> b) == 0) break;  // no more marked bytes in this word
            }
        }
        if (start != none) emit(start, ((hi_ - 1) / 64 + 1) * 64);
        lo_ = none;
        hi_ = 0;
    }

    void clear() {
        std::vector<uint64_t>().swap(bits_);
        lo_ = ~uint64_t(0);
        hi_ = 0;
    }

  private:
    std::vector<uint64_t> bits_;
    uint64_t lo_ = ~uint64_t(0), hi_ = 0;
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
    uint64_t gm_bytes;        // GM bytes this block moved (DataCopy, SIMT DCache lines, scalar)
};

// What one launch moved in GM, chip-wide: every byte, and its footprint (the distinct
// cache lines it touched) -- the chip's shared bandwidths bound the launch by these
// (the timeline in runtime/kernel.py: HBM for the footprint when it fits L2, L2 for all).
struct LaunchTraffic {
    uint64_t gm_bytes = 0;
    uint64_t footprint_bytes = 0;
};

// The cache lines (costs.h kCacheLineBytes) of each GM argument a launch touched.
class Footprint {
  public:
    void begin(size_t args) {
        lines_.assign(args, {});
        bytes_ = 0;
    }
    // Bytes [lo, hi) of argument `arg` of `arg_bytes` bytes.
    void touch(int32_t arg, uint64_t arg_bytes, uint64_t lo, uint64_t hi) {
        if (arg < 0 || size_t(arg) >= lines_.size() || hi <= lo) return;
        std::vector<uint64_t>& bits = lines_[size_t(arg)];
        const uint64_t line = uint64_t(costs::kCacheLineBytes);
        if (bits.empty()) bits.assign(size_t((arg_bytes + line - 1) / line / 64 + 1), 0);
        for (uint64_t l = lo / line, end = (hi + line - 1) / line; l < end; ++l) {
            uint64_t& w = bits[size_t(l / 64)];
            const uint64_t b = uint64_t(1) << (l % 64);
            if ((w & b) == 0) {
                w |= b;
                bytes_ += line;
            }
        }
    }
    uint64_t bytes() const { return bytes_; }
    void release() { std::vector<std::vector<uint64_t>>().swap(lines_); }

  private:
    std::vector<std::vector<uint64_t>> lines_;
    uint64_t bytes_ = 0;
};

// One launch's record across its blocks (sim.cpp launch_blocks, launch_blocks_mix): the
// cores of a launch run concurrently, so two blocks touching one workspace byte, one of them
// writing, race unless a SyncAll lies between them (SyncAll.md: the hard sync is a PIPE_ALL
// barrier on every core before the cross-core flag, dav_3510 kernel_operator_sync_impl.h
// SyncAllImpl). A phase is the number of SyncAll calls a block has passed + 1 (0 = never).
// Per 32-byte granule, while one block has touched it in its phase: that block and the bytes
// it wrote and read; once a second block touches it in the same phase, a record per byte.
struct CrossCore {
    static constexpr uint32_t kManyBlocks = ~uint32_t(0);
    struct ByteRecord {
        uint32_t w_phase = 0, w_block = 0;
        uint32_t r_phase = 0, r_block = 0;  // kManyBlocks: more than one block read it
    };
    struct WsGranule {
        uint32_t phase = 0, block = 0;
        uint32_t written = 0, read = 0;  // byte masks
        int32_t bytes = -1;              // its per-byte records in `fine`, once shared
    };
    bool mix = false;  // a __mix__ kernel: its blocks run as fibers and may call SyncAll
    bool abort = false;  // a block faulted: the blocks waiting at a SyncAll unwind
    uint32_t block_dim = 1;
    uint64_t release = 0;  // cycle the last SyncAll let every block go on (0 before the first)
    std::vector<WsGranule> ws;
    std::vector<std::array<ByteRecord, 32>> fine;
};

// What the record keeps for the block that runs: its race detector's shadow memory, its
// pipes' clocks and times, flags, queues, the open VF call and its log. A launch of a
// cross-core kernel (launch_blocks_mix) keeps one per block and swaps it in when the block
// runs; every other launch reuses the one of the Tracer.
struct BlockTrace {
    uint32_t gen = 0;
    std::vector<Access> accesses = std::vector<Access>(1);  // [0] is "none"; what the granules refer to, this block
    size_t accesses_live = 1;      // accesses.size() after the last compaction
    std::vector<Granule> ub;
    GranuleRuns ws;  // the workspace buffer's granules
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
    ByteMarks vf_ws[2];  // the open VF call's workspace bytes: read, written
    Stats vf_before;
    std::vector<Range> cur;
    uint32_t line = 0;  // source line of the current instruction, if the caller set it
    std::vector<LogEntry> log;
    uint64_t block_log_begin = 0;
    // this block's GM bytes and whether its MTE2 / MTE3 have started (their heads, costs.h)
    uint64_t gm_bytes = 0;
    bool mte2_started = false, mte3_started = false;
    uint32_t barriers = 0;  // SyncAll calls this block has passed (its phase of the launch)
};

struct Tracer : BlockTrace {
    bool enabled = true;
    bool keep_log = false;
    CostTable cost;
    std::vector<BlockTimeline> blocks;
    std::vector<LaunchTraffic> launches;  // per launch since the last reset
    Footprint footprint;                  // the current launch's
    std::unordered_map<const char*, int> kinds;  // vector API name -> cost-table kind
    CrossCore* cross = nullptr;  // the running cross-core launch's barrier and workspace record
    uint32_t core_num = 0;  // the vector cores the run's host tiling was given (0: the cost table's)
};

extern __thread Tracer* t_tracer __attribute__((visibility("hidden")));
inline Tracer& tracer() {
    if (__builtin_expect(t_tracer == nullptr, 0)) make_thread_sim();
    return *t_tracer;
}

// Forget every block's timeline and log (ascsim_reset).
void trace_reset();
// Give back the memory of the record (ascsim_release): a process loads many kernel
// modules, each with its own simulator, and an idle one should hold nothing.
void trace_release();
// Unmap the SIMT fibers' stacks (ascsim_release).
void release_simt_stacks();

}  // namespace ascsim
