// The simulator's C ABI for the Python runtime; compiled once per toolchain and linked into
// every simulated kernel module next to host_impl.cpp, device_impl.cpp and the simulator
// object (sim.cpp).
#include <cstddef>
#include <cstring>

#include "internal.h"

namespace ascsim {
[[noreturn]] void raise_fault(const char* api, const char* what) { throw Fault(api, what); }
}  // namespace ascsim

extern "C" {

void ascsim_reset(uint64_t ub_size) {
    ascsim::State& s = ascsim::state();
    ascsim::Core& c = ascsim::core();
    s.gm.clear();
    c.stats = ascsim::Stats{};
    s.error.clear();
    c.ub_capacity = ub_size;
    s.ub.assign(ub_size, 0);
    c.ub = s.ub.data();
    c.ub_used = 0;
    s.block_log.clear();
    s.simt_trace.clear();
    ascsim::trace_reset();
}

// After the runtime has read a run's results: give back what the run grew (UB, the
// instruction record, the SIMT fibers' stacks, the block log). Every kernel module has its
// own simulator and a process loads many, so an idle module must hold no memory and no
// mappings. The error text stays until the next reset.
void ascsim_release() {
    ascsim::State& s = ascsim::state();
    ascsim::Core& c = ascsim::core();
    std::vector<uint8_t>().swap(s.ub);
    c.ub = nullptr;
    c.ub_used = 0;
    std::vector<ascsim::GmBuffer>().swap(s.gm);
    std::vector<ascsim::BlockRecord>().swap(s.block_log);
    s.simt_trace.clear();
    ascsim::trace_release();
    ascsim::release_simt_stacks();
}

// A kernel argument; read_only: an input, which the kernel must not write (the host's
// array is then handed over as it is, not copied).
void ascsim_register_gm(void* p, uint64_t bytes, const char* name, int read_only) {
    ascsim::state().gm.push_back({static_cast<const uint8_t*>(p), bytes, name, read_only != 0});
}

const char* ascsim_last_error() {
    const std::string& e = ascsim::state().error;
    return e.empty() ? nullptr : e.c_str();
}

void ascsim_get_stats(ascsim::Stats* out) { *out = ascsim::core().stats; }

uint64_t ascsim_block_count() { return ascsim::state().block_log.size(); }

// Counters of the i-th block run since the last reset, with its launch and block index.
void ascsim_get_block(uint64_t i, uint32_t* launch, uint32_t* block, ascsim::Stats* out) {
    const ascsim::BlockRecord& r = ascsim::state().block_log.at(i);
    *launch = r.launch;
    *block = r.block;
    *out = r.delta;
}

// ------------------------------------------------------------- timeline (trace.h)

// The timeline's costs by name (trace.h CostTable); nullptr for an unknown name.
static double* cost_field(const char* name) {
    ascsim::CostTable& c = ascsim::tracer().cost;
    struct Entry {
        const char* name;
        double* field;
    };
    const Entry table[] = {
        {"clock_hz", &c.clock_hz},
        {"hbm_bytes_per_second", &c.hbm_bytes_per_second},
        {"l2_bytes", &c.l2_bytes},
        {"l2_bytes_per_second", &c.l2_bytes_per_second},
        {"load_a", &c.load_a},
        {"load_b", &c.load_b},
        {"load_h", &c.load_h},
        {"load_small_a", &c.load_small_a},
        {"load_small_b", &c.load_small_b},
        {"load_small_h", &c.load_small_h},
        {"load_small_elements", &c.load_small_elements},
        {"load_stride_k", &c.load_stride_k},
        {"store_a", &c.store_a},
        {"store_b", &c.store_b},
        {"store_h", &c.store_h},
        {"store_stride_k", &c.store_stride_k},
        {"stride_cap_bytes", &c.stride_cap_bytes},
        {"cache_line_bytes", &c.cache_line_bytes},
        {"mte2_head", &c.mte2_head},
        {"mte2_head_small", &c.mte2_head_small},
        {"mte2_head_small_bytes", &c.mte2_head_small_bytes},
        {"mte3_head", &c.mte3_head},
        {"vf_head", &c.vf_head},
        {"ub_bytes_per_cycle", &c.ub_bytes_per_cycle},
        {"simt_request", &c.simt_request},
        {"simt_core_bytes_per_cycle", &c.simt_core_bytes_per_cycle},
        {"dcache_line", &c.dcache_line},
        {"scalar", &c.scalar},
        {"flag", &c.flag},
        {"barrier", &c.barrier},
        {"launch_seconds", &c.launch_seconds},
        {"launch_seconds_per_block", &c.launch_seconds_per_block},
        {"vector_cores", &c.vector_cores},
    };
    for (const Entry& e : table) {
        if (std::strcmp(e.name, name) == 0) return e.field;
    }
    return nullptr;
}

// Set one cost; 0 on success, -1 for an unknown name.
int ascsim_set_cost(const char* name, double value) {
    double* f = cost_field(name);
    if (f == nullptr) return -1;
    *f = value;
    return 0;
}

// One cost; NaN for an unknown name.
double ascsim_get_cost(const char* name) {
    const double* f = cost_field(name);
    return f == nullptr ? __builtin_nan("") : *f;
}

// keep_log: keep every instruction (for a trace file); otherwise only per-block totals.
void ascsim_trace_config(int keep_log) { ascsim::tracer().keep_log = keep_log != 0; }

// The vector cores of the chip the run stands for: the core_num its host tiling was given
// (what the device reports to the op); a SyncAll launch may not have more blocks.
void ascsim_set_core_num(uint32_t core_num) { ascsim::tracer().core_num = core_num; }

uint64_t ascsim_timeline_count() { return ascsim::tracer().blocks.size(); }

uint64_t ascsim_launch_count() { return ascsim::tracer().launches.size(); }

// Launch i: GM bytes moved, GM footprint bytes (distinct cache lines).
void ascsim_get_launch(uint64_t i, uint64_t* out) {
    const ascsim::LaunchTraffic& l = ascsim::tracer().launches.at(i);
    out[0] = l.gm_bytes;
    out[1] = l.footprint_bytes;
}

// Block i: launch, block, cycles, busy S/V/MTE2/MTE3, instructions, log begin, log end, GM bytes.
void ascsim_get_timeline(uint64_t i, uint64_t* out) {
    const ascsim::BlockTimeline& b = ascsim::tracer().blocks.at(i);
    out[0] = b.launch;
    out[1] = b.block;
    out[2] = b.cycles;
    for (int p = 0; p < ascsim::kPipes; ++p) out[3 + p] = b.busy[p];
    out[7] = b.instructions;
    out[8] = b.log_begin;
    out[9] = b.log_end;
    out[10] = b.gm_bytes;
}

// Log entry i: index, pipe, line, start, finish; returns its API name.
const char* ascsim_get_log(uint64_t i, uint64_t* out) {
    const ascsim::LogEntry& e = ascsim::tracer().log.at(i);
    out[0] = e.index;
    out[1] = e.pipe;
    out[2] = e.line;
    out[3] = e.start;
    out[4] = e.finish;
    return e.api;
}
}
