// Memory-level vector API (count form): operands are LocalTensors in UB, 32-byte aligned.
// One vector instruction is counted per 256-byte repeat of the widest operand.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "convert.h"
#include "core.h"
#include "rules.h"
#include "tensor.h"
#include "trace.h"
#include "types.h"

namespace AscendC {

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };

namespace detail {

template <typename T>
inline void need(const char* api, const LocalTensor<T>& t, int64_t count) {
    if (count < 0) ascsim::fail(api, "negative count ", count);
    t.check_range(api, uint64_t(count));
}

// Byte ranges [lo, hi) of UB operands, for the overlap rules (doc:通用说明和约束.md:70, 77-78).
struct Bytes {
    uint64_t lo, hi;
};
template <typename T>
inline Bytes bytes_of(const LocalTensor<T>& t, uint64_t count) {
    return {t.sim_offset(), t.sim_offset() + count * sizeof(T)};
}
inline bool intersect(Bytes a, Bytes b) { return a.lo < b.hi && b.lo < a.hi && a.lo < a.hi && b.lo < b.hi; }

// overlap-partial: a source and the destination overlap completely or not at all.
inline void full_or_none(const char* api, Bytes dst, Bytes src) {
    if (intersect(dst, src) && (dst.lo != src.lo || dst.hi != src.hi)) {
        ascsim::rules::violate(api, ascsim::rules::rule::overlap_partial, "destination bytes [", dst.lo, ", ", dst.hi,
                               ") and source bytes [", src.lo, ", ", src.hi, ") overlap in part");
    }
}

// overlap-undocumented: an API whose page states no overlap rule takes no overlapping operands.
template <typename A, typename B>
inline void no_overlap(const char* api, const LocalTensor<A>& a, uint64_t a_count, const LocalTensor<B>& b,
                       uint64_t b_count) {
    const Bytes x = bytes_of(a, a_count), y = bytes_of(b, b_count);
    if (intersect(x, y)) {
        ascsim::rules::violate(api, ascsim::rules::rule::overlap_undocumented, "destination bytes [", x.lo, ", ",
                               x.hi, ") overlap source bytes [", y.lo, ", ", y.hi, ")");
    }
}

// compare-count: Compare/Compares (count form) take whole 256-byte repeats.
template <typename T>
inline void compare_count(const char* api, uint32_t count) {
    if (uint64_t(count) * sizeof(T) % ascsim::kVectorBytes != 0) {
        ascsim::rules::violate(api, ascsim::rules::rule::compare_count, "count ", count, " x ", sizeof(T),
                               " bytes is not a multiple of 256 bytes");
    }
}

template <typename T, typename F>
inline void map1(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, int64_t count, F f) {
    need(api, dst, count);
    need(api, src, count);
    full_or_none(api, bytes_of(dst, uint64_t(count)), bytes_of(src, uint64_t(count)));
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T), {ascsim::ub_span(dst, count, true), ascsim::ub_span(src, count, false)});
    T* d = dst.GetPhyAddr();
    const T* s = src.GetPhyAddr();
    for (int64_t i = 0; i < count; ++i) d[i] = f(s[i]);
    ascsim::count_vector(uint64_t(count) * sizeof(T));
}

template <typename T, typename F>
inline void map2(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,
                 int64_t count, F f) {
    need(api, dst, count);
    need(api, a, count);
    need(api, b, count);
    full_or_none(api, bytes_of(dst, uint64_t(count)), bytes_of(a, uint64_t(count)));
    full_or_none(api, bytes_of(dst, uint64_t(count)), bytes_of(b, uint64_t(count)));
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T), {ascsim::ub_span(dst, count, true), ascsim::ub_span(a, count, false), ascsim::ub_span(b, count, false)});
    T* d = dst.GetPhyAddr();
    const T* x = a.GetPhyAddr();
    const T* y = b.GetPhyAddr();
    for (int64_t i = 0; i < count; ++i) d[i] = f(x[i], y[i]);
    ascsim::count_vector(uint64_t(count) * sizeof(T), 2);
}

template <typename T>
inline bool compare(CMPMODE mode, T a, T b) {
    auto x = ascsim::compute_t<T>(a);
    auto y = ascsim::compute_t<T>(b);
    switch (mode) {
        case CMPMODE::LT: return x < y;
        case CMPMODE::GT: return x > y;
        case CMPMODE::EQ: return x == y;
        case CMPMODE::LE: return x <= y;
        case CMPMODE::GE: return x >= y;
        case CMPMODE::NE: return x != y;
    }
    return false;
}

template <typename T>
inline T divide(const char* api, T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        if (b == 0) ascsim::fail(api, "integer division by zero");
        if constexpr (std::is_signed_v<T>) {
            if (a == std::numeric_limits<T>::lowest() && b == T(-1)) return a;
        }
        return T(a / b);
    } else {
        return T(ascsim::compute_t<T>(a) / ascsim::compute_t<T>(b));
    }
}

// Max/Min/Relu: the docs of the vector Max/Min/Relu do not say what a NaN operand gives; the
// SIMT __hmax/__hmin and fmaxf/fminf docs (asc-devkit docs/zh/api/SIMT-API/数学函数/...) state
// IEEE 754-2008 maxNum/minNum: a NaN operand yields the other operand. The simulator assumes
// that, the behaviour least favourable to NaN propagation, so emitted code that needs torch's
// NaN propagation must provide it (lowering: NaN fix-ups) and is checked here.
template <typename T>
inline bool is_nan(T v) {
    if constexpr (std::is_integral_v<T>) {
        (void)v;
        return false;
    } else {
        auto c = ascsim::compute_t<T>(v);
        return c != c;
    }
}
template <typename T>
inline T vmax(T a, T b) {
    if (is_nan(a)) return b;
    if (is_nan(b)) return a;
    return ascsim::compute_t<T>(a) >= ascsim::compute_t<T>(b) ? a : b;
}
template <typename T>
inline T vmin(T a, T b) {
    if (is_nan(a)) return b;
    if (is_nan(b)) return a;
    return ascsim::compute_t<T>(a) <= ascsim::compute_t<T>(b) ? a : b;
}

// And (Memory矢量计算/逻辑计算/And.md): bitwise, integer element types only (the rule check
// refuses the others first; this keeps a float instantiation compiling).
template <typename T>
inline T bit_and(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        return T(a & b);
    } else {
        ascsim::fail("And", "element type has no bitwise form");
    }
}

}  // namespace detail

#define ASCSIM_BINARY(NAME, EXPR)                                                                        \
    template <typename T>                                                                                \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,        \
              const int32_t& count) {                                                                    \
        ascsim::rules::check_dtype<T>(#NAME, ascsim::rules::mem::NAME);                                  \
        detail::map2(#NAME, dst, src0, src1, count, [](T a, T b) { return EXPR; });                     \
    }

ASCSIM_BINARY(Add, ascsim::wrap_add(a, b))
ASCSIM_BINARY(Sub, ascsim::wrap_sub(a, b))
ASCSIM_BINARY(Mul, ascsim::wrap_mul(a, b))
ASCSIM_BINARY(Div, detail::divide("Div", a, b))
ASCSIM_BINARY(Max, detail::vmax(a, b))
ASCSIM_BINARY(Min, detail::vmin(a, b))
ASCSIM_BINARY(And, detail::bit_and(a, b))
#undef ASCSIM_BINARY

// The scalar is converted to T first (as the device's API does): the per-T body is one
// template (instantiated once, in sim.cpp, for the element types of the tables).
#define ASCSIM_SCALAR(NAME, EXPR)                                                                        \
    namespace detail {                                                                                   \
    template <typename T>                                                                                \
    void NAME##_t(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T s, const int32_t count) { \
        ascsim::rules::check_dtype<T>(#NAME, ascsim::rules::mem::NAME);                                  \
        detail::map1(#NAME, dst, src, count, [s](T a) { return EXPR; });                                 \
    }                                                                                                    \
    }                                                                                                    \
    template <typename T, typename U>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalar, const int32_t& count) { \
        detail::NAME##_t<T>(dst, src, T(scalar), count);                                                 \
    }

ASCSIM_SCALAR(Adds, ascsim::wrap_add(a, s))
ASCSIM_SCALAR(Muls, ascsim::wrap_mul(a, s))
ASCSIM_SCALAR(Maxs, detail::vmax(a, s))
ASCSIM_SCALAR(Mins, detail::vmin(a, s))
#undef ASCSIM_SCALAR

#define ASCSIM_UNARY(NAME, EXPR)                                                                         \
    template <typename T>                                                                                \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {             \
        ascsim::rules::check_dtype<T>(#NAME, ascsim::rules::mem::NAME);                                  \
        using C = ascsim::compute_t<T>;                                                                  \
        detail::map1(#NAME, dst, src, count, [](T a) { C x = C(a); return T(EXPR); });                 \
    }

ASCSIM_UNARY(Abs, x < C(0) ? ascsim::wrap_sub(C(0), x) : x)
ASCSIM_UNARY(Exp, std::exp(x))
ASCSIM_UNARY(Sqrt, std::sqrt(x))
ASCSIM_UNARY(Relu, x > C(0) ? x : C(0))
#undef ASCSIM_UNARY

namespace detail {
template <typename T>
void Duplicate_t(const LocalTensor<T>& dst, const T value, const int32_t count) {
    ascsim::rules::check_dtype<T>("Duplicate", ascsim::rules::mem::Duplicate);
    detail::need("Duplicate", dst, count);
    ascsim::rec_vector("Duplicate", "Duplicate", ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T), {ascsim::ub_span(dst, count, true)});
    T* d = dst.GetPhyAddr();
    for (int32_t i = 0; i < count; ++i) d[i] = value;
    ascsim::count_vector(uint64_t(count) * sizeof(T), 0);
}
}  // namespace detail

template <typename T, typename U>
inline void Duplicate(const LocalTensor<T>& dst, const U& scalar, const int32_t& count) {
    detail::Duplicate_t<T>(dst, T(scalar), count);
}

namespace detail {
// cast-overlap: the CPU-debug check of a count-form Cast (CheckCastOverlappingHigh,
// impl/basic_api/utils/kernel_utils_constants.h:715-733), on UB byte offsets.
inline void cast_overlap(uint64_t dst, uint64_t src, uint64_t dst_size, uint64_t src_size, uint32_t count) {
    const uint64_t low = std::min(dst, src), high = std::max(dst, src);
    const uint64_t low_bytes = dst > src ? count * src_size : count * dst_size;
    if (src_size < dst_size && src >= (dst + count * src_size + 31) / 32 * 32) return;
    if (dst_size > src_size && src == dst) {
        ascsim::rules::violate("Cast", ascsim::rules::rule::cast_overlap, "a widening Cast (", src_size, " -> ",
                               dst_size, " bytes) in place");
    }
    if (low_bytes > ascsim::kVectorBytes && src != dst && low + low_bytes > high) {
        ascsim::rules::violate("Cast", ascsim::rules::rule::cast_overlap, "destination at UB byte ", dst,
                               " and source at byte ", src, " overlap over more than 256 bytes");
    }
}
}  // namespace detail

template <typename D, typename S>
void Cast(const LocalTensor<D>& dst, const LocalTensor<S>& src, const RoundMode& mode, const uint32_t count) {
    ascsim::rules::check_cast<D, S>("Cast", mode, ascsim::rules::kMemoryCasts, ascsim::rules::kMemoryCastSource, std::is_same_v<S, int32_t> && std::is_same_v<D, half> ? ascsim::rules::kDeqScaleNote : nullptr);
    detail::need("Cast", dst, count);
    detail::need("Cast", src, count);
    detail::cast_overlap(dst.sim_offset(), src.sim_offset(), sizeof(D), sizeof(S), count);
    ascsim::rec_vector("Cast", std::is_floating_point_v<ascsim::compute_t<D>> && std::is_floating_point_v<ascsim::compute_t<S>> ? "CastFloat" : "Cast",
                       ascsim::rules::elem_bit<S>(), uint64_t(count) * std::max(sizeof(D), sizeof(S)), {ascsim::ub_span(dst, count, true), ascsim::ub_span(src, count, false)});
    // Repeat by repeat, as the 950's Cast loop does (a register load of one repeat's lanes,
    // then its store: dav_3510/kernel_operator_vec_vconv_impl.h:1625-1641), so that the
    // overlaps cast-overlap allows give the device's numbers.
    D* d = dst.GetPhyAddr();
    const S* s = src.GetPhyAddr();
    constexpr uint32_t lanes = uint32_t(ascsim::kVectorBytes / std::max(sizeof(D), sizeof(S)));
    S held[lanes];
    for (uint32_t r = 0; r < count; r += lanes) {
        const uint32_t n = std::min(lanes, count - r);
        std::memcpy(held, s + r, n * sizeof(S));
        for (uint32_t i = 0; i < n; ++i) d[r + i] = ascsim::convert<D, S>("Cast", held[i], mode);
    }
    ascsim::count_vector(uint64_t(count) * std::max(sizeof(D), sizeof(S)));
}

// Compare: one result bit per element, packed little-endian into uint8 (bit i%8 of byte i/8).
template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE mode,
             uint32_t count) {
    static_assert(std::is_same_v<U, uint8_t> || std::is_same_v<U, int8_t>, ASCSIM_RULE_compare_dst_type);
    ascsim::rules::check_dtype<T>("Compare", ascsim::rules::mem::Compare);
    const char* api = "Compare";
    detail::compare_count<T>(api, count);
    detail::need(api, src0, count);
    detail::need(api, src1, count);
    dst.check_range(api, (count + 8 * sizeof(U) - 1) / (8 * sizeof(U)));
    detail::no_overlap(api, dst, (count + 7) / 8, src0, count);
    detail::no_overlap(api, dst, (count + 7) / 8, src1, count);
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T), {ascsim::ub_bytes(dst.sim_offset(), dst.sim_offset() + (count + 7) / 8, true), ascsim::ub_span(src0, count, false), ascsim::ub_span(src1, count, false)});
    uint8_t* bits = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    std::fill(bits, bits + count / 8, uint8_t(0));
    for (uint32_t i = 0; i < count; ++i) {
        if (detail::compare(mode, src0.GetPhyAddr()[i], src1.GetPhyAddr()[i])) bits[i / 8] |= uint8_t(1u << (i % 8));
    }
    ascsim::count_vector(uint64_t(count) * sizeof(T), 2, 0);
    ascsim::stats().ub_write_bytes += count / 8;
}

template <typename T, typename U>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T scalar, CMPMODE mode, uint32_t count) {
    static_assert(std::is_same_v<U, uint8_t>, ASCSIM_RULE_compares_dst_type);
    ascsim::rules::check_dtype<T>("Compares", ascsim::rules::mem::Compares);
    const char* api = "Compares";
    detail::compare_count<T>(api, count);
    detail::need(api, src0, count);
    dst.check_range(api, (count + 8 * sizeof(U) - 1) / (8 * sizeof(U)));
    detail::no_overlap(api, dst, (count + 7) / 8, src0, count);
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T), {ascsim::ub_bytes(dst.sim_offset(), dst.sim_offset() + (count + 7) / 8, true), ascsim::ub_span(src0, count, false)});
    uint8_t* bits = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    std::fill(bits, bits + count / 8, uint8_t(0));
    for (uint32_t i = 0; i < count; ++i) {
        if (detail::compare(mode, src0.GetPhyAddr()[i], scalar)) bits[i / 8] |= uint8_t(1u << (i % 8));
    }
    ascsim::count_vector(uint64_t(count) * sizeof(T), 1, 0);
    ascsim::stats().ub_write_bytes += count / 8;
}

namespace detail {
template <typename T, typename U, typename Pick>
void select(const char* api, const LocalTensor<T>& dst, const LocalTensor<U>& mask, SELMODE mode, uint32_t count,
            Pick pick, ascsim::Range srcs, ascsim::Range srcs2) {
    static_assert(std::is_same_v<U, uint8_t> || std::is_same_v<U, uint16_t> || std::is_same_v<U, uint32_t> ||
                      std::is_same_v<U, uint64_t>,
                  ASCSIM_RULE_select_mask_type);
    need(api, dst, count);
    const uint8_t* bits = reinterpret_cast<const uint8_t*>(mask.GetPhyAddr());
    const uint32_t per_repeat = uint32_t(ascsim::kVectorBytes / sizeof(T));
    const uint64_t mask_bits = mode == SELMODE::VSEL_CMPMASK_SPR ? per_repeat : count;
    mask.check_range(api, (mask_bits + 8 * sizeof(U) - 1) / (8 * sizeof(U)));
    full_or_none(api, bytes_of(dst, count), {mask.sim_offset(), mask.sim_offset() + (mask_bits + 7) / 8});
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T), {ascsim::ub_span(dst, count, true), ascsim::ub_bytes(mask.sim_offset(), mask.sim_offset() + (mask_bits + 7) / 8, false), ascsim::ub_bytes(srcs.lo, srcs.hi, false), ascsim::ub_bytes(srcs2.lo, srcs2.hi, false)});
    T* d = dst.GetPhyAddr();
    for (uint32_t i = 0; i < count; ++i) {
        uint32_t bit = mode == SELMODE::VSEL_CMPMASK_SPR ? i % per_repeat : i;
        d[i] = pick(i, (bits[bit / 8] >> (bit % 8)) & 1u);
    }
    ascsim::count_vector(uint64_t(count) * sizeof(T), 2);
    ascsim::stats().ub_read_bytes += (mask_bits + 7) / 8;
}
}  // namespace detail

template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE mode, uint32_t count) {
    ascsim::rules::check_dtype<T>("Select", ascsim::rules::mem::Select);
    detail::need("Select", src0, count);
    detail::need("Select", src1, count);
    detail::full_or_none("Select", detail::bytes_of(dst, count), detail::bytes_of(src0, count));
    detail::full_or_none("Select", detail::bytes_of(dst, count), detail::bytes_of(src1, count));
    const T* a = src0.GetPhyAddr();
    const T* b = src1.GetPhyAddr();
    detail::select("Select", dst, selMask, mode, count, [&](uint32_t i, bool take) { return take ? a[i] : b[i]; },
                   ascsim::ub_span(src0, count, false), ascsim::ub_span(src1, count, false));
}

template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T scalar,
            SELMODE mode, uint32_t count) {
    ascsim::rules::check_dtype<T>("Select", ascsim::rules::mem::Select);
    detail::need("Select", src0, count);
    detail::full_or_none("Select", detail::bytes_of(dst, count), detail::bytes_of(src0, count));
    const T* a = src0.GetPhyAddr();
    detail::select("Select", dst, selMask, mode, count, [&](uint32_t i, bool take) { return take ? a[i] : scalar; },
                   ascsim::ub_span(src0, count, false), ascsim::ub_bytes(0, 0, false));
}

namespace detail {
// ReduceSum's order of adds on the 950 (sim.cpp, instantiated for half, bfloat16_t, float).
template <typename T>
T device_sum(const T* x, uint32_t count);
}  // namespace detail

// Reductions: the result is written to dst[0] (ReduceMax/Min: index bits to dst[1] if asked).
namespace detail {
// reduce-count: the count form reduces 1 .. 248 KB / sizeof(T) elements.
template <typename T>
inline void reduce_count(const char* api, int32_t count) {
    if (count < 1 || uint64_t(count) > ascsim::rules::kUbBytes / sizeof(T)) {
        ascsim::rules::violate(api, ascsim::rules::rule::reduce_count, "count ", count);
    }
}

// reducesum-work: the elements ReduceSum's sharedTmpBuffer must hold on the 950 (ReduceSum.md,
// 950: 64-bit types and counter-mode data of 256..1024 bytes add without it; otherwise one
// partial per repeat, rounded up to a 32-byte block). The count form is in counter mode.
// firstMaxRepeat rounds up: the impl writes ceil(count / elementsPerRepeat) partials there
// (dav_3510/kernel_operator_vec_reduce_impl.h:605-619), the doc's count / elementsPerRepeat
// is that number for whole repeats.
template <typename T>
inline uint64_t reduce_sum_work(uint64_t repeats, bool counter, uint64_t bytes) {
    if (sizeof(T) == 8 || (counter && bytes >= 256 && bytes <= 1024)) return 0;
    const uint64_t per_block = ascsim::kBlockBytes / sizeof(T);
    return ascsim::ceil_div(repeats == 0 ? 1 : repeats, per_block) * per_block;
}
}  // namespace detail

namespace detail {
// reduce-work: the work elements the CPU-debug checker asks of a reduction
// (asc-tools cpudebug/src/api_check/kernel_vec_reduce_check.cpp CheckWorkTensorOffset): two
// (value, index) slots per repeat of the first pass, and with calIndex the later passes' slots
// at 32-byte aligned starts. The 950's count forms reach it with repeats = count /
// elementsPerRepeat (at least 1; kernel_operator_vec_reduce_intf_impl.h:1288, 1355, 1437).
// The checker keeps repeats in a uint8_t; the simulator does not wrap it (stricter).
template <typename T>
inline uint64_t checker_reduce_work(uint64_t repeats, bool cal_index) {
    const uint64_t per_rep = ascsim::kVectorBytes / sizeof(T);
    auto align = [](uint64_t pos) { return ascsim::ceil_div(pos * sizeof(T), ascsim::kBlockBytes) * ascsim::kBlockBytes / sizeof(T); };
    auto pass = [&](uint64_t in, uint64_t start, uint64_t* next) {
        const uint64_t out = 2 * (in / per_rep) + (in % per_rep != 0 ? 2 : 0);
        *next = align(start + out);
        return out;
    };
    const uint64_t out1 = 2 * repeats;
    if (!cal_index || out1 == 2) return out1;
    uint64_t start3 = 0;
    const uint64_t start2 = align(out1);
    const uint64_t out2 = pass(out1, start2, &start3);
    uint64_t result = out2 == 2 ? start2 + 1 : start3 + 1;
    if (out2 != 2 && out2 > per_rep) {
        uint64_t start4 = 0;
        pass(out2, start3, &start4);
        result = start4 + 1;
    }
    return result + 1;
}

template <typename T>
inline void check_reduce_work(const char* api, const ascsim::rules::Rule& rule, const LocalTensor<T>& work,
                              uint64_t need, int32_t count) {
    if (work.sim_elements() < need) {
        ascsim::rules::violate(api, rule, "the work tensor holds ", work.sim_elements(), " elements, ", need,
                               " are needed for count ", count);
    }
}
}  // namespace detail

template <typename T>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count) {
    ascsim::rules::check_dtype<T>("ReduceSum", ascsim::rules::mem::ReduceSum);
    detail::reduce_count<T>("ReduceSum", count);
    detail::need("ReduceSum", src, count);
    detail::need("ReduceSum", dst, 1);
    const uint64_t per_repeat = ascsim::kVectorBytes / sizeof(T);
    // What the 950 writes there (the doc's formula) and what the CPU-debug checker asks.
    const uint64_t need_work =
        detail::reduce_sum_work<T>(ascsim::ceil_div(uint64_t(count), per_repeat), true, uint64_t(count) * sizeof(T));
    detail::check_reduce_work("ReduceSum", ascsim::rules::rule::reducesum_work, work, need_work, count);
    detail::check_reduce_work("ReduceSum", ascsim::rules::rule::reduce_work, work,
                              detail::checker_reduce_work<T>(std::max<uint64_t>(1, uint64_t(count) / per_repeat), false),
                              count);
    work.check_range("ReduceSum", 0);
    if (need_work > 0) {
        detail::full_or_none("ReduceSum", detail::bytes_of(work, need_work), detail::bytes_of(src, uint64_t(count)));
    }
    detail::full_or_none("ReduceSum", detail::bytes_of(dst, 1), detail::bytes_of(src, uint64_t(count)));
    ascsim::rec_vector("ReduceSum", "ReduceSum", ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T),
                       {ascsim::ub_span(src, count, false), ascsim::ub_span(dst, 1, true),
                        ascsim::ub_span(work, need_work, true)});
    if constexpr (std::is_integral_v<T>) {
        T acc = T(0);  // wrapping integer sums do not depend on the order
        for (int32_t i = 0; i < count; ++i) acc = ascsim::wrap_add<T>(acc, src.GetPhyAddr()[i]);
        dst.GetPhyAddr()[0] = acc;
    } else {
        dst.GetPhyAddr()[0] = detail::device_sum(src.GetPhyAddr(), uint32_t(count < 0 ? 0 : count));
    }
    ascsim::count_vector(uint64_t(count) * sizeof(T), 1, 0);
    ascsim::stats().ub_write_bytes += sizeof(T);
}

namespace detail {
// The largest finite magnitude of a float type, negative for ``lowest``, from its bits.
template <typename T>
T finite_bound(bool lowest) {
    T v;
    if constexpr (sizeof(T) == 4) {
        const uint32_t bits = lowest ? 0xFF7FFFFFu : 0x7F7FFFFFu;
        std::memcpy(&v, &bits, 4);
    } else if constexpr (std::is_same_v<T, half>) {
        const uint16_t bits = lowest ? 0xFBFFu : 0x7BFFu;
        std::memcpy(&v, &bits, 2);
    } else {
        const uint16_t bits = lowest ? 0xFF7Fu : 0x7F7Fu;  // bfloat16_t
        std::memcpy(&v, &bits, 2);
    }
    return v;
}

template <typename T, typename Better>
void reduce_pick(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work,
                 int32_t count, bool index, Better better) {
    reduce_count<T>(api, count);
    need(api, src, count);
    need(api, dst, index ? 2 : 1);
    const uint64_t per_repeat = ascsim::kVectorBytes / sizeof(T);
    check_reduce_work(api, ascsim::rules::rule::reduce_work, work,
                      checker_reduce_work<T>(std::max<uint64_t>(1, uint64_t(count) / per_repeat), index), count);
    work.check_range(api, 0);
    full_or_none(api, bytes_of(dst, index ? 2 : 1), bytes_of(src, uint64_t(count)));
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T), {ascsim::ub_span(src, count, false), ascsim::ub_span(dst, index ? 2 : 1, true)});
    const T* s = src.GetPhyAddr();
    // A NaN input gives NaN and the first NaN's index (docs: Reg矢量计算/归约计算/Reduce.md,
    // which the 950 memory-level ReduceMax/ReduceMin are implemented with).
    int32_t best = 0;
    for (int32_t i = 1; i < count && !is_nan(s[best]); ++i) {
        if (is_nan(s[i]) || better(s[i], s[best])) best = i;
    }
    dst.GetPhyAddr()[0] = s[best];
    // The 950 ReduceMax/ReduceMin start from the lowest/highest FINITE value of T, not from
    // -inf/+inf (impl/basic_api/dav_3510/kernel_operator_vec_reduce_impl.h initialises the
    // accumulator with GetMinValue<T>() / GetMaxValue<T>(): float 0xFF7FFFFF / 0x7F7FFFFF,
    // half 0xFBFF / 0x7BFF): a row of -inf gives -FLT_MAX (-65504 for half), a row of +inf
    // +FLT_MAX. NaN still wins. The lowering restores torch's answer (graph_lowering _unclamp).
    if constexpr (!std::is_integral_v<T>) {
        const T bound = finite_bound<T>(better(T(0.0f), T(1.0f)) ? false : true);
        if (!is_nan(s[best]) && better(bound, s[best])) dst.GetPhyAddr()[0] = bound;
    }
    if (index) {
        if constexpr (sizeof(T) == 4) std::memcpy(&dst.GetPhyAddr()[1], &best, 4);
        else if constexpr (sizeof(T) == 2) { uint16_t b = uint16_t(best); std::memcpy(&dst.GetPhyAddr()[1], &b, 2); }
    }
    ascsim::count_vector(uint64_t(count) * sizeof(T));
}
}  // namespace detail

template <typename T>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count,
               bool calIndex = false) {
    ascsim::rules::check_dtype<T>("ReduceMax", ascsim::rules::mem::ReduceMax);
    detail::reduce_pick("ReduceMax", dst, src, work, count, calIndex,
                        [](T a, T b) { return ascsim::compute_t<T>(a) > ascsim::compute_t<T>(b); });
}

template <typename T>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count,
               bool calIndex = false) {
    ascsim::rules::check_dtype<T>("ReduceMin", ascsim::rules::mem::ReduceMin);
    detail::reduce_pick("ReduceMin", dst, src, work, count, calIndex,
                        [](T a, T b) { return ascsim::compute_t<T>(a) < ascsim::compute_t<T>(b); });
}

// Gather: dst[i] = src[(srcBaseOffset + srcOffset[i]) / sizeof(T)], offsets in bytes.
template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseOffset, const uint32_t count) {
    ascsim::rules::check_dtype<T>("Gather", ascsim::rules::mem::Gather);
    const char* api = "Gather";
    detail::need(api, dst, count);
    detail::need(api, srcOffset, count);
    src.check_range(api, 0);
    if (detail::intersect(detail::bytes_of(dst, count), detail::bytes_of(src, src.sim_elements()))) {
        ascsim::rules::violate(api, ascsim::rules::rule::gather_aliasing, "the destination overlaps the source");
    }
    detail::full_or_none(api, detail::bytes_of(dst, count), {srcOffset.sim_offset(), srcOffset.sim_offset() + count * 4ull});
    if (srcBaseOffset % sizeof(T) != 0 || uint64_t(srcBaseOffset) >= src.sim_elements() * sizeof(T)) {
        ascsim::rules::violate(api, ascsim::rules::rule::gather_base, "srcBaseOffset ", srcBaseOffset,
                               " with a source of ", src.sim_elements() * sizeof(T), " bytes");
    }
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), uint64_t(count) * sizeof(T), {ascsim::ub_span(dst, count, true), ascsim::ub_span(srcOffset, count, false), ascsim::ub_span(src, src.sim_elements(), false)});
    const uint32_t* off = srcOffset.GetPhyAddr();
    for (uint32_t i = 0; i < count; ++i) {
        uint64_t byte = uint64_t(srcBaseOffset) + off[i];
        ascsim::rules::check_gather_offset<T>(api, off[i]);
        if (byte % sizeof(T) != 0) ascsim::fail(api, "byte offset ", byte, " is not a multiple of ", sizeof(T));
        if (byte / sizeof(T) >= src.sim_elements()) {
            ascsim::fail(api, "byte offset ", byte, " (element ", byte / sizeof(T), ") is outside the ",
                         src.sim_elements(), "-element source tensor");
        }
        dst.GetPhyAddr()[i] = src.GetPhyAddr()[byte / sizeof(T)];
    }
    ascsim::count_vector(uint64_t(count) * sizeof(T));
}

// ------------------------------------------------------------------ instantiations
// Every API above is instantiated once for the element types of the tables (and masks of
// uint8_t), in sim.cpp; a kernel translation unit only calls them. Other types (none that
// the emitter produces) are instantiated in the kernel as usual.
#define ASCSIM_ELEMENT_TYPES(X, A) \
    X(int8_t, A) X(uint8_t, A) X(int16_t, A) X(uint16_t, A) X(half, A) X(bfloat16_t, A) X(int32_t, A) \
    X(uint32_t, A) X(float, A) X(int64_t, A) X(uint64_t, A)
#define ASCSIM_ELEMENT_TYPES_2(X, A) \
    X(int8_t, A) X(uint8_t, A) X(int16_t, A) X(uint16_t, A) X(half, A) X(bfloat16_t, A) X(int32_t, A) \
    X(uint32_t, A) X(float, A) X(int64_t, A) X(uint64_t, A)

#define ASCSIM_VECTOR_T(T, EXTERN)                                                                                \
    EXTERN template void Add<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&); \
    EXTERN template void Sub<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&); \
    EXTERN template void Mul<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&); \
    EXTERN template void Div<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&); \
    EXTERN template void Max<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&); \
    EXTERN template void Min<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&); \
    EXTERN template void And<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&); \
    EXTERN template void detail::Adds_t<T>(const LocalTensor<T>&, const LocalTensor<T>&, const T, const int32_t); \
    EXTERN template void detail::Muls_t<T>(const LocalTensor<T>&, const LocalTensor<T>&, const T, const int32_t); \
    EXTERN template void detail::Maxs_t<T>(const LocalTensor<T>&, const LocalTensor<T>&, const T, const int32_t); \
    EXTERN template void detail::Mins_t<T>(const LocalTensor<T>&, const LocalTensor<T>&, const T, const int32_t); \
    EXTERN template void Abs<T>(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&);                    \
    EXTERN template void Exp<T>(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&);                    \
    EXTERN template void Sqrt<T>(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&);                   \
    EXTERN template void Relu<T>(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t&);                   \
    EXTERN template void detail::Duplicate_t<T>(const LocalTensor<T>&, const T, const int32_t);                 \
    EXTERN template void Compare<T, uint8_t>(const LocalTensor<uint8_t>&, const LocalTensor<T>&, const LocalTensor<T>&, \
                                             CMPMODE, uint32_t);                                                  \
    EXTERN template void Compares<T, uint8_t>(const LocalTensor<uint8_t>&, const LocalTensor<T>&, const T, CMPMODE, \
                                              uint32_t);                                                          \
    EXTERN template void Select<T, uint8_t>(const LocalTensor<T>&, const LocalTensor<uint8_t>&, const LocalTensor<T>&, \
                                            const LocalTensor<T>&, SELMODE, uint32_t);                            \
    EXTERN template void Select<T, uint8_t>(const LocalTensor<T>&, const LocalTensor<uint8_t>&, const LocalTensor<T>&, \
                                            T, SELMODE, uint32_t);                                                \
    EXTERN template void ReduceSum<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t); \
    EXTERN template void ReduceMax<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t, \
                                      bool);                                                                      \
    EXTERN template void ReduceMin<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<T>&, const int32_t, \
                                      bool);                                                                      \
    EXTERN template void Gather<T>(const LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<uint32_t>&,      \
                                   const uint32_t, const uint32_t);                                              \
    ASCSIM_ELEMENT_TYPES_2(ASCSIM_CAST_PAIR, T)

#define ASCSIM_CAST_PAIR(S, D) \
    ASCSIM_EXTERN_OR_NOT template void Cast<D, S>(const LocalTensor<D>&, const LocalTensor<S>&, const RoundMode&, const uint32_t);

#ifndef ASCSIM_INSTANTIATE
#define ASCSIM_EXTERN_OR_NOT extern
ASCSIM_ELEMENT_TYPES(ASCSIM_VECTOR_T, extern)
#endif

}  // namespace AscendC
