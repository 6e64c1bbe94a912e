// SIMT VF functions: the launch runs every thread of the block in turn, each with its own
// GetThreadIdx(). GM is reached through raw __gm__ pointers; autofuse's helper header
// routes those accesses through ascsim::gm_load/gm_store so that they are bounds-checked.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

#include "core.h"
#include "rules.h"
#include "trace.h"

namespace ascsim {
struct Dim3 {
    uint32_t x = 1, y = 1, z = 1;
    Dim3(uint32_t x_ = 1, uint32_t y_ = 1, uint32_t z_ = 1) : x(x_), y(y_), z(z_) {}
};

inline void simt_record(const void* addr, uint64_t bytes) {
    State& s = state();
    if (!s.in_simt) return;
    s.stats.simt_gm_bytes += bytes;
    // Lines are counted from the buffer's start: device GM allocations are line aligned,
    // host numpy arrays need not be (the counters must not depend on malloc).
    const int32_t owner = find_gm_index(addr);
    const auto* p = static_cast<const uint8_t*>(addr);
    const uint64_t rel = owner < 0 ? 0 : uint64_t(p - s.gm[size_t(owner)].base);
    const uint64_t line = (uint64_t(owner + 1) << 40) | (rel / kDcacheLineBytes);
    s.simt_trace.record(uint32_t(s.simt_thread), s.simt_seq++, line);
}

// Replay the VF call's accesses in warp lockstep (core.h SimtTrace): coalescing, then DCache.
inline void simt_account() {
    State& s = state();
    s.simt_trace.account(s.dcache, s.stats);
}

// Element i of the GM buffer that base pointer p points into.
template <typename T>
inline T gm_load(const char* api, const T* p, int64_t i) {
    T v;
    gm_read(api, &v, p + i, sizeof(T), find_gm_index(p));
    vf_gm_access(p + i, sizeof(T), false);
    simt_record(p + i, sizeof(T));
    return v;
}

template <typename T>
inline void gm_store(const char* api, T* p, int64_t i, T v) {
    gm_write(api, p + i, &v, sizeof(T), find_gm_index(p));
    vf_gm_access(p + i, sizeof(T), true);
    simt_record(p + i, sizeof(T));
}
}  // namespace ascsim

namespace AscendC {
namespace Simt {
using Dim3 = ascsim::Dim3;

template <int dim = 0>
inline uint32_t GetThreadIdx() { return dim == 0 ? uint32_t(ascsim::state().simt_thread) : 0u; }
template <int dim = 0>
inline uint32_t GetThreadNum() { return dim == 0 ? uint32_t(ascsim::state().simt_threads) : 1u; }
inline uint32_t GetBlockIdx() { return uint32_t(ascsim::state().block_idx); }
inline uint32_t GetBlockNum() { return uint32_t(ascsim::state().block_num); }

template <auto fn, typename... Args>
inline void VF_CALL(Dim3 threads, Args&&... args) {
    ascsim::rules::check_simt_ub("Simt::VF_CALL");
    ascsim::State& s = ascsim::state();
    const int64_t n = int64_t(threads.x) * threads.y * threads.z;
    if (n < 1 || n > 2048) ascsim::fail("Simt::VF_CALL", "thread count ", n, " must be in [1, 2048]");
    ascsim::VfScope vf_scope("Simt::VF_CALL");
    s.stats.vf_calls += 1;
    s.simt_threads = n;
    s.in_simt = true;
    for (int64_t t = 0; t < n; ++t) {
        s.simt_thread = t;
        s.simt_seq = 0;
        fn(args...);
    }
    s.in_simt = false;
    ascsim::simt_account();
    s.stats.simt_threads += uint64_t(n);
    s.simt_thread = 0;
    s.simt_threads = 1;
}
}  // namespace Simt
}  // namespace AscendC
