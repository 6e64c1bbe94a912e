// GlobalTensor, LocalTensor, TPipe, TQue and TBuf with the checks the device relies on:
// UB capacity, 32-byte alignment, queue discipline, bounds of every element access.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "core.h"
#include "rules.h"
#include "trace.h"
#include "types.h"

namespace AscendC {

enum class TPosition : uint8_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM, SPM, SHM, TSCM, MAX };

template <typename T>
class GlobalTensor {
public:
    using PrimType = T;
    GlobalTensor() = default;
    void SetGlobalBuffer(__gm__ T* buffer, uint64_t size = 0) {
        ptr_ = buffer;
        size_ = size;
        owner_ = ascsim::find_gm_index(buffer);
    }
    GlobalTensor operator[](uint64_t offset) const {
        GlobalTensor g;
        g.ptr_ = ptr_ + offset;
        g.size_ = size_ > offset ? size_ - offset : 0;
        g.owner_ = owner_;
        return g;
    }
    // The GM buffer (kernel argument) this tensor was set on; accesses must stay inside it.
    int32_t sim_owner() const { return owner_; }
    __gm__ T* GetPhyAddr() const { return ptr_; }
    __gm__ T* GetPhyAddr(uint64_t offset) const { return ptr_ + offset; }
    uint64_t GetSize() const { return size_; }
    T GetValue(uint64_t i) const {
        T v;
        ascsim::rec_scalar_gm("GlobalTensor::GetValue", ptr_ + i, sizeof(T), false);
        ascsim::gm_read("GlobalTensor::GetValue", &v, ptr_ + i, sizeof(T), owner_);
        ascsim::stats().scalar_get_value += 1;
        return v;
    }
    void SetValue(uint64_t i, T v) {
        ascsim::rec_scalar_gm("GlobalTensor::SetValue", ptr_ + i, sizeof(T), true);
        ascsim::gm_write("GlobalTensor::SetValue", ptr_ + i, &v, sizeof(T), owner_);
        ascsim::stats().scalar_set_value += 1;
    }

private:
    T* ptr_ = nullptr;
    uint64_t size_ = 0;
    int32_t owner_ = -1;
};

// A view of UB: byte offset into this core's UB, and how many elements it may touch.
template <typename T>
class LocalTensor {
public:
    using PrimType = T;
    LocalTensor() = default;
    LocalTensor(uint64_t ub_offset, uint64_t elements, int32_t buffer_id = -1)
        : offset_(ub_offset), elements_(elements), buffer_id_(buffer_id) {}

    LocalTensor operator[](uint64_t offset) const {
        if (offset > elements_) {
            ascsim::fail("LocalTensor::operator[]", "slice offset ", offset, " is past the end of a ",
                         elements_, "-element tensor");
        }
        return LocalTensor(offset_ + offset * sizeof(T), elements_ - offset, buffer_id_);
    }
    T* GetPhyAddr() const { return reinterpret_cast<T*>(ascsim::ub_base() + offset_); }
    T* GetPhyAddr(uint64_t offset) const { return GetPhyAddr() + offset; }
    uint32_t GetSize() const { return uint32_t(elements_); }
    void SetSize(uint32_t size) {
        if (size > elements_) {
            ascsim::fail("LocalTensor::SetSize", "size ", size, " exceeds the ", elements_,
                         " elements the tensor was created over");
        }
        elements_ = size;
    }
    uint32_t GetLength() const { return uint32_t(elements_ * sizeof(T)); }
    T GetValue(uint64_t i) const {
        check_index("LocalTensor::GetValue", i);
        ascsim::rec_scalar_ub("LocalTensor::GetValue", offset_ + i * sizeof(T), sizeof(T), false);
        ascsim::stats().scalar_get_value += 1;
        return GetPhyAddr()[i];
    }
    void SetValue(uint64_t i, T v) const {
        check_index("LocalTensor::SetValue", i);
        ascsim::rec_scalar_ub("LocalTensor::SetValue", offset_ + i * sizeof(T), sizeof(T), true);
        ascsim::stats().scalar_set_value += 1;
        GetPhyAddr()[i] = v;
    }
    template <typename U>
    LocalTensor<U> ReinterpretCast() const {
        return LocalTensor<U>(offset_, elements_ * sizeof(T) / sizeof(U), buffer_id_);
    }

    // Simulator internals: byte offset, element capacity, owning queue buffer.
    uint64_t sim_offset() const { return offset_; }
    uint64_t sim_elements() const { return elements_; }
    int32_t sim_buffer() const { return buffer_id_; }
    void check_range(const char* api, uint64_t count, bool need_align = true) const {
        if (need_align && offset_ % ascsim::kBlockBytes != 0) {
            ascsim::fail(api, "misaligned UB address: byte offset ", offset_,
                         " is not a multiple of 32 (slice at a 32-byte boundary)");
        }
        if (count > elements_) {
            ascsim::fail(api, "accesses ", count, " elements of a ", elements_, "-element UB tensor");
        }
    }

private:
    void check_index(const char* api, uint64_t i) const {
        if (i >= elements_) ascsim::fail(api, "index ", i, " out of range for ", elements_, " elements");
    }
    uint64_t offset_ = 0;
    uint64_t elements_ = 0;
    int32_t buffer_id_ = -1;
};

namespace detail {
inline int32_t next_buffer_id() {
    static int32_t id = 0;
    return ++id;
}
}  // namespace detail

// A queue of `depth`-deep buffers between pipeline stages. The simulator runs stages in
// program order, so it checks the discipline the device would deadlock or race on.
template <TPosition pos, int32_t depth = 1>
class TQue {
public:
    template <typename T>
    LocalTensor<T> AllocTensor() {
        for (size_t i = 0; i < buffers_.size(); ++i) {
            if (!in_use_[i]) {
                in_use_[i] = true;
                ascsim::queue_sync(ascsim::QueueOp::Alloc, sim_kind, ids_[i]);
                return LocalTensor<T>(buffers_[i], bytes_ / sizeof(T), ids_[i]);
            }
        }
        if (buffers_.empty()) ascsim::fail("TQue::AllocTensor", "queue has no buffers (call pipe.InitBuffer first)");
        ascsim::fail("TQue::AllocTensor", "all ", buffers_.size(), " buffers are in use (a FreeTensor is missing)");
    }
    template <typename T>
    void EnQue(const LocalTensor<T>& t) {
        find("TQue::EnQue", t);
        ascsim::queue_sync(ascsim::QueueOp::EnQue, sim_kind, t.sim_buffer());
        fifo_.push_back(t.sim_buffer());
    }
    template <typename T>
    LocalTensor<T> DeQue() {
        if (fifo_.empty()) ascsim::fail("TQue::DeQue", "queue is empty (DeQue without a matching EnQue)");
        int32_t id = fifo_.front();
        fifo_.pop_front();
        ascsim::queue_sync(ascsim::QueueOp::DeQue, sim_kind, id);
        for (size_t i = 0; i < ids_.size(); ++i) {
            if (ids_[i] == id) return LocalTensor<T>(buffers_[i], bytes_ / sizeof(T), id);
        }
        ascsim::fail("TQue::DeQue", "internal: unknown buffer");
    }
    template <typename T>
    void FreeTensor(const LocalTensor<T>& t) {
        size_t i = find("TQue::FreeTensor", t);
        if (!in_use_[i]) ascsim::fail("TQue::FreeTensor", "buffer freed twice");
        in_use_[i] = false;
        ascsim::queue_sync(ascsim::QueueOp::Free, sim_kind, t.sim_buffer());
    }
    void sim_init(uint32_t num, uint32_t len) {
        bytes_ = (uint64_t(len) + 31) / 32 * 32;
        for (uint32_t i = 0; i < num; ++i) {
            buffers_.push_back(ascsim::ub_reserve("TPipe::InitBuffer", bytes_));
            ids_.push_back(detail::next_buffer_id());
            in_use_.push_back(false);
        }
    }

private:
    static constexpr ascsim::QueueKind sim_kind = pos == TPosition::VECIN    ? ascsim::QueueKind::In
                                                  : pos == TPosition::VECOUT ? ascsim::QueueKind::Out
                                                                             : ascsim::QueueKind::None;
    template <typename T>
    size_t find(const char* api, const LocalTensor<T>& t) {
        for (size_t i = 0; i < ids_.size(); ++i) {
            if (ids_[i] == t.sim_buffer()) return i;
        }
        ascsim::fail(api, "tensor does not belong to this queue");
    }
    std::vector<uint64_t> buffers_;
    std::vector<int32_t> ids_;
    std::vector<bool> in_use_;
    std::deque<int32_t> fifo_;
    uint64_t bytes_ = 0;
};

template <TPosition pos = TPosition::VECCALC>
class TBuf {
public:
    template <typename T>
    LocalTensor<T> Get() const {
        return LocalTensor<T>(offset_, bytes_ / sizeof(T));
    }
    template <typename T>
    LocalTensor<T> Get(uint32_t len) const {
        if (uint64_t(len) * sizeof(T) > bytes_) {
            ascsim::fail("TBuf::Get", len, " elements exceed the ", bytes_, "-byte buffer");
        }
        return LocalTensor<T>(offset_, len);
    }
    template <typename T>
    LocalTensor<T> GetWithOffset(uint32_t len, uint32_t byte_offset) const {
        if (byte_offset % ascsim::kBlockBytes != 0) {
            ascsim::fail("TBuf::GetWithOffset", "byte offset ", byte_offset, " is not 32-byte aligned");
        }
        if (uint64_t(byte_offset) + uint64_t(len) * sizeof(T) > bytes_) {
            ascsim::fail("TBuf::GetWithOffset", len, " elements at byte ", byte_offset, " exceed the ",
                         bytes_, "-byte buffer");
        }
        return LocalTensor<T>(offset_ + byte_offset, len);
    }
    void sim_init(uint32_t len) {
        bytes_ = (uint64_t(len) + 31) / 32 * 32;
        offset_ = ascsim::ub_reserve("TPipe::InitBuffer", bytes_);
    }

private:
    uint64_t offset_ = 0;
    uint64_t bytes_ = 0;
};

class TPipe {
public:
    TPipe() { ascsim::ub_release_all(); }
    template <TPosition pos, int32_t depth>
    void InitBuffer(TQue<pos, depth>& que, uint8_t num, uint32_t len) {
        ascsim::rules::check_buffer_count("TPipe::InitBuffer", num);
        que.sim_init(num, len);
    }
    template <TPosition pos>
    void InitBuffer(TBuf<pos>& buf, uint32_t len) {
        ascsim::rules::check_buffer_count("TPipe::InitBuffer", 1);
        buf.sim_init(len);
    }
    void Destroy() {}
    void Reset() { ascsim::ub_release_all(); }
};

}  // namespace AscendC
