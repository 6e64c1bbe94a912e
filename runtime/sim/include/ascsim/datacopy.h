// DataCopy and DataCopyPad between GM and UB, with the unit rules of arch 3510:
// GM side in bytes, UB side in 32-byte blocks; each UB block padded up to 32 bytes.
// The copies depend on the element type only through its size: the templates pass it to
// the copies of sim.cpp.
#pragma once

#include <cstdint>

#include "core.h"
#include "tensor.h"

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

}  // namespace AscendC

namespace ascsim {
// A UB tensor by value: byte offset and element capacity.
struct UbView {
    uint64_t offset;
    uint64_t elements;
    uint8_t position;  // AscendC::TPosition
};
// A GM pointer and the kernel argument it belongs to.
struct GmView {
    const void* ptr;
    int32_t owner;
};
// The pad of DataCopyPad(GM->UB): the pad value's bytes (elem_bytes of them).
struct PadSpec {
    bool is_pad;
    uint8_t left, right;
    const void* value;
};

// sim.cpp
void copy_pad_gm_to_ub(UbView dst, GmView src, const AscendC::DataCopyExtParams& p, const PadSpec& pad,
                       uint64_t elem_bytes, bool compact);
void copy_pad_ub_to_gm(GmView dst, UbView src, const AscendC::DataCopyExtParams& p, uint64_t elem_bytes, bool compact);
void copy_gm_to_ub(UbView dst, GmView src, uint32_t count, uint64_t elem_bytes);
void copy_ub_to_gm(GmView dst, UbView src, uint32_t count, uint64_t elem_bytes);
void copy_ub_to_ub(UbView dst, UbView src, uint32_t count, uint64_t elem_bytes);

template <typename T>
inline UbView ub_view(const AscendC::LocalTensor<T>& t) {
    return {t.sim_offset(), t.sim_elements(), t.sim_position()};
}
template <typename T>
inline GmView gm_view(const AscendC::GlobalTensor<T>& t) {
    return {t.GetPhyAddr(), t.sim_owner()};
}
}  // namespace ascsim

namespace AscendC {

// GM -> UB, unaligned-capable.
template <typename T, PaddingMode mode = PaddingMode::Normal>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                        const DataCopyPadExtParams<T>& pad) {
    const ascsim::PadSpec spec{pad.isPad, pad.leftPadding, pad.rightPadding, &pad.paddingValue};
    ascsim::copy_pad_gm_to_ub(ascsim::ub_view(dst), ascsim::gm_view(src), p, spec, sizeof(T),
                              mode == PaddingMode::Compact);
}

// UB -> GM.
template <typename T, PaddingMode mode = PaddingMode::Normal>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p) {
    ascsim::copy_pad_ub_to_gm(ascsim::gm_view(dst), ascsim::ub_view(src), p, sizeof(T), mode == PaddingMode::Compact);
}

// Contiguous copies; count * sizeof(T) must be a multiple of 32 bytes.
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count) {
    ascsim::copy_gm_to_ub(ascsim::ub_view(dst), ascsim::gm_view(src), count, sizeof(T));
}

template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
    ascsim::copy_ub_to_gm(ascsim::gm_view(dst), ascsim::ub_view(src), count, sizeof(T));
}

template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
    ascsim::copy_ub_to_ub(ascsim::ub_view(dst), ascsim::ub_view(src), count, sizeof(T));
}

}  // namespace AscendC
