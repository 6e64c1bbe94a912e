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

// sim.cpp: one SIMT lane's GM access of element i (`bytes` wide) through the kernel pointer
// `base` -- bounds, workspace record, coalescing record, and a port for the pointer (below);
// the end of the running thread's quantum (the fiber yields to the scheduler); the checks
// before a VF_CALL of n threads; running its n threads, body(closure) each (interleaved, see
// sim.cpp), with their accounting.
// `base` decides the bounds: an index that strays into a neighbouring argument is still out
// of bounds of its own.
void simt_gm_read(const char* api, void* dst, const void* base, int64_t i, uint64_t bytes);
void simt_gm_write(const char* api, const void* base, int64_t i, const void* src, uint64_t bytes);
void simt_quantum_end();
void simt_begin(int64_t n);
void simt_run(int64_t n, void (*body)(void*), void* closure);

// The common case inline: an in-bounds access through a pointer of this VF call that was
// seen before, with the element type it was seen with. It does what the out-of-line path
// does -- counters, workspace marks, the access's DCache line in the thread's record -- with
// the values the port keeps. The port of `base` and the access's byte offset in its
// argument; nullptr when the slow path must decide (a new pointer, an index out of bounds).
template <typename T>
inline SimtPort* simt_port_of(Core& c, const void* base, int64_t i, uint64_t& at) {
    SimtPort* const end = c.simt_port + c.simt_ports;
    for (SimtPort* port = c.simt_port; port != end; ++port) {
        if (port->pointer != base) continue;
        const uint64_t k = uint64_t(i) - port->first;  // modulo 2^64: in [0, count) iff in bounds
        if (port->elem != sizeof(T) || k >= port->count) return nullptr;
        at = k * sizeof(T);
        return port;
    }
    return nullptr;
}

// The running thread's next access touches DCache line `line`; a full quantum yields.
inline void simt_record(Core& c, uint64_t line) {
    uint64_t* slot = c.simt_slot;
    *slot = line;
    slot += c.simt_stride;
    c.simt_slot = slot;
    if (slot == c.simt_end) simt_quantum_end();
}

template <typename T>
inline void simt_note(Core& c, const SimtPort& port, uint64_t at, bool write) {
    if (port.marked) mark_bytes(port.marks[write ? 1 : 0], at, at + sizeof(T));
    simt_record(c, port.tag | (at / kDcacheLineBytes));
}

// The out-of-line read with its own local: the inline path's value never has its address
// taken, so the compiler keeps it in a register.
template <typename T>
inline T simt_read_slow(const char* api, const T* p, int64_t i) {
    T v;
    simt_gm_read(api, &v, p, i, sizeof(T));
    return v;
}

// Element i of the GM buffer that base pointer p points into.
template <typename T>
inline T gm_load(const char* api, const T* p, int64_t i) {
    Core& c = core();
    uint64_t at;
    SimtPort* port = simt_port_of<T>(c, p, i, at);
    if (port == nullptr) return simt_read_slow(api, p, i);
    T v;
    std::memcpy(&v, port->buffer + at, sizeof(T));
    port->reads += 1;
    simt_note<T>(c, *port, at, false);
    return v;
}

template <typename T>
inline void gm_store(const char* api, T* p, int64_t i, T v) {
    Core& c = core();
    uint64_t at;
    SimtPort* port = simt_port_of<T>(c, p, i, at);
    if (port == nullptr || !port->writable) {
        simt_gm_write(api, p, i, &v, sizeof(T));
        return;
    }
    std::memcpy(port->buffer + at, &v, sizeof(T));
    port->writes += 1;
    simt_note<T>(c, *port, at, true);
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
