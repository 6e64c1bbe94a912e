// Element types the kernels use: half and bfloat16_t as 16-bit storage types with
// round-to-nearest-even conversion from float; arithmetic happens in float and rounds
// back per operation (as the reference interpreter does).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace ascsim {

inline uint32_t float_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

inline float bits_float(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

inline uint16_t float_to_half_bits(float f) {
    uint32_t x = float_bits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t exp = (x >> 23) & 0xFFu;
    uint32_t man = x & 0x7FFFFFu;
    if (exp == 0xFF) return uint16_t(sign | 0x7C00u | (man ? 0x200u : 0u));
    int32_t e = int32_t(exp) - 127 + 15;
    if (e >= 0x1F) return uint16_t(sign | 0x7C00u);
    if (e <= 0) {
        if (e < -10) return uint16_t(sign);
        man |= 0x800000u;
        uint32_t shift = uint32_t(14 - e);
        uint32_t half_man = man >> shift;
        uint32_t rem = man & ((1u << shift) - 1u);
        uint32_t mid = 1u << (shift - 1);
        if (rem > mid || (rem == mid && (half_man & 1u))) half_man += 1;
        return uint16_t(sign | half_man);
    }
    uint32_t half = sign | (uint32_t(e) << 10) | (man >> 13);
    uint32_t rem = man & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (half & 1u))) half += 1;
    return uint16_t(half);
}

inline float half_bits_to_float(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1Fu;
    uint32_t man = h & 0x3FFu;
    if (exp == 0) {
        if (man == 0) return bits_float(sign);
        float v = std::ldexp(float(man), -24);
        return sign ? -v : v;
    }
    if (exp == 0x1F) return bits_float(sign | 0x7F800000u | (man << 13));
    return bits_float(sign | ((exp - 15 + 127) << 23) | (man << 13));
}

inline uint16_t float_to_bf16_bits(float f) {
    uint32_t x = float_bits(f);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) return uint16_t((x >> 16) | 0x40u);  // quiet NaN
    uint32_t rounding = 0x7FFFu + ((x >> 16) & 1u);
    return uint16_t((x + rounding) >> 16);
}

inline float bf16_bits_to_float(uint16_t b) { return bits_float(uint32_t(b) << 16); }

template <uint16_t (*ToBits)(float), float (*FromBits)(uint16_t)>
struct Float16Like {
    uint16_t bits = 0;
    Float16Like() = default;
    template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
    Float16Like(T v) : bits(ToBits(float(v))) {}
    operator float() const { return FromBits(bits); }
    Float16Like& operator+=(float v) { return *this = Float16Like(float(*this) + v); }
    Float16Like& operator-=(float v) { return *this = Float16Like(float(*this) - v); }
    Float16Like& operator*=(float v) { return *this = Float16Like(float(*this) * v); }
    Float16Like& operator/=(float v) { return *this = Float16Like(float(*this) / v); }
};

}  // namespace ascsim

using half = ascsim::Float16Like<ascsim::float_to_half_bits, ascsim::half_bits_to_float>;
using bfloat16_t = ascsim::Float16Like<ascsim::float_to_bf16_bits, ascsim::bf16_bits_to_float>;

namespace ascsim {

template <typename T>
constexpr bool is_float16_like_v = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

// The type arithmetic is carried out in: float for half/bfloat16, T otherwise.
template <typename T>
using compute_t = std::conditional_t<is_float16_like_v<T>, float, T>;

// Integer arithmetic wraps around (two's complement) instead of being undefined.
template <typename T>
inline T wrap_add(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        return T(U(a) + U(b));
    } else {
        return T(compute_t<T>(a) + compute_t<T>(b));
    }
}

template <typename T>
inline T wrap_sub(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        return T(U(a) - U(b));
    } else {
        return T(compute_t<T>(a) - compute_t<T>(b));
    }
}

template <typename T>
inline T wrap_mul(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        return T(uint64_t(U(a)) * uint64_t(U(b)));
    } else {
        return T(compute_t<T>(a) * compute_t<T>(b));
    }
}

}  // namespace ascsim
