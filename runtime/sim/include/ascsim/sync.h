// Pipeline synchronisation. Stages run in program order in the simulator; each call is
// recorded (trace.h, sim.cpp) to build the happens-before order the race detector and the
// timeline use, and misuse that would hang the device is a fault.
#pragma once

#include <cstdint>

#include "core.h"
#include "rules.h"
#include "trace.h"

enum pipe_t : uint8_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_FIX };

// The compiler's builtin event ids (bisheng defines event_t; the library converts an id with
// static_cast<event_t>(id), impl/basic_api/kernel_event.h:916). SetFlag/WaitFlag take them
// as int32_t, so the documented static_cast<event_t>(GetTPipePtr()->FetchEventID(...)) binds.
enum event_t : int32_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

namespace AscendC {

enum class HardEvent : uint8_t {
    MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V,
    MTE3_MTE1, MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3,
    S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S, MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MAX
};
static_assert(int(HardEvent::MAX) <= ascsim::kEventTypes, "trace.h has a flag row per HardEvent");

using TEventID = int8_t;

template <pipe_t pipe>
inline void PipeBarrier() {
    static_assert(pipe != PIPE_S, ASCSIM_RULE_pipe_barrier_s);
    if constexpr (pipe == PIPE_ALL) {
        ascsim::barrier_all();
    } else {
        ascsim::barrier_pipe(pipe == PIPE_S ? ascsim::kPipeS : pipe == PIPE_V ? ascsim::kPipeV
                             : pipe == PIPE_MTE2 ? ascsim::kPipeMte2 : pipe == PIPE_MTE3 ? ascsim::kPipeMte3
                             : ascsim::kPipes);
    }
}

// SyncAll's pipes (impl/basic_api/utils/kernel_utils_mode.h).
struct SyncAllConfig {
    pipe_t triggerPipe;
    pipe_t waitPipe;
};
constexpr SyncAllConfig DEFAULT_SYNC_ALL_CONFIG = {PIPE_ALL, PIPE_ALL};

// The hard cross-core barrier of a vector kernel (SyncAll.md). The simulator models the
// default pipes (PIPE_ALL, PIPE_ALL) only; the soft-sync form (a GM flag workspace) is not
// modelled and does not compile here.
template <bool isAIVOnly = true, const SyncAllConfig& config = DEFAULT_SYNC_ALL_CONFIG>
inline void SyncAll() {
    static_assert(isAIVOnly, ASCSIM_RULE_sync_all_aiv_only);
    static_assert(config.triggerPipe == PIPE_ALL && config.waitPipe == PIPE_ALL,
                  "ascsim models SyncAll with the default SyncAllConfig only");
    ascsim::sync_all();
}

template <HardEvent event>
inline void SetFlag(int32_t id) {
    ascsim::set_flag(int(event), id);
}

template <HardEvent event>
inline void WaitFlag(int32_t id) {
    ascsim::wait_flag(int(event), id);
}

inline int64_t GetBlockIdx() { return ascsim::core().block_idx; }
inline int64_t GetBlockNum() { return ascsim::core().block_num; }
constexpr uint32_t GetVecLen() { return uint32_t(ascsim::kVectorBytes); }

template <typename T>
constexpr T CeilDivision(T a, T b) {
    return (a + b - 1) / b;
}

class TPipe;

}  // namespace AscendC

namespace ascsim {
// TPipe's event ids, per event type and per core (sim.cpp keeps the state, reset per block).
struct EventPool {
    int32_t FetchEventID(AscendC::HardEvent e) { return fetch_event_id(int(e)); }
    template <AscendC::HardEvent event>
    AscendC::TEventID FetchEventID() {
        return AscendC::TEventID(fetch_event_id(int(event)));
    }
    template <AscendC::HardEvent event>
    AscendC::TEventID AllocEventID() {
        return AscendC::TEventID(alloc_event_id(int(event)));
    }
    template <AscendC::HardEvent event>
    void ReleaseEventID(AscendC::TEventID id) {
        release_event_id(int(event), id);
    }
};
inline EventPool* event_pool() {
    static EventPool p;
    return &p;
}
}  // namespace ascsim

inline ascsim::EventPool* GetTPipePtr() { return ascsim::event_pool(); }
