// ascsim core: counters, the per-core state kernels read directly, GM bounds checks, the
// per-core UB arena, and the block loop that stands in for a <<<block_dim, ...>>> launch.
//
// Kernel translation units see declarations and tiny accessors only: everything else is
// compiled once per toolchain in runtime/sim/sim.cpp (the simulator object every kernel
// links), so that a new kernel compiles its own code and little more.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "fault.h"

namespace ascsim {

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

constexpr uint64_t kVectorBytes = 256;  // one vector register / repeat
constexpr uint64_t kBlockBytes = 32;    // UB block and alignment unit

// Bytes marked in a bitmap (bit b of word b / 64 = byte b) and the span [*lo, *hi) the marks
// lie in: a view of the workspace record of an open VF call (ByteMarks, internal.h), whose
// bitmap already covers every byte that may be marked.
struct MarkWindow {
    uint64_t* bits = nullptr;
    uint64_t* lo = nullptr;
    uint64_t* hi = nullptr;
};

inline void mark_bytes(const MarkWindow& w, uint64_t lo, uint64_t hi) {  // bytes [lo, hi)
    if (hi <= lo) return;
    if (lo < *w.lo) *w.lo = lo;
    if (hi > *w.hi) *w.hi = hi;
    for (uint64_t b = lo; b < hi;) {
        const uint64_t first = b % 64, n = hi - b < 64 - first ? hi - b : 64 - first;
        w.bits[b / 64] |= (n == 64 ? ~uint64_t(0) : ((uint64_t(1) << n) - 1)) << first;
        b += n;
    }
}

// The DCache line SIMT accesses coalesce into (asc-devkit docs DataCacheCleanAndInvalid: a
// 64-byte line; the memory model is in internal.h).
constexpr uint64_t kDcacheLineBytes = 64;

// A kernel pointer the running SIMT VF call's threads reach GM through, as the first access
// through it found it (sim.cpp simt_access): the kernel argument it points into, seen as an
// array of its element type (element k of the array is element k + first of the pointer),
// the tag of that argument's DCache lines and what else an access must do. A VF call starts
// with none; kernel code (simt.h) takes the accesses through a known pointer inline, and
// counts them here (simt_run adds them to Stats when the call ends).
struct SimtPort {
    const void* pointer = nullptr;
    uint8_t* buffer = nullptr;  // the argument's first byte
    uint64_t elem = 0;          // element size of the accesses
    uint64_t first = 0;         // the pointer's index of the argument's first element (<= 0), as uint64_t
    uint64_t count = 0;         // the argument's whole elements
    uint64_t tag = 0;           // (argument index + 1) << 40: the high bits of its line numbers
    uint64_t reads = 0, writes = 0;  // accesses taken inline
    bool writable = false;      // not a kernel input
    bool marked = false;        // the traced workspace: accesses are marked in `marks`
    MarkWindow marks[2];        // [read, written]
};
constexpr uint32_t kSimtPorts = 8;

// The vector mask register (SetVectorMask: maskHigh, maskLow) and the counter-mode bit
// (CTRL[56], SetMaskCount/SetMaskNorm) the Level-0 APIs read (level0.h). Every block starts
// in normal mode with all lanes on (sim.cpp launch_blocks).
struct VectorMask {
    uint64_t high = ~uint64_t(0);
    uint64_t low = ~uint64_t(0);
    bool counter = false;
};

// The part of one simulated core's state that kernel code reads and updates inline (block
// indices, counters, the UB arena, the running SIMT thread's access record). The rest (GM
// buffers, traces, caches) lives in sim.cpp.
struct Core {
    Stats stats;
    uint8_t* ub = nullptr;  // this core's unified buffer (ub_capacity bytes)
    uint64_t ub_capacity = 248 * 1024;
    uint64_t ub_used = 0;  // bytes handed out by TPipe::InitBuffer
    int64_t tpipe_buffers = 0;  // TPipe buffers since no UB was reserved (rules.h check_buffer_count)
    int64_t block_idx = 0;
    int64_t block_num = 1;
    int64_t simt_thread = 0;
    int64_t simt_threads = 1;
    bool in_simt = false;
    // The running SIMT thread's access record (SimtTrace, internal.h): the slot its next
    // access's line goes to, the distance to the slot after it, and the slot past its quantum.
    uint64_t* simt_slot = nullptr;
    uint64_t* simt_end = nullptr;
    uint64_t simt_stride = 0;
    uint32_t simt_ports = 0;  // entries of simt_port in use
    SimtPort simt_port[kSimtPorts];
    // The open VF call's cost so far (costs.h: ATT's max latency plus summed issue intervals
    // of its register instructions), reset when a VF call opens.
    float vf_latency = 0;
    double vf_issue = 0;
    VectorMask vmask;
};

// The simulator's state belongs to the thread that runs a launch (sim.cpp, ThreadSim):
// every call of the C ABI for one run -- reset, registering GM, the launch, reading the
// counters -- comes from one thread, so launches of one kernel module from several threads
// at once never share a core, a UB or a record (the launch runs without the GIL). Hidden:
// each kernel module has its own. `__thread` (a plain pointer, no TLS wrapper); a thread's
// simulator is made on its first use and freed when the thread ends.
extern __thread Core* t_core __attribute__((visibility("hidden")));
Core& make_thread_sim();

inline Core& core() {
    Core* c = t_core;
    return __builtin_expect(c != nullptr, 1) ? *c : make_thread_sim();
}
inline Stats& stats() { return core().stats; }

// A register instruction's cost (costs::vec_cost) added to the open VF call's.
template <typename C>
inline void vf_instruction(const C& cost) {
    Core& c = core();
    if (cost.latency > c.vf_latency) c.vf_latency = cost.latency;
    c.vf_issue += cost.throughput;
}

// A fault whose message is formatted as printf does (integers and strings read exactly as
// ascsim::fail's parts would); defined in sim.cpp.
[[noreturn]] void faultf(const char* api, const char* format, ...) __attribute__((format(printf, 2, 3)));

// ------------------------------------------------------------------ GM registry

// The kernel argument p points into, or -1.
int32_t find_gm_index(const void* p);

// Check that [p, p + bytes) lies inside GM buffer `owner` (the buffer the tensor or
// pointer was created from; -2 = look it up from p). A pointer that strays into a
// neighbouring buffer is still out of bounds of its own.
void check_gm(const char* api, const void* p, uint64_t bytes, const char* what, int32_t owner = -2);
void gm_read(const char* api, void* dst, const void* src, uint64_t bytes, int32_t owner = -2);
void gm_write(const char* api, void* dst, const void* src, uint64_t bytes, int32_t owner = -2);

// ------------------------------------------------------------------------- UB

inline uint8_t* ub_base() { return core().ub; }

// Reserve `bytes` (rounded up to 32) of this core's UB; fails when it does not fit.
uint64_t ub_reserve(const char* api, uint64_t bytes);

inline void ub_release_all() { core().ub_used = 0; }

inline uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// Vector instructions for `bytes` of data: one per 256-byte repeat (at least one).
inline void count_vector(uint64_t bytes, uint64_t reads = 1, uint64_t writes = 1) {
    Stats& s = core().stats;
    s.ub_read_bytes += bytes * reads;
    s.ub_write_bytes += bytes * writes;
    s.vector_instructions += bytes == 0 ? 1 : ceil_div(bytes, kVectorBytes);
}

// ------------------------------------------------------------------- launches

// Run run(kernel) once per block, as the device runs one core per block. Faults stop the
// launch and are kept for the host (ascsim_last_error), never thrown across the C ABI.
void launch_blocks(uint32_t block_dim, void (*run)(void*), void* kernel);

// The same for a kernel declared __mix__ (runtime/launch_rewrite.py tells them apart): its
// blocks run side by side as fibers, so that they can wait for each other at SyncAll.
void launch_blocks_mix(uint32_t block_dim, void (*run)(void*), void* kernel);

template <typename Kernel, typename... Args>
inline void launch(uint32_t block_dim, void* /*l2ctrl*/, void* /*stream*/, Kernel kernel, Args... args) {
    auto call = [&]() { kernel(args...); };
    using Call = decltype(call);
    launch_blocks(block_dim, [](void* c) { (*static_cast<Call*>(c))(); }, &call);
}

template <typename Kernel, typename... Args>
inline void launch_mix(uint32_t block_dim, void* /*l2ctrl*/, void* /*stream*/, Kernel kernel, Args... args) {
    auto call = [&]() { kernel(args...); };
    using Call = decltype(call);
    launch_blocks_mix(block_dim, [](void* c) { (*static_cast<Call*>(c))(); }, &call);
}

}  // namespace ascsim
