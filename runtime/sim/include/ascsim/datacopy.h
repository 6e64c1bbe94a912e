// DataCopy and DataCopyPad between GM and UB, with the unit rules of arch 3510:
// GM side in bytes, UB side in 32-byte blocks; each UB block padded up to 32 bytes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core.h"
#include "rules.h"
#include "tensor.h"
#include "trace.h"

namespace AscendC {

struct DataCopyExtParams {
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;  // bytes
    int64_t srcStride = 0;  // GM side: bytes; UB side: 32-byte blocks
    int64_t dstStride = 0;
    uint32_t rsv = 0;
    DataCopyExtParams() = default;
    DataCopyExtParams(uint16_t count, uint32_t len, int64_t src, int64_t dst, uint32_t r)
        : blockCount(count), blockLen(len), srcStride(src), dstStride(dst), rsv(r) {}
};

template <typename T>
struct DataCopyPadExtParams {
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = T(0);
    DataCopyPadExtParams() = default;
    DataCopyPadExtParams(bool pad, uint8_t left, uint8_t right, T value)
        : isPad(pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

enum class PaddingMode : uint8_t { Normal = 0, Compact };

namespace detail {
inline uint64_t align32(uint64_t n) { return (n + 31) / 32 * 32; }

template <typename T>
void check_ub_span(const char* api, const LocalTensor<T>& t, uint64_t first_byte, uint64_t end_byte) {
    if (t.sim_offset() % 32 != 0) {
        ascsim::fail(api, "misaligned UB address: byte offset ", t.sim_offset(), " is not 32-byte aligned");
    }
    if (end_byte > t.sim_elements() * sizeof(T)) {
        ascsim::fail(api, "UB bytes [", first_byte, ", ", end_byte, ") exceed the ", t.sim_elements() * sizeof(T),
                     "-byte tensor");
    }
}
}  // namespace detail

// GM -> UB, unaligned-capable.
template <typename T, PaddingMode mode = PaddingMode::Normal>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                 const DataCopyPadExtParams<T>& pad) {
    const char* api = "DataCopyPad(GM->UB)";
    ascsim::rules::check_copy_gm_to_ub(api, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
    ascsim::stats().dma_calls += 1;
    if (p.blockCount == 0 || p.blockLen == 0) return;
    if (p.blockLen % sizeof(T) != 0) ascsim::fail(api, "blockLen ", p.blockLen, " is not a multiple of sizeof(T)");
    if (p.dstStride < 0) ascsim::fail(api, "dstStride ", p.dstStride, " must be >= 0 (32-byte blocks)");
    if ((pad.leftPadding + pad.rightPadding) * sizeof(T) > 64) ascsim::fail(api, "padding exceeds 32 bytes per side");
    const uint64_t pad_bytes = uint64_t(pad.leftPadding + pad.rightPadding) * sizeof(T);
    const uint64_t ub_step = mode == PaddingMode::Normal
                                 ? detail::align32(uint64_t(p.dstStride) * 32 + p.blockLen + pad_bytes)
                                 : p.blockLen;
    const int64_t gm_step = p.srcStride + int64_t(p.blockLen);
    const uint64_t block_span = mode == PaddingMode::Normal ? detail::align32(p.blockLen + pad_bytes) : p.blockLen;
    const uint64_t last_end = mode == PaddingMode::Normal
                                  ? ub_step * (p.blockCount - 1) + block_span
                                  : detail::align32(uint64_t(p.blockLen) * p.blockCount);
    detail::check_ub_span(api, dst, 0, last_end);
    ascsim::rec_dma(api, true, ascsim::ub_bytes(dst.sim_offset(), dst.sim_offset() + last_end, true), src.GetPhyAddr(), uint64_t(std::max<int64_t>(gm_step * (p.blockCount - 1), 0)) + p.blockLen, uint64_t(p.blockCount) * p.blockLen);
    uint8_t* ub = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    const uint8_t* gm = reinterpret_cast<const uint8_t*>(src.GetPhyAddr());
    for (uint16_t b = 0; b < p.blockCount; ++b) {
        uint8_t* row = ub + ub_step * b;
        T* elems = reinterpret_cast<T*>(row);
        const uint64_t left = pad.leftPadding;
        ascsim::gm_read(api, row + left * sizeof(T), gm + gm_step * b, p.blockLen, src.sim_owner());
        if (mode == PaddingMode::Normal) {
            const uint64_t n = p.blockLen / sizeof(T);
            const uint64_t total = block_span / sizeof(T);
            // Left/right pads and the 32-byte tail: the pad value when isPad, otherwise the
            // hardware's dummy (the block's first element) -- never silently zero.
            T fill = pad.isPad ? pad.paddingValue : elems[left];
            for (uint64_t i = 0; i < left; ++i) elems[i] = fill;
            for (uint64_t i = left + n; i < total; ++i) elems[i] = fill;
        }
    }
}

// UB -> GM.
template <typename T, PaddingMode mode = PaddingMode::Normal>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p) {
    const char* api = "DataCopyPad(UB->GM)";
    ascsim::rules::check_copy_ub_to_gm(api, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
    ascsim::stats().dma_calls += 1;
    if (p.blockCount == 0 || p.blockLen == 0) return;
    if (p.srcStride < 0) ascsim::fail(api, "srcStride ", p.srcStride, " must be >= 0 (32-byte blocks)");
    const uint64_t ub_step =
        mode == PaddingMode::Normal ? detail::align32(p.blockLen) + uint64_t(p.srcStride) * 32 : p.blockLen;
    const int64_t gm_step = p.dstStride + int64_t(p.blockLen);
    detail::check_ub_span(api, src, 0, ub_step * (p.blockCount - 1) + p.blockLen);
    ascsim::rec_dma(api, false, ascsim::ub_bytes(src.sim_offset(), src.sim_offset() + ub_step * (p.blockCount - 1) + p.blockLen, false), dst.GetPhyAddr(), uint64_t(std::max<int64_t>(gm_step * (p.blockCount - 1), 0)) + p.blockLen, uint64_t(p.blockCount) * p.blockLen);
    const uint8_t* ub = reinterpret_cast<const uint8_t*>(src.GetPhyAddr());
    uint8_t* gm = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
    for (uint16_t b = 0; b < p.blockCount; ++b) {
        ascsim::gm_write(api, gm + gm_step * b, ub + ub_step * b, p.blockLen, dst.sim_owner());
    }
}

// Contiguous copies; count * sizeof(T) must be a multiple of 32 bytes.
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count) {
    const char* api = "DataCopy(GM->UB)";
    ascsim::stats().dma_calls += 1;
    if (uint64_t(count) * sizeof(T) % 32 != 0) {
        ascsim::fail(api, "count ", count, " x ", sizeof(T), " bytes is not a multiple of 32 (use DataCopyPad)");
    }
    detail::check_ub_span(api, dst, 0, uint64_t(count) * sizeof(T));
    ascsim::rec_dma(api, true, ascsim::ub_span(dst, count, true), src.GetPhyAddr(), uint64_t(count) * sizeof(T), uint64_t(count) * sizeof(T));
    ascsim::gm_read(api, dst.GetPhyAddr(), src.GetPhyAddr(), uint64_t(count) * sizeof(T), src.sim_owner());
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
    const char* api = "DataCopy(UB->GM)";
    ascsim::stats().dma_calls += 1;
    if (uint64_t(count) * sizeof(T) % 32 != 0) {
        ascsim::fail(api, "count ", count, " x ", sizeof(T), " bytes is not a multiple of 32 (use DataCopyPad)");
    }
    detail::check_ub_span(api, src, 0, uint64_t(count) * sizeof(T));
    ascsim::rec_dma(api, false, ascsim::ub_span(src, count, false), dst.GetPhyAddr(), uint64_t(count) * sizeof(T), uint64_t(count) * sizeof(T));
    ascsim::gm_write(api, dst.GetPhyAddr(), src.GetPhyAddr(), uint64_t(count) * sizeof(T), dst.sim_owner());
}

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
    const char* api = "DataCopy(UB->UB)";
    ascsim::stats().dma_calls += 1;
    if (uint64_t(count) * sizeof(T) % 32 != 0) {
        ascsim::fail(api, "count ", count, " x ", sizeof(T), " bytes is not a multiple of 32");
    }
    detail::check_ub_span(api, src, 0, uint64_t(count) * sizeof(T));
    detail::check_ub_span(api, dst, 0, uint64_t(count) * sizeof(T));
    ascsim::rec_ub_copy(api, ascsim::ub_span(dst, count, true), ascsim::ub_span(src, count, false));
    std::memmove(dst.GetPhyAddr(), src.GetPhyAddr(), uint64_t(count) * sizeof(T));
}

}  // namespace AscendC
