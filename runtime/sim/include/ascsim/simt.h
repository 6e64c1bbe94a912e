// SIMT VF functions: the launch runs every thread of the block in turn, each with its own
// GetThreadIdx(). GM is reached through raw __gm__ pointers; autofuse's helper header
// routes those accesses through ascsim::gm_load/gm_store so that they are bounds-checked.
#pragma once

#include <cstdint>

#include "core.h"
#include "trace.h"

namespace ascsim {
struct Dim3 {
    uint32_t x = 1, y = 1, z = 1;
    Dim3(uint32_t x_ = 1, uint32_t y_ = 1, uint32_t z_ = 1) : x(x_), y(y_), z(z_) {}
};

// sim.cpp: one SIMT lane's GM access of `bytes` at p (bounds, workspace record, coalescing
// record); the checks before a VF_CALL of n threads; running its n threads, body(closure)
// each (interleaved, see sim.cpp), with their accounting.
// `base` is the pointer the kernel indexes (its GM argument decides the bounds: an index that
// strays into a neighbouring argument is still out of bounds of its own).
void simt_gm_read(const char* api, void* dst, const void* base, const void* p, uint64_t bytes);
void simt_gm_write(const char* api, const void* base, void* p, const void* src, uint64_t bytes);
void simt_begin(int64_t n);
void simt_run(int64_t n, void (*body)(void*), void* closure);

// Element i of the GM buffer that base pointer p points into.
template <typename T>
inline T gm_load(const char* api, const T* p, int64_t i) {
    T v;
    simt_gm_read(api, &v, p, p + i, sizeof(T));
    return v;
}

template <typename T>
inline void gm_store(const char* api, T* p, int64_t i, T v) {
    simt_gm_write(api, p, p + i, &v, sizeof(T));
}
}  // namespace ascsim

namespace AscendC {
namespace Simt {
using Dim3 = ascsim::Dim3;

template <int dim = 0>
inline uint32_t GetThreadIdx() { return dim == 0 ? uint32_t(ascsim::core().simt_thread) : 0u; }
template <int dim = 0>
inline uint32_t GetThreadNum() { return dim == 0 ? uint32_t(ascsim::core().simt_threads) : 1u; }
inline uint32_t GetBlockIdx() { return uint32_t(ascsim::core().block_idx); }
inline uint32_t GetBlockNum() { return uint32_t(ascsim::core().block_num); }

template <auto fn, typename... Args>
inline void VF_CALL(Dim3 threads, Args&&... args) {
    const int64_t n = int64_t(threads.x) * threads.y * threads.z;
    ascsim::simt_begin(n);
    ascsim::VfScope vf_scope("Simt::VF_CALL");
    auto body = [&]() { fn(args...); };
    using Body = decltype(body);
    ascsim::simt_run(n, [](void* b) { (*static_cast<Body*>(b))(); }, &body);
}
}  // namespace Simt
}  // namespace AscendC
