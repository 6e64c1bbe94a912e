// Register-level API of __simd_vf__ functions (AscendC::Reg, alias MicroAPI):
// 256-byte vector registers and a byte-granular predicate -- one mask bit per byte, lane i
// of a type T is governed by bit i * sizeof(T). A mask built for one dtype and used with
// another therefore enables the lanes the hardware would, corruption included.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "convert.h"
#include "core.h"
#include "rules.h"
#include "types.h"
#include "vector.h"

// The cost-table kind of a register instruction by its name, checked at compile time: every
// instruction the simulator implements has a row of costs.h (generated from the target's
// cost model).
#define ASCSIM_KIND(NAME)                                                                      \
    ([] {                                                                                      \
        constexpr int k = ascsim::costs::vec_kind(#NAME);                                      \
        static_assert(k >= 0, "no row of ascsim/costs.h for the register instruction " #NAME); \
        return k;                                                                              \
    }())

namespace AscendC {
namespace Reg {

constexpr uint32_t kVL = uint32_t(ascsim::kVectorBytes);

template <typename T>
struct RegTensor {
    static constexpr uint32_t kLanes = kVL / sizeof(T);
    T lane[kLanes];
    RegTensor() { std::memset(lane, 0xA5, sizeof(lane)); }  // uninitialised registers hold garbage
};

// kVL bits (std::bitset's interface, the part the simulator uses, without <bitset>).
struct MaskBits {
    uint64_t w[kVL / 64] = {};
    class Ref {
      public:
        Ref(uint64_t& word, uint64_t bit) : word_(word), bit_(bit) {}
        Ref& operator=(bool v) {
            word_ = v ? word_ | bit_ : word_ & ~bit_;
            return *this;
        }
        operator bool() const { return (word_ & bit_) != 0; }

      private:
        uint64_t& word_;
        uint64_t bit_;
    };
    bool operator[](size_t i) const { return (w[i / 64] >> (i % 64)) & 1u; }
    Ref operator[](size_t i) { return Ref(w[i / 64], uint64_t(1) << (i % 64)); }
    void reset() { std::memset(w, 0, sizeof(w)); }
    // Bits [0, n) set, the rest clear: a whole word at a time.
    void set_prefix(uint32_t n) {
        for (uint32_t k = 0; k < kVL / 64; ++k) {
            const uint32_t lo = k * 64;
            w[k] = n >= lo + 64 ? ~uint64_t(0) : n <= lo ? 0 : (uint64_t(1) << (n - lo)) - 1;
        }
    }
    bool all() const {
        for (uint64_t x : w) {
            if (x != ~uint64_t(0)) return false;
        }
        return true;
    }
};

struct MaskReg {
    MaskBits bits;  // one bit per byte of a vector register
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
    const uint64_t bytes = uint64_t(lanes) * sizeof(T);
    m.bits.set_prefix(uint32_t(bytes < kVL ? bytes : kVL));
}
// A register instruction of cost-table kind `kind` on elements `elem_bit` (rules::elem_bit):
// counted, and its latency and issue interval added to the open VF call's cost (core.h).
inline void count(int kind, uint32_t elem_bit) {
    ascsim::stats().vector_instructions += 1;
    ascsim::vf_instruction(ascsim::costs::vec_cost(kind, elem_bit));
}
template <typename T>
inline constexpr uint32_t bit_of() { return ascsim::rules::elem_bit<T>(); }
// Every byte bit of lane i of a T (a clear mask before): sizeof(T) bits of one word at once.
template <typename T>
inline void set_lane_bits(MaskReg& m, uint32_t i, bool on) {
    const uint32_t b = i * uint32_t(sizeof(T));
    constexpr uint64_t lane = sizeof(T) >= 8 ? 0xffu : (uint64_t(1) << sizeof(T)) - 1;
    if (on) m.bits.w[b / 64] |= lane << (b % 64);
}

// sim.cpp: a VF's raw UB pointer checked (inside UB, 32-byte aligned when asked).
void check_ub(const char* api, const uint8_t* q, uint64_t bytes, bool need_align);
// sim.cpp: LoadAlign DIST_NORM of one register / StoreAlign DIST_NORM of the lanes `mask`
// selects (elements of elem_bytes): checks, trace record, copy, counters.
void load_norm(const uint8_t* q, uint8_t* out);
void store_norm(uint8_t* q, const uint8_t* in, const MaskReg& mask, uint32_t elem_bytes);
}  // namespace detail

// First min(count, VL/sizeof(T)) lanes; count is decreased by one register's worth.
template <typename T, const RegTraitNum& trait = RegTraitNumOne>
inline MaskReg UpdateMask(uint32_t& count) {
    const uint32_t lanes = RegTensor<T>::kLanes;
    MaskReg m;
    detail::set_lanes<T>(m, count < lanes ? count : lanes);
    count = count < lanes ? 0 : count - lanes;
    ascsim::vf_instruction(ascsim::costs::vec_cost(ASCSIM_KIND(UpdateMask), detail::bit_of<T>()));
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
        default: ascsim::faultf("CreateMask", "mask pattern %d is not modelled", int(pattern));
    }
    return m;
}

enum class LoadDist : uint8_t {
    DIST_NORM, DIST_BRC_B8, DIST_BRC_B16, DIST_BRC_B32, DIST_US_B8 = 6, DIST_US_B16, DIST_DS_B8, DIST_DS_B16,
    DIST_BDINTLV, DIST_DINTLV_B8, DIST_DINTLV_B16, DIST_UNPACK_B8, DIST_UNPACK_B16, DIST_BLK, DIST_E2B_B16,
    DIST_E2B_B32, DIST_UNPACK_B32, DIST_DINTLV_B32, DIST_UNPACK4_B8, DIST_SPLT4CHN_B8, DIST_SPLT2CHN_B8,
    DIST_SPLT2CHN_B16,
};
enum class StoreDist : uint8_t {
    DIST_NORM_B8, DIST_NORM_B16, DIST_NORM_B32, DIST_FIRST_ELEMENT_B8, DIST_FIRST_ELEMENT_B16,
    DIST_FIRST_ELEMENT_B32, DIST_PACK_B16, DIST_PACK_B32, DIST_INTLV_B8, DIST_INTLV_B16, DIST_PACK_B64,
    DIST_INTLV_B32, DIST_PACK4_B32, DIST_MRG4CHN_B8, DIST_MRG2CHN_B8, DIST_MRG2CHN_B16, DIST_NORM,
};

namespace detail {
// UNPACK: element bytes and slot ratio (each element followed by ratio-1 zero elements).
constexpr uint32_t unpack_bytes(LoadDist d) {
    return d == LoadDist::DIST_UNPACK_B8 || d == LoadDist::DIST_UNPACK4_B8 ? 1
           : d == LoadDist::DIST_UNPACK_B16                                ? 2
           : d == LoadDist::DIST_UNPACK_B32                                ? 4
                                                                           : 0;
}
constexpr uint32_t unpack_ratio(LoadDist d) { return d == LoadDist::DIST_UNPACK4_B8 ? 4 : 2; }
// PACK: slot bytes and the bytes kept of each slot (its low part).
constexpr uint32_t pack_slot(StoreDist d) {
    return d == StoreDist::DIST_PACK_B16 ? 2 : d == StoreDist::DIST_PACK_B64 ? 8 : 4;
}
constexpr uint32_t pack_keep(StoreDist d) { return d == StoreDist::DIST_PACK4_B32 ? 1 : pack_slot(d) / 2; }
constexpr bool is_pack(StoreDist d) {
    return d == StoreDist::DIST_PACK_B16 || d == StoreDist::DIST_PACK_B32 || d == StoreDist::DIST_PACK_B64 ||
           d == StoreDist::DIST_PACK4_B32;
}
}  // namespace detail

// NORM: one whole register. UNPACK_*: VL/ratio bytes, element k to byte k*ratio*sizeof(elem),
// the rest of each slot zero (docs: LoadAlign, LoadDist table).
template <typename T = void, LoadDist dist = LoadDist::DIST_NORM, typename R, typename P>
inline void LoadAlign(R& dst, P* src) {
    using E = std::remove_cv_t<P>;
    static_assert(std::is_same_v<std::remove_reference_t<decltype(dst.lane[0])>, E>,
                  "LoadAlign: register and pointer element types differ");
    const uint8_t* q = reinterpret_cast<const uint8_t*>(src);
    uint8_t* out = reinterpret_cast<uint8_t*>(dst.lane);
    if constexpr (dist == LoadDist::DIST_NORM) {
        detail::load_norm(q, out);
        return;
    } else if constexpr (dist == LoadDist::DIST_BRC_B8 || dist == LoadDist::DIST_BRC_B16 ||
                         dist == LoadDist::DIST_BRC_B32) {
        // BRC_Bn: one n-bit element, in every lane; the address aligned to the element
        // (docs: LoadAlign, LoadDist table: alignment 1 / 2 / 4 bytes)
        constexpr uint32_t e = dist == LoadDist::DIST_BRC_B8 ? 1 : dist == LoadDist::DIST_BRC_B16 ? 2 : 4;
        static_assert(sizeof(E) == e, "LoadAlign: the BRC distribution does not match the element width");
        if (reinterpret_cast<uintptr_t>(q) % e != 0) ascsim::faultf("LoadAlign", "BRC source not %u-byte aligned", e);
        detail::check_ub("LoadAlign", q, e, false);
        ascsim::vf_ub_access("LoadAlign", q, e, false);
        for (uint32_t k = 0; k < kVL / e; ++k) std::memcpy(out + k * e, q, e);
        ascsim::stats().ub_read_bytes += e;
    } else {
        constexpr uint32_t e = detail::unpack_bytes(dist), r = detail::unpack_ratio(dist);
        static_assert(e != 0, "LoadAlign: this LoadDist is not modelled");
        static_assert(sizeof(E) == e, "LoadAlign: the UNPACK distribution does not match the element width");
        detail::check_ub("LoadAlign", q, kVL / r, true);
        ascsim::vf_ub_access("LoadAlign", q, kVL / r, false);
        std::memset(out, 0, kVL);
        for (uint32_t k = 0; k < kVL / (e * r); ++k) std::memcpy(out + k * e * r, q + k * e, e);
        ascsim::stats().ub_read_bytes += kVL / r;
    }
    detail::count(ASCSIM_KIND(Load), detail::bit_of<E>());
}

// NORM: lanes the mask selects. PACK_*: the low part of each selected slot, densely
// (docs: StoreAlign, StoreDist table; the mask is read per slot).
template <typename T = void, StoreDist dist = StoreDist::DIST_NORM, typename P, typename R>
inline void StoreAlign(P* dst, const R& src, const MaskReg& mask) {
    using E = std::remove_cv_t<P>;
    static_assert(std::is_same_v<std::remove_cv_t<std::remove_reference_t<decltype(src.lane[0])>>, E>,
                  "StoreAlign: register and pointer element types differ");
    uint8_t* q = reinterpret_cast<uint8_t*>(dst);
    const uint8_t* in = reinterpret_cast<const uint8_t*>(src.lane);
    if constexpr (detail::is_pack(dist)) {
        constexpr uint32_t slot = detail::pack_slot(dist), keep = detail::pack_keep(dist);
        static_assert(sizeof(E) <= keep, "StoreAlign: PACK keeps fewer bytes than the element has");
        detail::check_ub("StoreAlign", q, kVL / slot * keep, true);
        ascsim::vf_ub_access("StoreAlign", q, kVL / slot * keep, true);
        for (uint32_t k = 0; k < kVL / slot; ++k) {
            if (!mask.bits[k * slot]) continue;
            std::memcpy(q + k * keep, in + k * slot, keep);
            ascsim::stats().ub_write_bytes += keep;
        }
        detail::count(ASCSIM_KIND(Store), detail::bit_of<E>());
    } else {
        detail::store_norm(q, in, mask, uint32_t(sizeof(E)));
    }
}

namespace detail {
// ZEROING merge: lanes the mask does not select become 0. f(i) reads lane i of its operands
// only, so dst is written in place even when it is one of them.
template <typename T, typename F>
inline void zip(int kind, RegTensor<T>& dst, const MaskReg& mask, F f) {
    if (mask.bits.all()) {  // the common case: every lane, a loop the compiler can vectorise
        for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) dst.lane[i] = f(i);
    } else {
        for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) dst.lane[i] = mask.active<T>(i) ? f(i) : T(0);
    }
    count(kind, bit_of<T>());
}
}  // namespace detail

// Register APIs whose template parameters are more than the element types (a scalar's type,
// a compare mode, a Cast trait) pass them on as values to one template per element type:
// those are instantiated once, in sim.cpp, for the element types of the tables.
#define ASCSIM_REG_BINARY(NAME, EXPR)                                                                     \
    template <typename T>                                                                                 \
    void NAME(RegTensor<T>& dst, const RegTensor<T>& s0, const RegTensor<T>& s1, const MaskReg& mask) {   \
        ascsim::rules::check_dtype<T>("Reg::" #NAME, ascsim::rules::reg::NAME);                           \
        detail::zip(ASCSIM_KIND(NAME), dst, mask, [&](uint32_t i) { T a = s0.lane[i], b = s1.lane[i]; return EXPR; });          \
    }
ASCSIM_REG_BINARY(Add, ascsim::wrap_add(a, b))
ASCSIM_REG_BINARY(Sub, ascsim::wrap_sub(a, b))
ASCSIM_REG_BINARY(Mul, ascsim::wrap_mul(a, b))
ASCSIM_REG_BINARY(Div, AscendC::detail::divide("Reg::Div", a, b))
ASCSIM_REG_BINARY(Max, AscendC::detail::vmax(a, b))
ASCSIM_REG_BINARY(Min, AscendC::detail::vmin(a, b))
#undef ASCSIM_REG_BINARY

#define ASCSIM_REG_SCALAR(NAME, EXPR)                                                                     \
    namespace detail {                                                                                    \
    template <typename T>                                                                                 \
    void NAME##_t(RegTensor<T>& dst, const RegTensor<T>& src, const T b, const MaskReg& mask) {           \
        ascsim::rules::check_dtype<T>("Reg::" #NAME, ascsim::rules::reg::NAME);                           \
        detail::zip(ASCSIM_KIND(NAME), dst, mask, [&](uint32_t i) { T a = src.lane[i]; return EXPR; });                      \
    }                                                                                                     \
    }                                                                                                     \
    template <typename T, typename U>                                                                     \
    inline void NAME(RegTensor<T>& dst, const RegTensor<T>& src, U scalar, const MaskReg& mask) {          \
        detail::NAME##_t<T>(dst, src, T(scalar), mask);                                                   \
    }
ASCSIM_REG_SCALAR(Adds, ascsim::wrap_add(a, b))
ASCSIM_REG_SCALAR(Muls, ascsim::wrap_mul(a, b))
ASCSIM_REG_SCALAR(Maxs, AscendC::detail::vmax(a, b))
ASCSIM_REG_SCALAR(Mins, AscendC::detail::vmin(a, b))
#undef ASCSIM_REG_SCALAR

#define ASCSIM_REG_UNARY(NAME, EXPR)                                                                      \
    template <typename T>                                                                                 \
    void NAME(RegTensor<T>& dst, const RegTensor<T>& src, const MaskReg& mask) {                          \
        ascsim::rules::check_dtype<T>("Reg::" #NAME, ascsim::rules::reg::NAME);                           \
        using C = ascsim::compute_t<T>;                                                                   \
        detail::zip(ASCSIM_KIND(NAME), dst, mask, [&](uint32_t i) { C x = C(src.lane[i]); return T(EXPR); });                \
    }
ASCSIM_REG_UNARY(Abs, x < C(0) ? ascsim::wrap_sub(C(0), x) : x)
ASCSIM_REG_UNARY(Exp, std::exp(x))
ASCSIM_REG_UNARY(Sqrt, std::sqrt(x))
ASCSIM_REG_UNARY(Relu, x > C(0) ? x : C(0))
#undef ASCSIM_REG_UNARY

namespace detail {
template <typename T>
void Duplicate_t(RegTensor<T>& dst, const T value) {
    ascsim::rules::check_dtype<T>("Reg::Duplicate", ascsim::rules::reg::Duplicate);
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) dst.lane[i] = value;
    detail::count(ASCSIM_KIND(Duplicate), bit_of<T>());
}

template <typename T>
void Duplicate_mt(RegTensor<T>& dst, const T value, const MaskReg& mask) {
    ascsim::rules::check_dtype<T>("Reg::Duplicate", ascsim::rules::reg::Duplicate);
    detail::zip(ASCSIM_KIND(Duplicate), dst, mask, [&](uint32_t) { return value; });
}

// Lane i = start + i (integers wrap): `istart` is the start as E, `fstart` as float.
template <typename E>
void Arange_t(RegTensor<E>& dst, const E istart, const float fstart, const bool increase) {
    ascsim::rules::check_dtype<E>("Reg::Arange", ascsim::rules::reg::Arange);
    for (uint32_t i = 0; i < RegTensor<E>::kLanes; ++i) {
        if constexpr (std::is_integral_v<E>) {
            dst.lane[i] = increase ? ascsim::wrap_add(istart, E(i)) : ascsim::wrap_sub(istart, E(i));
        } else {
            float v = increase ? fstart + float(i) : fstart - float(i);
            dst.lane[i] = E(v);
        }
    }
    detail::count(ASCSIM_KIND(Arange), bit_of<E>());
}

// Compare results: every byte bit of a selected true lane is set; unselected lanes are 0.
template <typename T>
void Compares_t(MaskReg& dst, const RegTensor<T>& src, const T scalar, const MaskReg& mask, const CMPMODE mode) {
    ascsim::rules::check_dtype<T>("Reg::Compares", ascsim::rules::reg::Compares);
    MaskReg out;
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) {
        bool r = mask.active<T>(i) && AscendC::detail::compare(mode, src.lane[i], scalar);
        detail::set_lane_bits<T>(out, i, r);
    }
    dst = out;
    detail::count(ASCSIM_KIND(Compares), bit_of<T>());
}

template <typename T>
void Compare_t(MaskReg& dst, const RegTensor<T>& a, const RegTensor<T>& b, const MaskReg& mask, const CMPMODE mode) {
    ascsim::rules::check_dtype<T>("Reg::Compare", ascsim::rules::reg::Compare);
    MaskReg out;
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) {
        bool r = mask.active<T>(i) && AscendC::detail::compare(mode, a.lane[i], b.lane[i]);
        detail::set_lane_bits<T>(out, i, r);
    }
    dst = out;
    detail::count(ASCSIM_KIND(Compare), bit_of<T>());
}

// Casts (docs: Cast.md). Between widths the narrow side uses RegLayout::ZERO: a narrow value
// sits at the start of its wide slot (lane i*ratio); the mask is read at the source's
// granularity and unselected or padding destination lanes are 0.
template <typename D, typename S>
void Cast_t(RegTensor<D>& dst, const RegTensor<S>& src, const MaskReg& mask, const RoundMode round) {
    if constexpr (!std::is_same_v<D, S>) ascsim::rules::check_cast<D, S>("Reg::Cast", round, ascsim::rules::kRegCasts, ascsim::rules::kRegCastSource);
    RegTensor<D> out;
    std::memset(out.lane, 0, sizeof(out.lane));
    if constexpr (sizeof(D) >= sizeof(S)) {
        constexpr uint32_t r = sizeof(D) / sizeof(S);
        for (uint32_t i = 0; i < RegTensor<D>::kLanes; ++i) {
            if (mask.active<S>(i * r)) out.lane[i] = ascsim::convert<D, S>("Reg::Cast", src.lane[i * r], round);
        }
    } else {
        constexpr uint32_t r = sizeof(S) / sizeof(D);
        for (uint32_t i = 0; i < RegTensor<S>::kLanes; ++i) {
            if (mask.active<S>(i)) out.lane[i * r] = ascsim::convert<D, S>("Reg::Cast", src.lane[i], round);
        }
    }
    dst = out;
    constexpr bool floats = std::is_floating_point_v<ascsim::compute_t<D>> && std::is_floating_point_v<ascsim::compute_t<S>>;
    detail::count(floats ? ASCSIM_KIND(CastFloat) : ASCSIM_KIND(Cast), bit_of<S>());
}
}  // namespace detail

template <typename T, typename U>
inline void Duplicate(RegTensor<T>& dst, U scalar) {
    detail::Duplicate_t<T>(dst, T(scalar));
}

template <typename T, typename U>
inline void Duplicate(RegTensor<T>& dst, U scalar, const MaskReg& mask) {
    detail::Duplicate_mt<T>(dst, T(scalar), mask);
}

// Lane i = start + i (integers wrap).
template <typename T = void, IndexOrder order = IndexOrder::INCREASE_ORDER, typename R, typename U>
inline void Arange(R& dst, U start) {
    using E = std::remove_reference_t<decltype(dst.lane[0])>;
    detail::Arange_t<E>(dst, E(start), float(start), order == IndexOrder::INCREASE_ORDER);
}

template <typename T, CMPMODE mode, typename U>
inline void Compares(MaskReg& dst, const RegTensor<T>& src, U scalar, const MaskReg& mask) {
    detail::Compares_t<T>(dst, src, T(scalar), mask, mode);
}

template <typename T, CMPMODE mode>
inline void Compare(MaskReg& dst, const RegTensor<T>& a, const RegTensor<T>& b, const MaskReg& mask) {
    detail::Compare_t<T>(dst, a, b, mask, mode);
}

template <typename T>
void Select(RegTensor<T>& dst, const RegTensor<T>& src0, const RegTensor<T>& src1, const MaskReg& sel) {
    ascsim::rules::check_dtype<T>("Reg::Select", ascsim::rules::reg::Select);
    RegTensor<T> out;
    for (uint32_t i = 0; i < RegTensor<T>::kLanes; ++i) out.lane[i] = sel.active<T>(i) ? src0.lane[i] : src1.lane[i];
    dst = out;
    detail::count(ASCSIM_KIND(Select), detail::bit_of<T>());
}

template <typename D, typename S, const CastTrait& trait = castTrait>
inline void Cast(RegTensor<D>& dst, const RegTensor<S>& src, const MaskReg& mask) {
    detail::Cast_t<D, S>(dst, src, mask, trait.roundMode);
}

// ------------------------------------------------------------------ instantiations (sim.cpp)
#define ASCSIM_REG_T(T, EXTERN)                                                                                \
    EXTERN template void Add<T>(RegTensor<T>&, const RegTensor<T>&, const RegTensor<T>&, const MaskReg&);       \
    EXTERN template void Sub<T>(RegTensor<T>&, const RegTensor<T>&, const RegTensor<T>&, const MaskReg&);       \
    EXTERN template void Mul<T>(RegTensor<T>&, const RegTensor<T>&, const RegTensor<T>&, const MaskReg&);       \
    EXTERN template void Div<T>(RegTensor<T>&, const RegTensor<T>&, const RegTensor<T>&, const MaskReg&);       \
    EXTERN template void Max<T>(RegTensor<T>&, const RegTensor<T>&, const RegTensor<T>&, const MaskReg&);       \
    EXTERN template void Min<T>(RegTensor<T>&, const RegTensor<T>&, const RegTensor<T>&, const MaskReg&);       \
    EXTERN template void detail::Adds_t<T>(RegTensor<T>&, const RegTensor<T>&, const T, const MaskReg&);        \
    EXTERN template void detail::Muls_t<T>(RegTensor<T>&, const RegTensor<T>&, const T, const MaskReg&);        \
    EXTERN template void detail::Maxs_t<T>(RegTensor<T>&, const RegTensor<T>&, const T, const MaskReg&);        \
    EXTERN template void detail::Mins_t<T>(RegTensor<T>&, const RegTensor<T>&, const T, const MaskReg&);        \
    EXTERN template void Abs<T>(RegTensor<T>&, const RegTensor<T>&, const MaskReg&);                            \
    EXTERN template void Exp<T>(RegTensor<T>&, const RegTensor<T>&, const MaskReg&);                            \
    EXTERN template void Sqrt<T>(RegTensor<T>&, const RegTensor<T>&, const MaskReg&);                           \
    EXTERN template void Relu<T>(RegTensor<T>&, const RegTensor<T>&, const MaskReg&);                           \
    EXTERN template void detail::Duplicate_t<T>(RegTensor<T>&, const T);                                        \
    EXTERN template void detail::Duplicate_mt<T>(RegTensor<T>&, const T, const MaskReg&);                       \
    EXTERN template void detail::Arange_t<T>(RegTensor<T>&, const T, const float, const bool);                 \
    EXTERN template void detail::Compares_t<T>(MaskReg&, const RegTensor<T>&, const T, const MaskReg&, const CMPMODE); \
    EXTERN template void detail::Compare_t<T>(MaskReg&, const RegTensor<T>&, const RegTensor<T>&, const MaskReg&, \
                                              const CMPMODE);                                                  \
    EXTERN template void Select<T>(RegTensor<T>&, const RegTensor<T>&, const RegTensor<T>&, const MaskReg&);    \
    ASCSIM_ELEMENT_TYPES_2(ASCSIM_REG_CAST_PAIR, T)

#define ASCSIM_REG_CAST_PAIR(S, D)                                                                            \
    ASCSIM_EXTERN_OR_NOT template void detail::Cast_t<D, S>(RegTensor<D>&, const RegTensor<S>&, const MaskReg&, \
                                                           const RoundMode);

#ifndef ASCSIM_INSTANTIATE
ASCSIM_ELEMENT_TYPES(ASCSIM_REG_T, extern)
#endif

}  // namespace Reg
namespace MicroAPI = Reg;
}  // namespace AscendC

// SIMD VF call: runs the function body once (it loops over registers itself).
template <auto fn, typename... Args>
inline void asc_vf_call(Args&&... args) {
    ascsim::VfScope vf_scope("asc_vf_call");
    ascsim::stats().vf_calls += 1;
    fn(std::forward<Args>(args)...);
}
