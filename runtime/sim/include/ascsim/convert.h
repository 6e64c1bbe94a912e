// Element conversion with AscendC round modes. float -> int and integer -> integer saturate
// (the 950's default CTRL state) and NaN maps to 0.
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
        // The 950 saturates an integer -> integer Cast whose destination cannot hold the value,
        // at both levels: the memory-level Cast calls Reg::Cast with SatMode::SAT
        // (impl/basic_api/dav_3510/kernel_operator_vec_vconv_impl.h, CastIntrinsicsImplVF), and
        // the CTRL register starts in global saturation mode (CTRL[60] = 1, CTRL[59] = 0:
        // docs/zh/api/SIMD-API/基础API/特殊寄存器访问/SetCtrlSpr(ISASI).md), which overrides a register
        // Cast's SatMode::NO_SAT; SetCtrlSpr is not modelled. Reg矢量计算/类型转换/Cast.md 表4
        // (整数转整数, 饱和模式) and 约束说明 (int16_t -> uint32_t: negatives become 0). torch wraps
        // instead: the lowering brings values into range first (target.types.wrap_plan).
        using W = std::conditional_t<std::is_signed_v<Src>, long long, unsigned long long>;
        const W v = W(s);
        if constexpr (std::is_signed_v<Src>) {
            if (v < 0 && !std::is_signed_v<Dst>) return Dst(0);
            if (v < W(std::numeric_limits<Dst>::lowest())) return std::numeric_limits<Dst>::lowest();
        }
        if (v > W(0) && static_cast<unsigned long long>(v) > static_cast<unsigned long long>(std::numeric_limits<Dst>::max()))
            return std::numeric_limits<Dst>::max();
        return Dst(s);
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
