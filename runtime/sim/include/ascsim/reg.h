// Register-level API of __simd_vf__ functions (AscendC::Reg, alias MicroAPI):
// 256-byte vector registers and a byte-granular predicate -- one mask bit per byte, lane i
// of a type T is governed by bit i * sizeof(T). A mask built for one dtype and used with
// another therefore enables the lanes the hardware would, corruption included.
#pragma once

#include <bitset>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "convert.h"
#include "core.h"
#include "types.h"
#include "vector.h"

namespace AscendC {
namespace Reg {

constexpr uint32_t kVL = uint32_t(ascsim::kVectorBytes);

template <typename T>
struct RegTensor {
    static constexpr uint32_t kLanes = kVL / sizeof(T);
    T lane[kLanes];
    RegTensor() { std::memset(lane, 0xA5, sizeof(lane)); }  // uninitialised registers hold garbage
};

struct MaskReg {
    std::bitset<kVL> bits;  // one bit per byte of a vector register
    template <typename T>
    bool active(uint32_t i) const { return bits[i * sizeof(T)]; }
};

enum class MaskPattern : uint8_t { ALL = 0, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF = 15 };
enum class MaskMergeMode : uint8_t { UNKNOWN = 0, MERGING, ZEROING };
enum class RegLayout : uint8_t { UNKNOWN = 0, ZERO, ONE, TWO, THREE };
enum class SatMode : uint8_t { UNKNOWN = 0, SAT, NO_SAT };
enum class IndexOrder : uint8_t { INCREASE_ORDER = 0, DECREASE_ORDER };

struct CastTrait {
    RegLayout layoutMode = RegLayout::UNKNOWN;
    SatMode satMode = SatMode::UNKNOWN;
    MaskMergeMode mrgMode = MaskMergeMode::UNKNOWN;
    RoundMode roundMode = RoundMode::UNKNOWN;
};
constexpr CastTrait castTrait{};
struct RegTraitNum { int n; };
constexpr RegTraitNum RegTraitNumOne{1};

namespace detail {
template <typename T>
inline void set_lanes(MaskReg& m, uint32_t lanes) {
    m.bits.reset();
    for (uint32_t b = 0; b < lanes * sizeof(T) && b < kVL; ++b) m.bits[b] = true;
}
inline void count() { ascsim::stats().vector_instructions += 1; }

template <typename T>
inline const uint8_t* check_ub(const char* api, const T* p, bool need_align) {
    const uint8_t* q = reinterpret_cast<const uint8_t*>(p);
    const uint8_t* base = ascsim::ub_base();
    uint64_t cap = ascsim::state().ub_capacity;
    if (q < base || q + kVL > base + cap) {
        ascsim::fail(api, "address is outside the unified buffer (", cap, " bytes)");
    }
    if (need_align && uint64_t(q - base) % 32 != 0) {
        ascsim::fail(api, "misaligned UB address: byte offset ", uint64_t(q - base), " is not 32-byte aligned");
    }
    return q;
}
}  // namespace detail

// First min(count, VL/sizeof(T)) lanes; count is decreased by one register's worth.
template <typename T, const RegTraitNum& trait = RegTraitNumOne>
inline MaskReg UpdateMask(uint32_t& count) {
    const uint32_t lanes = RegTensor<T>::kLanes;
    MaskReg m;
    detail::set_lanes<T>(m, count < lanes ? count : lanes);
    count = count < lanes ? 0 : count - lanes;
    return m;
}

template <typename T, MaskPattern pattern = MaskPattern::ALL, const RegTraitNum& trait = RegTraitNumOne>
inline MaskReg CreateMask() {
    const uint32_t lanes = RegTensor<T>::kLanes;
    MaskReg m;
    switch (pattern) {
        case MaskPattern::ALL: detail::set_lanes<T>(m, lanes); break;
        case MaskPattern::ALLF: break;
        case MaskPattern::H: detail::set_lanes<T>(m, lanes / 2); break;
        case MaskPattern::Q: detail::set_lanes<T>(m, lanes / 4); break;
        case MaskPattern::VL1: detail::set_lanes<T>(m, 1); break;
        case MaskPattern::VL2: detail::set_lanes<T>(m, 2); break;
        case MaskPattern::VL3: detail::set_lanes<T>(m, 3); break;
        case MaskPattern::VL4: detail::set_lanes<T>(m, 4); break;
        case MaskPattern::VL8: detail::set_lanes<T>(m, 8); break;
        case MaskPattern::VL16: detail::set_lanes<T>(m, 16); break;
        case MaskPattern::VL32: detail::set_lanes<T>(m, 32); break;
        case MaskPattern::VL64: detail::set_lanes<T>(m, 64); break;
        case MaskPattern::VL128: detail::set_lanes<T>(m, 128); break;
        default: ascsim::fail("CreateMask", "mask pattern ", int(pattern), " is not modelled");
    }
    return m;
}

template <typename T>
inline void LoadAlign(RegTensor<T>& dst, const T* src) {
    detail::check_ub("LoadAlign", src, true);
    std::memcpy(dst.lane, src, kVL);
    detail::count();
}

template <typename T>
inline void StoreAlign(T* dst, const RegTensor<T>& src, const MaskReg& mask) {
    detail::check_ub("StoreAlign", dst, true);
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) {
        if (mask.active<T>(i)) dst[i] = src.lane[i];
    }
    detail::count();
}

namespace detail {
// ZEROING merge: lanes the mask does not select become 0.
template <typename T, typename F>
inline void zip(RegTensor<T>& dst, const MaskReg& mask, F f) {
    RegTensor<T> out;
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) out.lane[i] = mask.active<T>(i) ? f(i) : T(0);
    dst = out;
    count();
}
}  // namespace detail

#define ASCSIM_REG_BINARY(NAME, EXPR)                                                                     \
    template <typename T>                                                                                 \
    inline void NAME(RegTensor<T>& dst, const RegTensor<T>& s0, const RegTensor<T>& s1, const MaskReg& mask) { \
        detail::zip(dst, mask, [&](uint32_t i) { T a = s0.lane[i], b = s1.lane[i]; return EXPR; });          \
    }
ASCSIM_REG_BINARY(Add, ascsim::wrap_add(a, b))
ASCSIM_REG_BINARY(Sub, ascsim::wrap_sub(a, b))
ASCSIM_REG_BINARY(Mul, ascsim::wrap_mul(a, b))
ASCSIM_REG_BINARY(Div, AscendC::detail::divide("Reg::Div", a, b))
ASCSIM_REG_BINARY(Max, AscendC::detail::vmax(a, b))
ASCSIM_REG_BINARY(Min, AscendC::detail::vmin(a, b))
#undef ASCSIM_REG_BINARY

#define ASCSIM_REG_SCALAR(NAME, EXPR)                                                                     \
    template <typename T, typename U>                                                                     \
    inline void NAME(RegTensor<T>& dst, const RegTensor<T>& src, U scalar, const MaskReg& mask) {          \
        const T b = T(scalar);                                                                            \
        detail::zip(dst, mask, [&](uint32_t i) { T a = src.lane[i]; return EXPR; });                      \
    }
ASCSIM_REG_SCALAR(Adds, ascsim::wrap_add(a, b))
ASCSIM_REG_SCALAR(Muls, ascsim::wrap_mul(a, b))
ASCSIM_REG_SCALAR(Maxs, AscendC::detail::vmax(a, b))
ASCSIM_REG_SCALAR(Mins, AscendC::detail::vmin(a, b))
#undef ASCSIM_REG_SCALAR

#define ASCSIM_REG_UNARY(NAME, EXPR)                                                                      \
    template <typename T>                                                                                 \
    inline void NAME(RegTensor<T>& dst, const RegTensor<T>& src, const MaskReg& mask) {                   \
        using C = ascsim::compute_t<T>;                                                                   \
        detail::zip(dst, mask, [&](uint32_t i) { C x = C(src.lane[i]); return T(EXPR); });                \
    }
ASCSIM_REG_UNARY(Abs, x < C(0) ? ascsim::wrap_sub(C(0), x) : x)
ASCSIM_REG_UNARY(Exp, std::exp(x))
ASCSIM_REG_UNARY(Sqrt, std::sqrt(x))
ASCSIM_REG_UNARY(Relu, x > C(0) ? x : C(0))
#undef ASCSIM_REG_UNARY

template <typename T, typename U>
inline void Duplicate(RegTensor<T>& dst, U scalar) {
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) dst.lane[i] = T(scalar);
    detail::count();
}

template <typename T, typename U>
inline void Duplicate(RegTensor<T>& dst, U scalar, const MaskReg& mask) {
    detail::zip(dst, mask, [&](uint32_t) { return T(scalar); });
}

// Lane i = start + i (integers wrap).
template <typename T = void, IndexOrder order = IndexOrder::INCREASE_ORDER, typename R, typename U>
inline void Arange(R& dst, U start) {
    using E = std::remove_reference_t<decltype(dst.lane[0])>;
    for (uint32_t i = 0; i < R::kLanes; ++i) {
        if constexpr (std::is_integral_v<E>) {
            dst.lane[i] = order == IndexOrder::INCREASE_ORDER ? ascsim::wrap_add(E(start), E(i))
                                                             : ascsim::wrap_sub(E(start), E(i));
        } else {
            float v = order == IndexOrder::INCREASE_ORDER ? float(start) + float(i) : float(start) - float(i);
            dst.lane[i] = E(v);
        }
    }
    detail::count();
}

// Compare results: every byte bit of a selected true lane is set; unselected lanes are 0.
template <typename T, CMPMODE mode, typename U>
inline void Compares(MaskReg& dst, const RegTensor<T>& src, U scalar, const MaskReg& mask) {
    MaskReg out;
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) {
        bool r = mask.active<T>(i) && AscendC::detail::compare(mode, src.lane[i], T(scalar));
        for (uint32_t b = 0; b < sizeof(T); ++b) out.bits[i * sizeof(T) + b] = r;
    }
    dst = out;
    detail::count();
}

template <typename T, CMPMODE mode>
inline void Compare(MaskReg& dst, const RegTensor<T>& a, const RegTensor<T>& b, const MaskReg& mask) {
    MaskReg out;
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) {
        bool r = mask.active<T>(i) && AscendC::detail::compare(mode, a.lane[i], b.lane[i]);
        for (uint32_t k = 0; k < sizeof(T); ++k) out.bits[i * sizeof(T) + k] = r;
    }
    dst = out;
    detail::count();
}

template <typename T>
inline void Select(RegTensor<T>& dst, const RegTensor<T>& src0, const RegTensor<T>& src1, const MaskReg& sel) {
    RegTensor<T> out;
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) out.lane[i] = sel.active<T>(i) ? src0.lane[i] : src1.lane[i];
    dst = out;
    detail::count();
}

// Same-width casts only (f32<->i32, f16<->i16); the mask is read at the source granularity.
template <typename D, typename S, const CastTrait& trait = castTrait>
inline void Cast(RegTensor<D>& dst, const RegTensor<S>& src, const MaskReg& mask) {
    if constexpr (sizeof(D) != sizeof(S)) {
        ascsim::fail("Reg::Cast", "casts between ", sizeof(S), "- and ", sizeof(D),
                     "-byte types (RegLayout) are not modelled; cast at memory level");
    } else {
        RegTensor<D> out;
        for (uint32_t i = 0; i < RegTensor<S>::kLanes; ++i) {
            out.lane[i] = mask.active<S>(i) ? ascsim::convert<D, S>("Reg::Cast", src.lane[i], trait.roundMode) : D(0);
        }
        dst = out;
        detail::count();
    }
}

}  // namespace Reg
namespace MicroAPI = Reg;
}  // namespace AscendC

// SIMD VF call: runs the function body once (it loops over registers itself).
template <auto fn, typename... Args>
inline void asc_vf_call(Args&&... args) {
    ascsim::stats().vf_calls += 1;
    fn(std::forward<Args>(args)...);
}
