// The simulator's C ABI for the Python runtime; compiled into every simulated kernel
// module next to host_impl.cpp and device_impl.cpp.
#include <cstddef>

#include "kernel_operator.h"

namespace ascsim {
[[noreturn]] void raise_fault(const char* api, const char* what) { throw Fault(api, what); }
}  // namespace ascsim

extern "C" {

void ascsim_reset(uint64_t ub_size) {
    ascsim::State& s = ascsim::state();
    s.gm.clear();
    s.stats = ascsim::Stats{};
    s.error.clear();
    s.ub_capacity = ub_size;
    s.ub.assign(ub_size, 0);
    s.ub_used = 0;
    s.block_log.clear();
    s.simt_trace.clear();
}

void ascsim_register_gm(void* p, uint64_t bytes, const char* name) {
    ascsim::state().gm.push_back({static_cast<const uint8_t*>(p), bytes, name});
}

const char* ascsim_last_error() {
    const std::string& e = ascsim::state().error;
    return e.empty() ? nullptr : e.c_str();
}

void ascsim_get_stats(ascsim::Stats* out) { *out = ascsim::state().stats; }

uint64_t ascsim_block_count() { return ascsim::state().block_log.size(); }

// Counters of the i-th block run since the last reset, with its launch and block index.
void ascsim_get_block(uint64_t i, uint32_t* launch, uint32_t* block, ascsim::Stats* out) {
    const ascsim::BlockRecord& r = ascsim::state().block_log.at(i);
    *launch = r.launch;
    *block = r.block;
    *out = r.delta;
}
}
