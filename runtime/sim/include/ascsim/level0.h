// Level-0 ("tensor高维切分") forms of the memory-level vector APIs: a mask, a repeat count and
// per-operand block/repeat strides, and the vector mask register they read
// (SetVectorMask, SetMaskCount/SetMaskNorm, ResetMask). Also DataCopy with DataCopyParams.
//
// Semantics (asc-devkit docs MV/SIMD计算说明/高维切分.md, 掩码.md; the 950 emulation
// impl/basic_api/dav_3510/kernel_operator_vec_template_impl.h):
// * a repeat is 8 DataBlocks of 32 bytes: lanes = 256 / sizeof of the widest operand (Cast:
//   the wider type, Cast.md:81). Operand X holds n = 32 / sizeof(X) lanes a block: lane k of
//   repeat r is its element (r * XRepStride + (k / n) * XBlkStride) * n + k % n (strides in
//   32-byte blocks; the narrow side of a Cast fills half the blocks: Cast.md:360,
//   dav/kernel_operator_vec_vconv_impl.h:1529-1581).
// * normal mode: the same mask every repeat -- bit form: lane k runs when bit k % 64 of
//   mask[k / 64] is set (b32: mask[0] only, b64: its low 32 bits); continuous form: the first
//   `mask` lanes. counter mode (SetMaskCount): mask (or mask[0]) counts elements,
//   repeats = ceil(count / lanes) and repeatTime is ignored; the last repeat runs a prefix.
//   isSetMask = false: the mask register instead (counter mode: its low 64 bits).
// * masked-off destination lanes keep their values (掩码.md:388); the repeats run in order
//   (a repeat's stores are visible to the next repeat's loads: template_impl.h:192-194); a
//   repeat loads all its lanes before it stores.
// * repeatTime 0 or mask 0: the docs do not promise a NOP on the 950 (Add.md:140); the
//   simulator does nothing (api_rules l0-repeat-zero).
// * the bit form also writes the mask register, as the device's does (template_impl.h:251).
//
// Every API below is one call of the repeat engine (ascsim::level0): `plan` (which lanes of
// which repeats run, from the mask arguments and the register), `Operand`s (where each tensor
// is and how a repeat walks it), `check` (the rules on them: bounds, overlap; and the record
// for the race detector and the timeline) and `run` (the repeats, lane by lane).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <type_traits>
#include <vector>

#include "core.h"
#include "datacopy.h"
#include "rules.h"
#include "tensor.h"
#include "trace.h"
#include "types.h"
#include "vector.h"

namespace AscendC {

// impl/basic_api/utils/kernel_utils_constants.h:28-46, 195-257; impl/basic_api/kernel_reg.h:28-31.
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
constexpr uint64_t FULL_MASK = 0xffffffffffffffffULL;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr uint16_t MASK_ARRAY_SIZE = 4;
constexpr int32_t DEFAULT_C0_SIZE = 32;
constexpr int32_t DEFAULT_BLOCK_SIZE = 256;
constexpr uint32_t ONE_BLK_SIZE = 32;
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t FULL_MASK_LEN = 128;
constexpr int32_t HALF_MASK_LEN = 64;
constexpr int32_t B16_DATA_NUM_PER_REPEAT = 128;
constexpr int32_t B32_DATA_NUM_PER_REPEAT = 64;
constexpr uint32_t B64_DATA_NUM_PER_REPEAT = 32;
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

// include/basic_api/kernel_struct_binary.h:45-68 (blockNumber, repeatStrideMode and
// strideSizeMode are reserved: BinaryRepeatParams.md:14-38).
struct BinaryRepeatParams {
    BinaryRepeatParams() = default;
    BinaryRepeatParams(uint8_t dstBlk, uint8_t src0Blk, uint8_t src1Blk, uint8_t dstRep, uint8_t src0Rep,
                       uint8_t src1Rep)
        : dstBlkStride(dstBlk), src0BlkStride(src0Blk), src1BlkStride(src1Blk), dstRepStride(dstRep),
          src0RepStride(src0Rep), src1RepStride(src1Rep) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

// include/basic_api/kernel_struct_unary.h:37-67 (halfBlock: CastDequant only).
struct UnaryRepeatParams {
    UnaryRepeatParams() = default;
    UnaryRepeatParams(uint16_t dstBlk, uint16_t srcBlk, uint8_t dstRep, uint8_t srcRep)
        : dstBlkStride(dstBlk), srcBlkStride(srcBlk), dstRepStride(dstRep), srcRepStride(srcRep) {}
    UnaryRepeatParams(uint16_t dstBlk, uint16_t srcBlk, uint8_t dstRep, uint8_t srcRep, bool half)
        : dstBlkStride(dstBlk), srcBlkStride(srcBlk), dstRepStride(dstRep), srcRepStride(srcRep), halfBlock(half) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
    bool halfBlock = false;
};

// include/basic_api/kernel_struct_data_copy.h:57-82: DataCopy units are 32-byte blocks
// (blockLen, srcStride = srcGap, dstStride = dstGap); DataCopyPad reads blockLen in bytes.
struct DataCopyParams {
    DataCopyParams() {}
    DataCopyParams(uint16_t count, uint16_t len, uint16_t srcStrideIn, uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;
    union {
        uint16_t srcGap = 0;
        uint16_t srcStride;
    };
    union {
        uint16_t dstGap = 0;
        uint16_t dstStride;
    };
};

// include/basic_api/kernel_struct_data_copy.h:180-192.
struct DataCopyPadParams {
    DataCopyPadParams() {}
    DataCopyPadParams(bool pad, uint8_t left, uint8_t right, uint64_t value)
        : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

// ------------------------------------------------------------------ mask register

// SetVectorMask<T, mode>(maskHigh, maskLow) / (len) (include/basic_api/kernel_common.h:115-132;
// impl/basic_api/kernel_reg.h:33-49, kernel_utils_base.h:138-172 builds (high, low) from len).
template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
    if constexpr (mode == MaskMode::NORMAL) {
        if (sizeof(T) >= 4 && maskHigh != 0) {
            ascsim::rules::violate("SetVectorMask", ascsim::rules::rule::set_vector_mask, "maskHigh ", maskHigh,
                                   " must be 0 for ", sizeof(T) * 8, "-bit elements");
        }
        if (maskHigh == 0 && maskLow == 0) {
            ascsim::rules::violate("SetVectorMask", ascsim::rules::rule::set_vector_mask,
                                   "maskHigh and maskLow are both 0");
        }
    }
    ascsim::core().vmask.high = maskHigh;
    ascsim::core().vmask.low = maskLow;
}

template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(int32_t len) {
    if constexpr (mode == MaskMode::COUNTER) {
        SetVectorMask<T, mode>(0, uint64_t(uint32_t(len)));
    } else {
        const int32_t lanes = int32_t(ascsim::kVectorBytes / sizeof(T));
        if (len == 64) {
            SetVectorMask<T, mode>(0, FULL_MASK);
        } else if (len == lanes || len >= 128) {
            SetVectorMask<T, mode>(FULL_MASK, FULL_MASK);
        } else {
            const uint64_t high = len > 64 ? (uint64_t(1) << (len - 64)) - 1 : 0;
            const uint64_t low = len > 64 ? FULL_MASK : len <= 0 ? 0 : (uint64_t(1) << len) - 1;
            SetVectorMask<T, mode>(high, low);
        }
    }
}

inline void ResetMask() {
    ascsim::core().vmask.high = FULL_MASK;
    ascsim::core().vmask.low = FULL_MASK;
}
inline void SetMaskCount() { ascsim::core().vmask.counter = true; }
inline void SetMaskNorm() { ascsim::core().vmask.counter = false; }

}  // namespace AscendC

// ------------------------------------------------------------------ the repeat engine
namespace ascsim {
namespace level0 {

// The mask arguments of one call: the bit form (mask[]), or the continuous form (mask).
struct MaskArg {
    const uint64_t* bits;  // nullptr: continuous
    uint64_t value;
};
inline MaskArg bit_mask(const uint64_t* m) { return {m, 0}; }
inline MaskArg count_mask(uint64_t m) { return {nullptr, m}; }

// Which lanes of which repeats run.
struct Plan {
    uint32_t lanes = 0;  // lanes per repeat: 256 bytes of the widest operand
    uint64_t repeats = 0;
    bool counter = false;
    uint64_t count = 0;         // counter mode: the elements in all
    uint64_t bits[2] = {0, 0};  // normal mode: lane k runs when bit k % 64 of bits[k / 64] is set
    bool active(uint64_t r, uint32_t k) const {
        if (counter) return r * lanes + k < count;
        return ((bits[k / 64] >> (k % 64)) & 1u) != 0;
    }
};

// The plan of a call on `widest`-byte lanes. `check_mask`: the API checks its mask argument
// (CheckMaskValue / CheckMaskArray); ReduceSum/Max/Min and Gather take it as is.
template <bool isSetMask>
inline Plan plan(const char* api, uint64_t widest, MaskArg m, uint64_t repeat_time) {
    const VectorMask& reg = core().vmask;
    Plan p;
    p.lanes = uint32_t(kVectorBytes / widest);
    p.counter = reg.counter;
    if (p.counter) {
        const uint64_t n = !isSetMask ? reg.low : m.bits ? m.bits[0] : m.value;
        if (isSetMask && n > std::numeric_limits<uint32_t>::max()) {
            rules::violate(api, rules::rule::l0_mask_counter, "counter-mode element count ", n,
                           " exceeds UINT32_MAX");
        }
        p.count = n;
        p.repeats = ceil_div(n, p.lanes);
        return p;
    }
    if (!isSetMask) {
        p.bits[0] = reg.low;
        p.bits[1] = reg.high;
    } else if (m.bits) {
        if (widest == 8 && m.bits[0] > std::numeric_limits<uint32_t>::max()) {
            rules::violate(api, rules::rule::l0_mask_b64, "mask[0] ", m.bits[0],
                           " has bits above the 32 lanes of 64-bit elements");
        }
        p.bits[0] = m.bits[0];
        p.bits[1] = p.lanes > 64 ? m.bits[1] : 0;
        // the 950 sets the mask register from the bit form (SetVectorMask(mask[1], mask[0]),
        // template_impl.h:251): a later isSetMask = false call reads it
        core().vmask.high = m.bits[1];
        core().vmask.low = m.bits[0];
    } else {
        if (m.value > p.lanes) {
            rules::violate(api, rules::rule::l0_mask_normal, "mask ", m.value, " is outside [0, ", p.lanes,
                           "] for ", widest * 8, "-bit lanes in normal mode");
        }
        const uint64_t n = std::min<uint64_t>(m.value, p.lanes);
        p.bits[0] = n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
        p.bits[1] = n >= 128 ? ~uint64_t(0) : n > 64 ? (uint64_t(1) << (n - 64)) - 1 : 0;
    }
    if (p.lanes < 64) p.bits[0] &= (uint64_t(1) << p.lanes) - 1;
    if (p.lanes <= 64) p.bits[1] = 0;
    p.repeats = (p.bits[0] | p.bits[1]) != 0 ? repeat_time : 0;
    return p;
}

// One tensor operand: where it is and how a repeat walks it (strides in 32-byte blocks of
// its own element type: the narrow side of a Cast fills fewer blocks, Cast.md:360).
struct Operand {
    const char* role;  // "dst", "src0", ...
    uint64_t base;     // UB byte offset
    uint64_t elem;     // bytes per element
    uint64_t blk, rep;
    uint64_t elements;  // the tensor's capacity
    uint64_t per_block() const { return kBlockBytes / elem; }
    // The element of lane k in repeat r: its block k / per_block(), at k % per_block() in it.
    uint64_t at(uint64_t r, uint64_t k) const {
        const uint64_t pb = per_block();
        return (r * rep + (k / pb) * blk) * pb + k % pb;
    }
};

// A UB operand of a vector API: position and alignment (vector-position, vector-align).
template <typename T>
inline Operand operand(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t blk,
                       uint64_t rep) {
    t.check_range(api, 0);
    return {role, t.sim_offset(), sizeof(T), blk, rep, t.sim_elements()};
}

// Byte intervals an operand touches in one repeat: one per block with a running lane.
struct Spans {
    uint64_t lo[8], hi[8];
    uint32_t n = 0;
    uint64_t env_lo = ~uint64_t(0), env_hi = 0;
    bool meets(const Spans& o) const {
        for (uint32_t a = 0; a < n; ++a)
            for (uint32_t b = 0; b < o.n; ++b)
                if (lo[a] < o.hi[b] && o.lo[b] < hi[a]) return true;
        return false;
    }
};

inline Spans spans(const Plan& p, const Operand& x, uint64_t r) {
    Spans s;
    const uint64_t pb = x.per_block();
    for (uint64_t j = 0; j * pb < p.lanes && s.n < 8; ++j) {
        uint64_t first = pb, last = 0;
        for (uint64_t l = 0; l < pb; ++l) {
            if (p.active(r, uint32_t(j * pb + l))) {
                first = std::min(first, l);
                last = l;
            }
        }
        if (first == pb) continue;
        s.lo[s.n] = x.base + x.at(r, j * pb + first) * x.elem;
        s.hi[s.n] = x.base + (x.at(r, j * pb + last) + 1) * x.elem;
        s.env_lo = std::min(s.env_lo, s.lo[s.n]);
        s.env_hi = std::max(s.env_hi, s.hi[s.n]);
        ++s.n;
    }
    return s;
}

// The envelope [lo, hi) of bytes an operand touches over all repeats, checked against the
// tensor (l0-bounds).
inline Range envelope(const char* api, const Plan& p, const Operand& x, bool write) {
    uint64_t lo = ~uint64_t(0), hi = 0;
    for (uint64_t r = 0; r < p.repeats; ++r) {
        const Spans s = spans(p, x, r);
        if (s.n == 0) continue;
        lo = std::min(lo, s.env_lo);
        hi = std::max(hi, s.env_hi);
        if (s.env_hi > x.base + x.elements * x.elem) {
            rules::violate(api, rules::rule::l0_bounds, x.role, " repeat ", r, " touches element ",
                           (s.env_hi - x.base) / x.elem - 1, " of a ", x.elements, "-element tensor");
        }
    }
    if (hi == 0) lo = hi = x.base;
    return ub_bytes(lo, hi, write);
}

// A contiguous operand (result bits, offsets, a selection mask, a work tensor): `bytes` from
// its start must fit (l0-bounds).
template <typename T>
inline Range contiguous(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t bytes,
                        bool write) {
    t.check_range(api, 0);
    if (bytes > t.sim_elements() * sizeof(T)) {
        rules::violate(api, rules::rule::l0_bounds, role, " needs ", bytes, " bytes of a ",
                       t.sim_elements() * sizeof(T), "-byte tensor");
    }
    return ub_bytes(t.sim_offset(), t.sim_offset() + bytes, write);
}

// The overlap rules between the destination and the sources that are walked with strides:
// within a repeat they start at the same byte or do not meet (l0-overlap-partial); the
// destination of repeat N is not read by repeat N+1 (l0-overlap-repeat), but for the sources
// `exempt` (bit i: srcs[i]) allows.
inline void check_overlap(const char* api, const Plan& p, const Operand& dst, std::initializer_list<Operand> srcs,
                          uint32_t exempt = 0) {
    for (uint64_t r = 0; r < p.repeats; ++r) {
        const Spans d = spans(p, dst, r);
        uint32_t i = 0;
        for (const Operand& s : srcs) {
            const Spans now = spans(p, s, r);
            if (d.n && now.n && d.env_lo < now.env_hi && now.env_lo < d.env_hi && d.env_lo != now.env_lo) {
                rules::violate(api, rules::rule::l0_overlap_partial, "repeat ", r, ": dst bytes [", d.env_lo, ", ",
                               d.env_hi, ") and ", s.role, " bytes [", now.env_lo, ", ", now.env_hi,
                               ") overlap in part");
            }
            if (r + 1 < p.repeats && (exempt & (1u << i)) == 0 && d.meets(spans(p, s, r + 1))) {
                rules::violate(api, rules::rule::l0_overlap_repeat, "repeat ", r + 1, " reads ", s.role,
                               " bytes that repeat ", r, " wrote to dst");
            }
            ++i;
        }
    }
}

// The repeats in order: per repeat, value(r, k) for every running lane k, then store(r, k, v).
template <typename V, typename Value, typename Store>
inline void run(const Plan& p, Value value, Store store) {
    V buf[128];
    for (uint64_t r = 0; r < p.repeats; ++r) {
        for (uint32_t k = 0; k < p.lanes; ++k)
            if (p.active(r, k)) buf[k] = value(r, k);
        for (uint32_t k = 0; k < p.lanes; ++k)
            if (p.active(r, k)) store(r, k, buf[k]);
    }
}

template <typename T>
struct Id {
    using type = T;
};
template <typename T>
using Scalar = typename Id<T>::type;

// One vector instruction per repeat (counted on `widest` bytes a repeat).
inline void count(const Plan& p, uint64_t reads, uint64_t writes = 1) {
    count_vector(p.repeats * kVectorBytes, reads, writes);
}

// l0-dst-blk-stride
inline void dst_blk_stride(const char* api, uint64_t stride) {
    if (stride == 0) rules::violate(api, rules::rule::l0_dst_blk_stride, "dstBlkStride is 0");
}

// The elementwise APIs on one element type: dst and up to two walked sources.
template <typename T, bool isSetMask, typename F>
inline void elementwise(const char* api, const rules::ApiRule& types, MaskArg m, uint64_t repeat_time,
                        const AscendC::LocalTensor<T>& dst, uint64_t dblk, uint64_t drep,
                        const AscendC::LocalTensor<T>* a, uint64_t ablk, uint64_t arep,
                        const AscendC::LocalTensor<T>* b, uint64_t bblk, uint64_t brep, uint32_t exempt, F f) {
    rules::check_dtype<T>(api, types);
    dst_blk_stride(api, dblk);
    const Plan p = plan<isSetMask>(api, sizeof(T), m, repeat_time);
    const Operand d = operand(api, "dst", dst, dblk, drep);
    const Operand x = a ? operand(api, b ? "src0" : "src", *a, ablk, arep) : d;
    const Operand y = b ? operand(api, "src1", *b, bblk, brep) : d;
    if (p.repeats == 0) return;
    const Range rd = envelope(api, p, d, true);
    const Range rx = a ? envelope(api, p, x, false) : ub_bytes(0, 0, false);
    const Range ry = b ? envelope(api, p, y, false) : ub_bytes(0, 0, false);
    if (b) {
        check_overlap(api, p, d, {x, y}, exempt);
    } else if (a) {
        check_overlap(api, p, d, {x});
    }
    rec_vector(api, api, rules::elem_bit<T>(), p.repeats * kVectorBytes, {rd, rx, ry});
    T* out = dst.GetPhyAddr();
    const T* in0 = a ? a->GetPhyAddr() : nullptr;
    const T* in1 = b ? b->GetPhyAddr() : nullptr;
    run<T>(
        p,
        [&](uint64_t r, uint32_t k) {
            const T u = in0 ? in0[x.at(r, k)] : T();
            const T v = in1 ? in1[y.at(r, k)] : T();
            return f(u, v);
        },
        [&](uint64_t r, uint32_t k, T v) { out[d.at(r, k)] = v; });
    count(p, (a ? 1 : 0) + (b ? 1 : 0));
}

// The Add/Sub/Mul/Max/Min exception of l0-overlap-repeat (通用说明和约束.md:71): half,
// int32_t, float, dst over src1 with src1RepStride or dstRepStride 0.
template <typename T>
inline uint32_t src1_exempt(bool api_allows, const AscendC::BinaryRepeatParams& q) {
    const bool type = std::is_same_v<T, half> || std::is_same_v<T, int32_t> || std::is_same_v<T, float>;
    return api_allows && type && (q.src1RepStride == 0 || q.dstRepStride == 0) ? 2u : 0u;
}

}  // namespace level0
}  // namespace ascsim

namespace AscendC {

// ------------------------------------------------------------------ binary
#define ASCSIM_L0_BINARY(NAME, EXEMPT, EXPR)                                                                       \
    template <typename T, bool isSetMask = true>                                                                   \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,            \
                     uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& q) {                     \
        ascsim::level0::elementwise<T, isSetMask>(                                                                 \
            #NAME, ascsim::rules::mem0::NAME, ascsim::level0::bit_mask(mask), repeatTime, dst, q.dstBlkStride,     \
            q.dstRepStride, &src0, q.src0BlkStride, q.src0RepStride, &src1, q.src1BlkStride, q.src1RepStride,      \
            ascsim::level0::src1_exempt<T>(EXEMPT, q), [](T a, T b) { return EXPR; });                             \
    }                                                                                                              \
    template <typename T, bool isSetMask = true>                                                                   \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,            \
                     uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& q) {                       \
        ascsim::level0::elementwise<T, isSetMask>(                                                                 \
            #NAME, ascsim::rules::mem0::NAME, ascsim::level0::count_mask(mask), repeatTime, dst, q.dstBlkStride,   \
            q.dstRepStride, &src0, q.src0BlkStride, q.src0RepStride, &src1, q.src1BlkStride, q.src1RepStride,      \
            ascsim::level0::src1_exempt<T>(EXEMPT, q), [](T a, T b) { return EXPR; });                             \
    }

ASCSIM_L0_BINARY(Add, true, ascsim::wrap_add(a, b))
ASCSIM_L0_BINARY(Sub, true, ascsim::wrap_sub(a, b))
ASCSIM_L0_BINARY(Mul, true, ascsim::wrap_mul(a, b))
ASCSIM_L0_BINARY(Div, false, detail::divide("Div", a, b))
ASCSIM_L0_BINARY(Max, true, detail::vmax(a, b))
ASCSIM_L0_BINARY(Min, true, detail::vmin(a, b))
ASCSIM_L0_BINARY(And, false, detail::bit_and(a, b))
#undef ASCSIM_L0_BINARY

// ------------------------------------------------------------------ tensor-scalar
// The scalar is converted to T (the device's API takes const T&); level0::Scalar keeps it
// from taking part in deducing T.

#define ASCSIM_L0_SCALAR(NAME, EXPR)                                                                                \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const ascsim::level0::Scalar<T>& s,    \
                     uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& q) {                       \
        ascsim::level0::elementwise<T, isSetMask>(                                                                  \
            #NAME, ascsim::rules::mem0::NAME, ascsim::level0::bit_mask(mask), repeatTime, dst, q.dstBlkStride,      \
            q.dstRepStride, &src, q.srcBlkStride, q.srcRepStride, nullptr, 0, 0, 0,                                 \
            [s](T a, T) { return EXPR; });                                                                          \
    }                                                                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const ascsim::level0::Scalar<T>& s,    \
                     uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& q) {                         \
        ascsim::level0::elementwise<T, isSetMask>(                                                                  \
            #NAME, ascsim::rules::mem0::NAME, ascsim::level0::count_mask(mask), repeatTime, dst, q.dstBlkStride,    \
            q.dstRepStride, &src, q.srcBlkStride, q.srcRepStride, nullptr, 0, 0, 0,                                 \
            [s](T a, T) { return EXPR; });                                                                          \
    }

ASCSIM_L0_SCALAR(Adds, ascsim::wrap_add(a, s))
ASCSIM_L0_SCALAR(Muls, ascsim::wrap_mul(a, s))
ASCSIM_L0_SCALAR(Maxs, detail::vmax(a, s))
ASCSIM_L0_SCALAR(Mins, detail::vmin(a, s))
ASCSIM_L0_SCALAR(LeakyRelu, ascsim::compute_t<T>(a) >= ascsim::compute_t<T>(0) ? a
                                                                              : T(ascsim::compute_t<T>(a) *
                                                                                  ascsim::compute_t<T>(s)))
#undef ASCSIM_L0_SCALAR

// The count form spelled with isSetMask (Adds<T, isSetMask>(dst, src, scalar, count), the
// devkit's signature): on the 950 isSetMask has no effect there (Adds.md:166): `count`
// elements, whatever the mask register holds.
#define ASCSIM_L0_SCALAR_COUNT(NAME)                                                                               \
    template <typename T, bool isSetMask>                                                                          \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const ascsim::level0::Scalar<T>& s,     \
                     const int32_t& count) {                                                                       \
        NAME(dst, src, T(s), count);                                                                               \
    }
ASCSIM_L0_SCALAR_COUNT(Adds)
ASCSIM_L0_SCALAR_COUNT(Muls)
ASCSIM_L0_SCALAR_COUNT(Maxs)
ASCSIM_L0_SCALAR_COUNT(Mins)
#undef ASCSIM_L0_SCALAR_COUNT

// ------------------------------------------------------------------ unary
#define ASCSIM_L0_UNARY(NAME, EXPR)                                                                                 \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[],                        \
                     const uint8_t repeatTime, const UnaryRepeatParams& q) {                                        \
        using C = ascsim::compute_t<T>;                                                                             \
        ascsim::level0::elementwise<T, isSetMask>(                                                                  \
            #NAME, ascsim::rules::mem0::NAME, ascsim::level0::bit_mask(mask), repeatTime, dst, q.dstBlkStride,      \
            q.dstRepStride, &src, q.srcBlkStride, q.srcRepStride, nullptr, 0, 0, 0,                                 \
            [](T a, T) { C x = C(a); return T(EXPR); });                                                            \
    }                                                                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,                          \
                     const uint8_t repeatTime, const UnaryRepeatParams& q) {                                        \
        using C = ascsim::compute_t<T>;                                                                             \
        ascsim::level0::elementwise<T, isSetMask>(                                                                  \
            #NAME, ascsim::rules::mem0::NAME, ascsim::level0::count_mask(mask), repeatTime, dst, q.dstBlkStride,    \
            q.dstRepStride, &src, q.srcBlkStride, q.srcRepStride, nullptr, 0, 0, 0,                                 \
            [](T a, T) { C x = C(a); return T(EXPR); });                                                            \
    }

ASCSIM_L0_UNARY(Abs, x < C(0) ? ascsim::wrap_sub(C(0), x) : x)
ASCSIM_L0_UNARY(Exp, std::exp(x))
ASCSIM_L0_UNARY(Sqrt, std::sqrt(x))
ASCSIM_L0_UNARY(Relu, x > C(0) ? x : C(0))
#undef ASCSIM_L0_UNARY

// ------------------------------------------------------------------ Duplicate
template <typename T, bool isSetMask = true>
inline void Duplicate(const LocalTensor<T>& dst, const ascsim::level0::Scalar<T>& scalarValue, uint64_t mask[],
                      const uint8_t repeatTime, const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    const T v = scalarValue;
    ascsim::level0::elementwise<T, isSetMask>("Duplicate", ascsim::rules::mem0::Duplicate,
                                              ascsim::level0::bit_mask(mask), repeatTime, dst, dstBlockStride,
                                              dstRepeatStride, nullptr, 0, 0, nullptr, 0, 0, 0,
                                              [v](T, T) { return v; });
}
template <typename T, bool isSetMask = true>
inline void Duplicate(const LocalTensor<T>& dst, const ascsim::level0::Scalar<T>& scalarValue, uint64_t mask,
                      const uint8_t repeatTime, const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    const T v = scalarValue;
    ascsim::level0::elementwise<T, isSetMask>("Duplicate", ascsim::rules::mem0::Duplicate,
                                              ascsim::level0::count_mask(mask), repeatTime, dst, dstBlockStride,
                                              dstRepeatStride, nullptr, 0, 0, nullptr, 0, 0, 0,
                                              [v](T, T) { return v; });
}

// ------------------------------------------------------------------ Cast
namespace detail {
template <typename D, typename S, bool isSetMask>
inline void cast_l0(const LocalTensor<D>& dst, const LocalTensor<S>& src, RoundMode mode, ascsim::level0::MaskArg m,
                    uint64_t repeat_time, const UnaryRepeatParams& q) {
    namespace l0 = ascsim::level0;
    const char* api = "Cast";
    ascsim::rules::check_cast<D, S>(api, mode, ascsim::rules::kMemoryCasts, ascsim::rules::kMemoryCastSource,
                                    std::is_same_v<S, int32_t> && std::is_same_v<D, half> ? ascsim::rules::kDeqScaleNote
                                                                                         : nullptr);
    l0::dst_blk_stride(api, q.dstBlkStride);
    const l0::Plan p = l0::plan<isSetMask>(api, std::max(sizeof(D), sizeof(S)), m, repeat_time);
    const l0::Operand d = l0::operand(api, "dst", dst, q.dstBlkStride, q.dstRepStride);
    const l0::Operand s = l0::operand(api, "src", src, q.srcBlkStride, q.srcRepStride);
    if (p.repeats == 0) return;
    const ascsim::Range rd = l0::envelope(api, p, d, true);
    const ascsim::Range rs = l0::envelope(api, p, s, false);
    l0::check_overlap(api, p, d, {s});
    const bool fp = std::is_floating_point_v<ascsim::compute_t<D>> && std::is_floating_point_v<ascsim::compute_t<S>>;
    ascsim::rec_vector(api, fp ? "CastFloat" : "Cast", ascsim::rules::elem_bit<S>(), p.repeats * ascsim::kVectorBytes,
                       {rd, rs});
    D* out = dst.GetPhyAddr();
    const S* in = src.GetPhyAddr();
    l0::run<D>(
        p, [&](uint64_t r, uint32_t k) { return ascsim::convert<D, S>(api, in[s.at(r, k)], mode); },
        [&](uint64_t r, uint32_t k, D v) { out[d.at(r, k)] = v; });
    l0::count(p, 1);
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask[],
                 const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    detail::cast_l0<T, U, isSetMask>(dst, src, roundMode, ascsim::level0::bit_mask(mask), repeatTime, repeatParams);
}
template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask,
                 const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    detail::cast_l0<T, U, isSetMask>(dst, src, roundMode, ascsim::level0::count_mask(mask), repeatTime, repeatParams);
}

// ------------------------------------------------------------------ Compare, Compares
// One result bit per lane, written contiguously (bit r * lanes + k; 0 for masked-off lanes of
// a repeat that runs); the destination strides are not used (dav/kernel_operator_vec_cmp_impl.h:323-326).
namespace detail {
template <typename T, typename U, bool isSetMask, typename Pred>
inline void compare_l0(const char* api, const ascsim::rules::ApiRule& types, const LocalTensor<U>& dst,
                       const LocalTensor<T>& src0, uint64_t blk0, uint64_t rep0, const LocalTensor<T>* src1,
                       uint64_t blk1, uint64_t rep1, ascsim::level0::MaskArg m, uint64_t repeat_time, Pred pred) {
    namespace l0 = ascsim::level0;
    ascsim::rules::check_dtype<T>(api, types);
    const l0::Plan p = l0::plan<isSetMask>(api, sizeof(T), m, repeat_time);
    const l0::Operand a = l0::operand(api, src1 ? "src0" : "src", src0, blk0, rep0);
    const l0::Operand b = src1 ? l0::operand(api, "src1", *src1, blk1, rep1) : a;
    if (p.repeats == 0) return;
    const uint64_t bytes = p.repeats * p.lanes / 8;
    const ascsim::Range rd = l0::contiguous(api, "dst", dst, bytes, true);
    const ascsim::Range ra = l0::envelope(api, p, a, false);
    const ascsim::Range rb = src1 ? l0::envelope(api, p, b, false) : ascsim::ub_bytes(0, 0, false);
    for (const ascsim::Range& s : {ra, rb}) {  // overlap-undocumented (Compare.md has no overlap section)
        if (rd.lo < s.hi && s.lo < rd.hi) {
            ascsim::rules::violate(api, ascsim::rules::rule::overlap_undocumented, "destination bytes [", rd.lo, ", ",
                                   rd.hi, ") overlap source bytes [", s.lo, ", ", s.hi, ")");
        }
    }
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), p.repeats * ascsim::kVectorBytes, {rd, ra, rb});
    uint8_t* bits = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    std::fill(bits, bits + bytes, uint8_t(0));
    const T* x = src0.GetPhyAddr();
    const T* y = src1 ? src1->GetPhyAddr() : nullptr;
    l0::run<bool>(
        p, [&](uint64_t r, uint32_t k) { return pred(x[a.at(r, k)], y ? y[b.at(r, k)] : T()); },
        [&](uint64_t r, uint32_t k, bool v) {
            const uint64_t bit = r * p.lanes + k;
            if (v) bits[bit / 8] |= uint8_t(1u << (bit % 8));
        });
    l0::count(p, src1 ? 2 : 1, 0);
    ascsim::stats().ub_write_bytes += bytes;
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                    const uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& q) {
    static_assert(std::is_same_v<U, uint8_t> || std::is_same_v<U, int8_t>, ASCSIM_RULE_compare_dst_type);
    detail::compare_l0<T, U, isSetMask>("Compare", ascsim::rules::mem0::Compare, dst, src0, q.src0BlkStride,
                                        q.src0RepStride, &src1, q.src1BlkStride, q.src1RepStride,
                                        ascsim::level0::bit_mask(mask), repeatTime,
                                        [cmpMode](T a, T b) { return detail::compare(cmpMode, a, b); });
}
template <typename T, typename U, bool isSetMask = true>
inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                    const uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& q) {
    static_assert(std::is_same_v<U, uint8_t> || std::is_same_v<U, int8_t>, ASCSIM_RULE_compare_dst_type);
    detail::compare_l0<T, U, isSetMask>("Compare", ascsim::rules::mem0::Compare, dst, src0, q.src0BlkStride,
                                        q.src0RepStride, &src1, q.src1BlkStride, q.src1RepStride,
                                        ascsim::level0::count_mask(mask), repeatTime,
                                        [cmpMode](T a, T b) { return detail::compare(cmpMode, a, b); });
}
template <typename T, typename U, bool isSetMask = true>
inline void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const ascsim::level0::Scalar<T> src1Scalar,
                     CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime, const UnaryRepeatParams& q) {
    static_assert(std::is_same_v<U, uint8_t>, ASCSIM_RULE_compares_dst_type);
    const T s = src1Scalar;
    detail::compare_l0<T, U, isSetMask>("Compares", ascsim::rules::mem0::Compares, dst, src0, q.srcBlkStride,
                                        q.srcRepStride, nullptr, 0, 0, ascsim::level0::bit_mask(mask), repeatTime,
                                        [cmpMode, s](T a, T) { return detail::compare(cmpMode, a, s); });
}
template <typename T, typename U, bool isSetMask = true>
inline void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const ascsim::level0::Scalar<T> src1Scalar,
                     CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime, const UnaryRepeatParams& q) {
    static_assert(std::is_same_v<U, uint8_t>, ASCSIM_RULE_compares_dst_type);
    const T s = src1Scalar;
    detail::compare_l0<T, U, isSetMask>("Compares", ascsim::rules::mem0::Compares, dst, src0, q.srcBlkStride,
                                        q.srcRepStride, nullptr, 0, 0, ascsim::level0::count_mask(mask), repeatTime,
                                        [cmpMode, s](T a, T) { return detail::compare(cmpMode, a, s); });
}

// ------------------------------------------------------------------ Select
// Bit 1 takes src0, bit 0 src1 (or the scalar); mode 0 reuses the first `lanes` bits of
// selMask every repeat, modes 1 and 2 consume `lanes` bits a repeat (Select.md:37-55).
namespace detail {
template <typename T, typename U, bool isSetMask>
inline void select_l0(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                      const LocalTensor<T>* src1, T scalar, SELMODE mode, ascsim::level0::MaskArg m,
                      uint64_t repeat_time, const BinaryRepeatParams& q) {
    static_assert(std::is_same_v<U, uint8_t> || std::is_same_v<U, uint16_t> || std::is_same_v<U, uint32_t> ||
                      std::is_same_v<U, uint64_t>,
                  ASCSIM_RULE_select_mask_type);
    namespace l0 = ascsim::level0;
    const char* api = "Select";
    ascsim::rules::check_dtype<T>(api, ascsim::rules::mem0::Select);
    l0::dst_blk_stride(api, q.dstBlkStride);
    const l0::Plan p = l0::plan<isSetMask>(api, sizeof(T), m, repeat_time);
    const l0::Operand d = l0::operand(api, "dst", dst, q.dstBlkStride, q.dstRepStride);
    const l0::Operand a = l0::operand(api, "src0", src0, q.src0BlkStride, q.src0RepStride);
    const l0::Operand b = src1 ? l0::operand(api, "src1", *src1, q.src1BlkStride, q.src1RepStride) : a;
    if (p.repeats == 0) return;
    const bool reuse = mode == SELMODE::VSEL_CMPMASK_SPR;
    const uint64_t mask_bits = reuse ? p.lanes : p.repeats * p.lanes;
    const ascsim::Range rm = l0::contiguous(api, "selMask", selMask, (mask_bits + 7) / 8, false);
    const ascsim::Range rd = l0::envelope(api, p, d, true);
    const ascsim::Range ra = l0::envelope(api, p, a, false);
    const ascsim::Range rb = src1 ? l0::envelope(api, p, b, false) : ascsim::ub_bytes(0, 0, false);
    if (src1) {
        l0::check_overlap(api, p, d, {a, b});
    } else {
        l0::check_overlap(api, p, d, {a});
    }
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), p.repeats * ascsim::kVectorBytes, {rd, rm, ra, rb});
    const uint8_t* bits = reinterpret_cast<const uint8_t*>(selMask.GetPhyAddr());
    const T* x = src0.GetPhyAddr();
    const T* y = src1 ? src1->GetPhyAddr() : nullptr;
    T* out = dst.GetPhyAddr();
    l0::run<T>(
        p,
        [&](uint64_t r, uint32_t k) {
            const uint64_t bit = reuse ? k : r * p.lanes + k;
            const bool take = ((bits[bit / 8] >> (bit % 8)) & 1u) != 0;
            return take ? x[a.at(r, k)] : y ? y[b.at(r, k)] : scalar;
        },
        [&](uint64_t r, uint32_t k, T v) { out[d.at(r, k)] = v; });
    l0::count(p, src1 ? 2 : 1);
    ascsim::stats().ub_read_bytes += (mask_bits + 7) / 8;
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                   const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask[], uint8_t repeatTime,
                   const BinaryRepeatParams& q) {
    detail::select_l0<T, U, isSetMask>(dst, selMask, src0, &src1, T(), selMode, ascsim::level0::bit_mask(mask),
                                       repeatTime, q);
}
template <typename T, typename U, bool isSetMask = true>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                   const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
                   const BinaryRepeatParams& q) {
    detail::select_l0<T, U, isSetMask>(dst, selMask, src0, &src1, T(), selMode, ascsim::level0::count_mask(mask),
                                       repeatTime, q);
}
template <typename T, typename U, bool isSetMask = true>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                   ascsim::level0::Scalar<T> src1, SELMODE selMode, uint64_t mask[], uint8_t repeatTime,
                   const BinaryRepeatParams& q) {
    detail::select_l0<T, U, isSetMask>(dst, selMask, src0, nullptr, src1, selMode, ascsim::level0::bit_mask(mask),
                                       repeatTime, q);
}
template <typename T, typename U, bool isSetMask = true>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                   ascsim::level0::Scalar<T> src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
                   const BinaryRepeatParams& q) {
    detail::select_l0<T, U, isSetMask>(dst, selMask, src0, nullptr, src1, selMode, ascsim::level0::count_mask(mask),
                                       repeatTime, q);
}

// ------------------------------------------------------------------ reductions
// ReduceSum/Max/Min(dst, src, work, mask, repeatTime, srcRepStride): src blocks contiguous
// (block stride 1), repeats srcRepStride blocks apart; repeatTime is an int32_t. The result
// goes to dst[0]; ReduceMax/Min with calIndex put the index (element offset in src) in dst[1]
// as the bits of a uint16_t (b16) or uint32_t (b32) (ReduceMax.md:148-151). ReduceSum: each
// repeat's lanes are summed by a pairwise tree in the compute type, the partial sums are
// written to work as T (ReduceSum.md:180-192, dav/kernel_operator_vec_reduce_impl.h:642-666)
// and summed the same way into dst[0].
namespace detail {
template <typename T, typename Fold>
inline void reduce_l0(const char* api, const ascsim::rules::ApiRule& types, const LocalTensor<T>& dst,
                      const LocalTensor<T>& src, const LocalTensor<T>& work, ascsim::level0::MaskArg m,
                      int32_t repeat_time, int32_t src_rep_stride, uint64_t dst_elems, bool partials, Fold fold) {
    namespace l0 = ascsim::level0;
    ascsim::rules::check_dtype<T>(api, types);
    if (repeat_time < 0 || src_rep_stride < 0 || src_rep_stride > 65535) {
        ascsim::fail(api, "repeatTime ", repeat_time, " must be >= 0 and srcRepStride ", src_rep_stride,
                     " in [0, 65535] (ReduceSum.md 参数说明)");
    }
    const l0::Plan p = l0::plan<true>(api, sizeof(T), m, uint64_t(repeat_time));
    const l0::Operand s = l0::operand(api, "src", src, 1, uint64_t(src_rep_stride));
    if (p.repeats == 0) return;
    const ascsim::Range rs = l0::envelope(api, p, s, false);
    const ascsim::Range rd = l0::contiguous(api, "dst", dst, dst_elems * sizeof(T), true);
    ascsim::Range rw = ascsim::ub_bytes(0, 0, true);
    if (partials && p.repeats > 1) {
        const uint64_t per_block = ascsim::kBlockBytes / sizeof(T);
        const uint64_t need = ascsim::ceil_div(p.repeats, per_block) * per_block;
        work.check_range(api, 0);
        if (work.sim_elements() < need) {
            ascsim::rules::violate(api, ascsim::rules::rule::reducesum_work, "the work tensor has ",
                                   work.sim_elements(), " elements, ", need, " needed for ", p.repeats, " repeats");
        }
        rw = ascsim::ub_bytes(work.sim_offset(), work.sim_offset() + p.repeats * sizeof(T), true);
    }
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), p.repeats * ascsim::kVectorBytes, {rs, rd, rw});
    fold(p, s);
    ascsim::stats().vector_instructions += p.repeats;
    ascsim::stats().ub_read_bytes += p.repeats * ascsim::kVectorBytes;
    ascsim::stats().ub_write_bytes += dst_elems * sizeof(T);
}

template <typename C>
inline C tree_sum(C* v, uint64_t n) {
    if (n == 0) return C(0);
    for (uint64_t w = 1; w < n; w *= 2)
        for (uint64_t i = 0; i + w < n; i += 2 * w) v[i] = v[i] + v[i + w];
    return v[0];
}

template <typename T>
inline void reduce_sum_l0(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work,
                          ascsim::level0::MaskArg m, int32_t repeatTime, int32_t srcRepStride) {
    reduce_l0("ReduceSum", ascsim::rules::mem0::ReduceSum, dst, src, work, m, repeatTime, srcRepStride, 1, true,
              [&](const ascsim::level0::Plan& p, const ascsim::level0::Operand& s) {
                  using C = ascsim::compute_t<T>;
                  const T* in = src.GetPhyAddr();
                  std::vector<T> part(p.repeats);
                  for (uint64_t r = 0; r < p.repeats; ++r) {
                      C lane[128];
                      uint64_t n = 0;
                      for (uint32_t k = 0; k < p.lanes; ++k)
                          if (p.active(r, k)) lane[n++] = C(in[s.at(r, k)]);
                      if constexpr (std::is_integral_v<T>) {
                          T acc = T(0);
                          for (uint64_t i = 0; i < n; ++i) acc = ascsim::wrap_add<T>(acc, T(lane[i]));
                          part[r] = acc;
                      } else {
                          part[r] = T(tree_sum(lane, n));
                      }
                  }
                  if (p.repeats > 1) std::copy(part.begin(), part.end(), work.GetPhyAddr());
                  if constexpr (std::is_integral_v<T>) {
                      T acc = T(0);
                      for (const T& v : part) acc = ascsim::wrap_add<T>(acc, v);
                      dst.GetPhyAddr()[0] = acc;
                  } else {
                      std::vector<C> wide(part.begin(), part.end());
                      dst.GetPhyAddr()[0] = T(tree_sum(wide.data(), wide.size()));
                  }
              });
}

// ReduceMax/Min: the accumulator starts at the lowest/highest finite T (as the count form,
// dav/kernel_operator_vec_reduce_impl.h:1118-1125); ties take the smallest element offset.
template <typename T>
inline void reduce_pick_l0(const char* api, const ascsim::rules::ApiRule& types, bool max, const LocalTensor<T>& dst,
                           const LocalTensor<T>& src, const LocalTensor<T>& work, ascsim::level0::MaskArg m,
                           int32_t repeatTime, int32_t srcRepStride, bool calIndex) {
    reduce_l0(api, types, dst, src, work, m, repeatTime, srcRepStride, calIndex ? 2 : 1, false,
              [&](const ascsim::level0::Plan& p, const ascsim::level0::Operand& s) {
                  using C = ascsim::compute_t<T>;
                  const T* in = src.GetPhyAddr();
                  T best;
                  if constexpr (std::is_integral_v<T>) {
                      best = max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
                  } else {
                      best = finite_bound<T>(max);
                  }
                  uint64_t at = 0;
                  bool took = false;  // best is an element (not the starting bound)
                  for (uint64_t r = 0; r < p.repeats; ++r) {
                      for (uint32_t k = 0; k < p.lanes; ++k) {
                          if (!p.active(r, k)) continue;
                          if (took && is_nan(best)) break;  // the first NaN wins
                          const uint64_t i = s.at(r, k);
                          const C v = C(in[i]), b = C(best);
                          if (is_nan(in[i]) || (max ? v > b : v < b) || (v == b && (!took || i < at))) {
                              best = in[i];
                              at = i;
                              took = true;
                          }
                      }
                  }
                  dst.GetPhyAddr()[0] = best;
                  if (calIndex) {
                      if constexpr (sizeof(T) == 4) {
                          const uint32_t b = uint32_t(at);
                          std::memcpy(&dst.GetPhyAddr()[1], &b, 4);
                      } else {
                          const uint16_t b = uint16_t(at);
                          std::memcpy(&dst.GetPhyAddr()[1], &b, 2);
                      }
                  }
              });
}
}  // namespace detail

template <typename T>
inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride) {
    detail::reduce_sum_l0(dst, src, sharedTmpBuffer, ascsim::level0::count_mask(uint64_t(uint32_t(mask))), repeatTime,
                          srcRepStride);
}
template <typename T>
inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride) {
    detail::reduce_sum_l0(dst, src, sharedTmpBuffer, ascsim::level0::bit_mask(mask), repeatTime, srcRepStride);
}
#define ASCSIM_L0_REDUCE_PICK(NAME, MAX)                                                                          \
    template <typename T>                                                                                         \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, \
                     const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride,                    \
                     bool calIndex = false) {                                                                     \
        detail::reduce_pick_l0(#NAME, ascsim::rules::mem0::NAME, MAX, dst, src, sharedTmpBuffer,                 \
                               ascsim::level0::count_mask(uint64_t(uint32_t(mask))), repeatTime, srcRepStride,   \
                               calIndex);                                                                         \
    }                                                                                                             \
    template <typename T>                                                                                         \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, \
                     const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride,                 \
                     bool calIndex = false) {                                                                     \
        detail::reduce_pick_l0(#NAME, ascsim::rules::mem0::NAME, MAX, dst, src, sharedTmpBuffer,                 \
                               ascsim::level0::bit_mask(mask), repeatTime, srcRepStride, calIndex);               \
    }
ASCSIM_L0_REDUCE_PICK(ReduceMax, true)
ASCSIM_L0_REDUCE_PICK(ReduceMin, false)
#undef ASCSIM_L0_REDUCE_PICK

// ------------------------------------------------------------------ Gather
// Repeat r reads the offsets of its lanes contiguously (offset r * lanes + k) and writes dst
// lane k at r * dstRepStride * (32 / sizeof(T)) + k (dav/kernel_operator_vec_gather_impl.h:52-66,
// 101-107); dst[i] = src[(srcBaseOffset + offset) / sizeof(T)], offsets in bytes.
namespace detail {
template <typename T>
inline void gather_l0(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                      uint32_t srcBaseOffset, ascsim::level0::MaskArg m, uint64_t repeat_time, uint16_t dstRepStride) {
    namespace l0 = ascsim::level0;
    const char* api = "Gather";
    ascsim::rules::check_dtype<T>(api, ascsim::rules::mem0::Gather);
    const l0::Plan p = l0::plan<true>(api, sizeof(T), m, repeat_time);
    const l0::Operand d = l0::operand(api, "dst", dst, 1, dstRepStride);
    src.check_range(api, 0);
    if (srcBaseOffset % sizeof(T) != 0 || uint64_t(srcBaseOffset) >= src.sim_elements() * sizeof(T)) {
        ascsim::rules::violate(api, ascsim::rules::rule::gather_base, "srcBaseOffset ", srcBaseOffset, " for a ",
                               src.sim_elements() * sizeof(T), "-byte source of ", sizeof(T), "-byte elements");
    }
    if (p.repeats == 0) return;
    const ascsim::Range rd = l0::envelope(api, p, d, true);
    const ascsim::Range ro = l0::contiguous(api, "srcOffset", srcOffset, p.repeats * p.lanes * 4, false);
    const ascsim::Range rs = ascsim::ub_bytes(src.sim_offset(), src.sim_offset() + src.sim_elements() * sizeof(T), false);
    if (rd.lo < rs.hi && rs.lo < rd.hi) {
        ascsim::rules::violate(api, ascsim::rules::rule::gather_aliasing, "dst bytes [", rd.lo, ", ", rd.hi,
                               ") lie in the source [", rs.lo, ", ", rs.hi, ")");
    }
    ascsim::rec_vector(api, api, ascsim::rules::elem_bit<T>(), p.repeats * ascsim::kVectorBytes, {rd, ro, rs});
    const uint32_t* off = srcOffset.GetPhyAddr();
    const T* in = src.GetPhyAddr();
    T* out = dst.GetPhyAddr();
    l0::run<T>(
        p,
        [&](uint64_t r, uint32_t k) {
            const uint32_t o = off[r * p.lanes + k];
            ascsim::rules::check_gather_offset<T>(api, o);
            const uint64_t byte = uint64_t(srcBaseOffset) + o;
            if (byte % sizeof(T) != 0 || byte / sizeof(T) >= src.sim_elements()) {
                ascsim::rules::violate(api, ascsim::rules::rule::gather_offset, "byte offset ", byte,
                                       " is not an element of the ", src.sim_elements(), "-element source");
            }
            return in[byte / sizeof(T)];
        },
        [&](uint64_t r, uint32_t k, T v) { out[d.at(r, k)] = v; });
    l0::count(p, 2);
}
}  // namespace detail

template <typename T>
inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                   const uint32_t srcBaseOffset, const uint64_t mask, const uint8_t repeatTime,
                   const uint16_t dstRepStride) {
    detail::gather_l0(dst, src, srcOffset, srcBaseOffset, ascsim::level0::count_mask(mask), repeatTime, dstRepStride);
}
template <typename T>
inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                   const uint32_t srcBaseOffset, const uint64_t mask[], const uint8_t repeatTime,
                   const uint16_t dstRepStride) {
    detail::gather_l0(dst, src, srcOffset, srcBaseOffset, ascsim::level0::bit_mask(mask), repeatTime, dstRepStride);
}

// ------------------------------------------------------------------ DataCopy(DataCopyParams)
// GM <-> UB with blockCount blocks of blockLen 32-byte DataBlocks, srcStride/dstStride
// 32-byte blocks between them (DataCopy（GM与UB高维切分数据搬运）.md:89-92; the 950 impl:
// dav/kernel_operator_data_copy_impl.h:57-124), done as the DataCopyPad of the same bytes.
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
    const DataCopyExtParams e(p.blockCount, uint32_t(p.blockLen) * ONE_BLK_SIZE, int64_t(p.srcStride) * ONE_BLK_SIZE,
                              p.dstStride, 0);
    const T pad = T();
    ascsim::copy_pad_gm_to_ub(ascsim::ub_view(dst), ascsim::gm_view(src), e, ascsim::PadSpec{false, 0, 0, &pad},
                              sizeof(T), false);
}
template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    const DataCopyExtParams e(p.blockCount, uint32_t(p.blockLen) * ONE_BLK_SIZE, p.srcStride,
                              int64_t(p.dstStride) * ONE_BLK_SIZE, 0);
    ascsim::copy_pad_ub_to_gm(ascsim::gm_view(dst), ascsim::ub_view(src), e, sizeof(T), false);
}

// DataCopyPad with the older structs: blockLen in bytes, the strides as DataCopyExtParams'.
template <typename T, PaddingMode mode = PaddingMode::Normal>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                        const DataCopyPadParams& pad) {
    const DataCopyExtParams e(p.blockCount, p.blockLen, p.srcStride, p.dstStride, 0);
    const T value = T(pad.paddingValue);
    ascsim::copy_pad_gm_to_ub(ascsim::ub_view(dst), ascsim::gm_view(src), e,
                              ascsim::PadSpec{pad.isPad, pad.leftPadding, pad.rightPadding, &value}, sizeof(T),
                              mode == PaddingMode::Compact);
}
template <typename T, PaddingMode mode = PaddingMode::Normal>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    const DataCopyExtParams e(p.blockCount, p.blockLen, p.srcStride, p.dstStride, 0);
    ascsim::copy_pad_ub_to_gm(ascsim::gm_view(dst), ascsim::ub_view(src), e, sizeof(T), mode == PaddingMode::Compact);
}

}  // namespace AscendC
