// Rounding, bitwise and shift APIs of issue 19 (what ascendc_emitter/target/math.py's steps
// call beside And/Compare/Select): memory-level Or, Not, ShiftLeft/ShiftRight (shift counts in
// a tensor), Truncate and register-level Reg::And/Or/Xor/Not/ShiftLeft/ShiftRight/Truncate.
// Element types are checked against the documented tables (rules.h, generated from
// ascendc_emitter/target/support.py):
//   Or, And       docs/zh/api/SIMD-API/基础API/Memory矢量计算/逻辑计算/{Or,And}.md        integers
//   Not           docs/zh/api/SIMD-API/基础API/Memory矢量计算/逻辑计算/Not.md             integers, half, float
//   ShiftLeft/ShiftRight  Memory矢量计算/逻辑计算/ShiftLeft（左移位数为Tensor）.md, ShiftRight（右移位数为Tensor）.md
//                 integers; the count tensor holds the signed type of the same width, >= 0
//   Truncate      Memory矢量计算/类型转换/Truncate(ISASI).md                             half, bfloat16_t, float
//   Reg::And/Or/Xor/Not/ShiftLeft/ShiftRight/Truncate  Reg矢量计算/逻辑计算/*.md, 类型转换/Truncate.md
// Shifts follow the docs: unsigned elements shift logically; a signed element shifts left
// ARITHMETICALLY (the sign bit stays, the bit below it is dropped: 1010101010101010 << 1 =
// 1101010101010100) and right arithmetically. A count larger than the bit width gives 0
// (-1 for a negative element shifted right); a negative count is undefined ("负数行为未定义")
// and a count equal to the width is not documented: both fail here.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "reg.h"
#include "rules.h"
#include "vector.h"

namespace AscendC {

namespace detail {

template <typename T>
using bits_t = std::conditional_t<sizeof(T) == 1, uint8_t,
                                  std::conditional_t<sizeof(T) == 2, uint16_t,
                                                     std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;

// Not of any documented type: the complement of its bits (half/float included).
template <typename T>
inline T bit_not(T a) {
    bits_t<T> u;
    std::memcpy(&u, &a, sizeof(T));
    u = bits_t<T>(~u);
    T r;
    std::memcpy(&r, &u, sizeof(T));
    return r;
}

template <typename T>
inline T bit_or(const char* api, T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        return T(a | b);
    } else {
        ascsim::fail(api, "element type has no bitwise form");
    }
}

template <typename T>
inline T bit_xor(const char* api, T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        return T(a ^ b);
    } else {
        ascsim::fail(api, "element type has no bitwise form");
    }
}

// The (T, U) rule of the tensor-count shifts: U is the signed integer type of T's width.
template <typename T, typename U>
inline void check_shift_types(const char* api) {
    if constexpr (!(std::is_integral_v<T> && std::is_integral_v<U> && std::is_signed_v<U> && sizeof(U) == sizeof(T))) {
        ascsim::fail(api, "the shift count must hold the signed integer type of the shifted element's width "
                          "(ShiftLeft（左移位数为Tensor）.md / Reg ShiftLeft.md 表3)");
    }
}

template <typename T, typename U>
inline T shift(const char* api, bool left, T a, U count) {
    if constexpr (std::is_integral_v<T> && std::is_integral_v<U>) {
        constexpr int64_t width = int64_t(sizeof(T)) * 8;
        const int64_t c = int64_t(count);
        if (c < 0) ascsim::fail(api, "negative shift count ", c, " (undefined on the device: 负数行为未定义)");
        if (c == width) ascsim::fail(api, "shift count ", c, " equals the bit width (not documented)");
        using B = bits_t<T>;
        B u;
        std::memcpy(&u, &a, sizeof(T));
        constexpr B sign = B(B(1) << (width - 1));
        B r;
        if (c > width) {
            r = (!left && std::is_signed_v<T> && (u & sign)) ? B(~B(0)) : B(0);
        } else if (left) {
            const B moved = B(u << c);
            r = std::is_signed_v<T> ? B((u & sign) | (moved & B(~sign))) : moved;
        } else if (std::is_signed_v<T> && (u & sign)) {
            r = B(~B(B(~u) >> c));  // arithmetic: ones shifted in (~u kept at the width: no int promotion)
        } else {
            r = B(u >> c);
        }
        T out;
        std::memcpy(&out, &r, sizeof(T));
        return out;
    } else {
        (void)left;
        (void)a;
        (void)count;
        ascsim::fail(api, "element type has no shift form");
    }
}

template <typename T>
inline T truncate(const char* api, RoundMode mode, T a) {
    if constexpr (std::is_integral_v<T>) {
        (void)mode;
        ascsim::fail(api, "Truncate takes half, bfloat16_t or float");
    } else {
        using C = ascsim::compute_t<T>;
        const C x = C(a);
        switch (mode) {
            case RoundMode::CAST_RINT: return T(std::nearbyint(x));  // ties to even (default FE mode)
            case RoundMode::CAST_ROUND: return T(std::round(x));
            case RoundMode::CAST_FLOOR: return T(std::floor(x));
            case RoundMode::CAST_CEIL: return T(std::ceil(x));
            case RoundMode::CAST_TRUNC: return T(std::trunc(x));
            default: ascsim::fail(api, "round mode ", ascsim::rules::round_mode_name(mode),
                                  " is not one of CAST_RINT/CAST_ROUND/CAST_FLOOR/CAST_CEIL/CAST_TRUNC (Truncate.md 表1)");
        }
    }
}

}  // namespace detail

template <typename T>
void Or(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count) {
    ascsim::rules::check_dtype<T>("Or", ascsim::rules::mem::Or);
    detail::map2("Or", dst, src0, src1, count, [](T a, T b) { return detail::bit_or("Or", a, b); });
}

template <typename T>
void Not(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
    ascsim::rules::check_dtype<T>("Not", ascsim::rules::mem::Not);
    detail::map1("Not", dst, src, count, [](T a) { return detail::bit_not(a); });
}

#define ASCSIM_SHIFT(NAME, LEFT)                                                                                      \
    template <typename T, typename U>                                                                                 \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1, const int32_t& count) { \
        ascsim::rules::check_dtype<T>(#NAME, ascsim::rules::mem::NAME);                                               \
        detail::check_shift_types<T, U>(#NAME);                                                                       \
        detail::need(#NAME, dst, count);                                                                              \
        detail::need(#NAME, src0, count);                                                                             \
        detail::need(#NAME, src1, count);                                                                             \
        ascsim::rec_vector(#NAME, #NAME, ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T),                                                        \
                           {ascsim::ub_span(dst, count, true), ascsim::ub_span(src0, count, false),                   \
                            ascsim::ub_span(src1, count, false)});                                                    \
        T* d = dst.GetPhyAddr();                                                                                      \
        const T* a = src0.GetPhyAddr();                                                                               \
        const U* c = src1.GetPhyAddr();                                                                               \
        for (int32_t i = 0; i < count; ++i) d[i] = detail::shift(#NAME, LEFT, a[i], c[i]);                            \
        ascsim::count_vector(uint64_t(count) * sizeof(T), 2);                                                         \
    }
ASCSIM_SHIFT(ShiftLeft, true)
ASCSIM_SHIFT(ShiftRight, false)
#undef ASCSIM_SHIFT

template <typename T, RoundMode roundMode>
void Truncate(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    ascsim::rules::check_dtype<T>("Truncate", ascsim::rules::mem::Truncate);
    detail::map1("Truncate", dst, src, int64_t(count), [](T a) { return detail::truncate("Truncate", roundMode, a); });
}

namespace Reg {

#define ASCSIM_REG_BITS(NAME, EXPR)                                                                      \
    template <typename T>                                                                                \
    void NAME(RegTensor<T>& dst, const RegTensor<T>& s0, const RegTensor<T>& s1, const MaskReg& mask) {  \
        ascsim::rules::check_dtype<T>("Reg::" #NAME, ascsim::rules::reg::NAME);                          \
        detail::zip(ASCSIM_KIND(NAME), dst, mask, [&](uint32_t i) { T a = s0.lane[i], b = s1.lane[i]; return EXPR; });     \
    }
ASCSIM_REG_BITS(And, AscendC::detail::bit_and(a, b))
ASCSIM_REG_BITS(Or, AscendC::detail::bit_or("Reg::Or", a, b))
ASCSIM_REG_BITS(Xor, AscendC::detail::bit_xor("Reg::Xor", a, b))
#undef ASCSIM_REG_BITS

template <typename T>
void Not(RegTensor<T>& dst, const RegTensor<T>& src, const MaskReg& mask) {
    ascsim::rules::check_dtype<T>("Reg::Not", ascsim::rules::reg::Not);
    detail::zip(ASCSIM_KIND(Not), dst, mask, [&](uint32_t i) { return AscendC::detail::bit_not(src.lane[i]); });
}

#define ASCSIM_REG_SHIFT(NAME, LEFT)                                                                     \
    template <typename T, typename U>                                                                    \
    void NAME(RegTensor<T>& dst, const RegTensor<T>& s0, const RegTensor<U>& s1, const MaskReg& mask) {  \
        ascsim::rules::check_dtype<T>("Reg::" #NAME, ascsim::rules::reg::NAME);                          \
        AscendC::detail::check_shift_types<T, U>("Reg::" #NAME);                                         \
        detail::zip(ASCSIM_KIND(NAME), dst, mask, [&](uint32_t i) {                                                         \
            return AscendC::detail::shift("Reg::" #NAME, LEFT, s0.lane[i], s1.lane[i]);                  \
        });                                                                                              \
    }
ASCSIM_REG_SHIFT(ShiftLeft, true)
ASCSIM_REG_SHIFT(ShiftRight, false)
#undef ASCSIM_REG_SHIFT

template <typename T, RoundMode roundMode, MaskMergeMode mode = MaskMergeMode::ZEROING>
void Truncate(RegTensor<T>& dst, const RegTensor<T>& src, const MaskReg& mask) {
    ascsim::rules::check_dtype<T>("Reg::Truncate", ascsim::rules::reg::Truncate);
    static_assert(mode == MaskMergeMode::ZEROING, "Reg::Truncate: MERGING mode is not supported (Truncate.md)");
    detail::zip(ASCSIM_KIND(Truncate), dst, mask, [&](uint32_t i) { return AscendC::detail::truncate("Reg::Truncate", roundMode, src.lane[i]); });
}

}  // namespace Reg
}  // namespace AscendC
