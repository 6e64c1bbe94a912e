// Element conversion with AscendC round modes. float -> int saturates and maps NaN to 0.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core.h"
#include "types.h"

namespace AscendC {
enum class RoundMode : uint8_t {
    CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD,
    CAST_HYBRID, CAST_EVEN, CAST_ZERO, UNKNOWN = 0xFF
};
}  // namespace AscendC

namespace ascsim {

inline double apply_round(const char* api, double v, AscendC::RoundMode mode) {
    using AscendC::RoundMode;
    switch (mode) {
        case RoundMode::CAST_NONE:
        case RoundMode::CAST_RINT:
        case RoundMode::CAST_EVEN:
        case RoundMode::UNKNOWN:
            return std::nearbyint(v);
        case RoundMode::CAST_FLOOR: return std::floor(v);
        case RoundMode::CAST_CEIL: return std::ceil(v);
        case RoundMode::CAST_ROUND: return std::round(v);
        case RoundMode::CAST_TRUNC:
        case RoundMode::CAST_ZERO:
            return std::trunc(v);
        default: fail(api, "round mode ", int(mode), " is not modelled for float -> int casts");
    }
}

template <typename Dst, typename Src>
inline Dst convert(const char* api, Src s, AscendC::RoundMode mode) {
    if constexpr (std::is_same_v<Dst, bool>) {
        return compute_t<Src>(s) != compute_t<Src>(0);
    } else if constexpr (std::is_integral_v<Dst> && !std::is_integral_v<Src>) {
        double v = double(compute_t<Src>(s));
        if (std::isnan(v)) return Dst(0);
        v = apply_round(api, v, mode);
        if (v >= double(std::numeric_limits<Dst>::max())) return std::numeric_limits<Dst>::max();
        if (v <= double(std::numeric_limits<Dst>::lowest())) return std::numeric_limits<Dst>::lowest();
        return Dst(v);
    } else if constexpr (std::is_integral_v<Dst> && std::is_integral_v<Src>) {
        return Dst(s);  // two's-complement wrap, as the reference interpreter
    } else {
        // to a float type: nearest-even (float -> half/bf16 rounding happens in Dst's ctor)
        if (mode != AscendC::RoundMode::CAST_NONE && mode != AscendC::RoundMode::CAST_RINT &&
            mode != AscendC::RoundMode::CAST_EVEN && mode != AscendC::RoundMode::UNKNOWN) {
            if (is_float16_like_v<Dst>) fail(api, "only CAST_RINT/CAST_NONE are modelled for narrowing float casts");
        }
        return Dst(compute_t<Src>(s));
    }
}

}  // namespace ascsim
