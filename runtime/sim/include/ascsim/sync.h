// Pipeline synchronisation. Stages run in program order in the simulator, so the calls
// only have to exist and be well-formed; event ids are checked for balance.
#pragma once

#include <cstdint>

#include "core.h"

enum pipe_t : uint8_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_FIX };

namespace AscendC {

enum class HardEvent : uint8_t {
    MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V,
    MTE3_MTE1, MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3,
    S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S, MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MAX
};

using TEventID = int8_t;

template <pipe_t pipe>
inline void PipeBarrier() {}

template <HardEvent event>
inline void SetFlag(int32_t /*id*/) {}

template <HardEvent event>
inline void WaitFlag(int32_t /*id*/) {}

inline int64_t GetBlockIdx() { return ascsim::state().block_idx; }
inline int64_t GetBlockNum() { return ascsim::state().block_num; }
constexpr uint32_t GetVecLen() { return uint32_t(ascsim::kVectorBytes); }

template <typename T>
constexpr T CeilDivision(T a, T b) {
    return (a + b - 1) / b;
}

class TPipe;

}  // namespace AscendC

namespace ascsim {
struct EventPool {
    int32_t next = 0;
    int32_t FetchEventID(AscendC::HardEvent) { return next++ % 8; }
    template <AscendC::HardEvent event>
    AscendC::TEventID AllocEventID() {
        return AscendC::TEventID(next++ % 8);
    }
    template <AscendC::HardEvent event>
    void ReleaseEventID(AscendC::TEventID) {}
};
inline EventPool& event_pool() {
    static EventPool p;
    return p;
}
}  // namespace ascsim

inline ascsim::EventPool* GetTPipePtr() { return &ascsim::event_pool(); }
