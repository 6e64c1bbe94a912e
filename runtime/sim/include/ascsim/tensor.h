// GlobalTensor, LocalTensor, TPipe, TQue and TBuf with the checks the device relies on:
// UB capacity, 32-byte alignment, queue discipline, bounds of every element access. The
// checks and the queue bookkeeping are out of line (sim.cpp); the classes keep the views.
#pragma once

#include <cstdint>

#include "core.h"
#include "rules.h"
#include "trace.h"
#include "types.h"

namespace ascsim {
// sim.cpp: the checks of the tensor classes, by plain values.
void check_slice(uint64_t offset, uint64_t elements);
void check_set_size(uint32_t size, uint64_t elements);
void check_ub_tensor(const char* api, uint64_t offset, uint64_t elements, uint64_t count, bool need_align,
                     uint8_t position);
// The rule vector-position (api_rules): a vector API's operand is in UB (VECIN/VECOUT/VECCALC).
void check_vector_position(const char* api, uint8_t position);
// LocalTensor::GetValue/SetValue of element i: bounds, scalar-unit record, counter.
void scalar_ub(const char* api, uint64_t offset, uint64_t i, uint64_t elements, uint64_t elem_bytes, bool write);
// GlobalTensor::GetValue/SetValue: record, bounds-checked copy, counter.
void scalar_gm(const char* api, void* dst, const void* src, uint64_t bytes, int32_t owner, bool write);
void check_tbuf_get(uint32_t len, uint64_t elem_bytes, uint64_t bytes);
void check_tbuf_offset(uint32_t len, uint32_t byte_offset, uint64_t elem_bytes, uint64_t bytes);

// The buffers of one TQue and its FIFO (sim.cpp).
class Queue {
  public:
    struct Slot {
        uint64_t offset;  // UB byte offset
        uint64_t bytes;
        int32_t id;
    };
    Queue() = default;
    Queue(const Queue& other);
    Queue& operator=(const Queue& other);
    ~Queue();
    void init(uint32_t num, uint32_t len);
    Slot alloc(QueueKind kind);
    void enque(const char* api, QueueKind kind, int32_t buffer, int32_t depth);
    Slot deque(QueueKind kind);
    void free(QueueKind kind, int32_t buffer);

  private:
    struct Impl;
    Impl* impl_ = nullptr;
};
}  // namespace ascsim

namespace AscendC {

// impl/basic_api/common_types.h:27-47 (LCM aliases VECCALC, SHM aliases SPM).
enum class TPosition : uint8_t {
    GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM,
    C2PIPE2GM, C2PIPE2LOCAL, MAX
};

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
        ascsim::scalar_gm("GlobalTensor::GetValue", &v, ptr_ + i, sizeof(T), owner_, false);
        return v;
    }
    void SetValue(uint64_t i, T v) {
        ascsim::scalar_gm("GlobalTensor::SetValue", ptr_ + i, &v, sizeof(T), owner_, true);
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
    LocalTensor(uint64_t ub_offset, uint64_t elements, int32_t buffer_id = -1,
                TPosition position = TPosition::VECCALC)
        : offset_(ub_offset), elements_(elements), buffer_id_(buffer_id), position_(position) {}

    // A static tensor at UB byte `addr` (static-tensor programming, without TPipe:
    // impl/basic_api/kernel_tensor_impl.h:1089); it must lie inside this core's UB.
    LocalTensor(TPosition position, uint32_t addr, uint32_t tileSize)
        : offset_(addr), elements_(tileSize), position_(position) {
        if (uint64_t(addr) + uint64_t(tileSize) * sizeof(T) > ascsim::core().ub_capacity) {
            ascsim::fail("LocalTensor", "a static tensor of ", tileSize, " elements at UB byte ", addr,
                         " exceeds the ", ascsim::core().ub_capacity, "-byte UB");
        }
    }

    LocalTensor operator[](uint64_t offset) const {
        if (offset > elements_) ascsim::check_slice(offset, elements_);
        return LocalTensor(offset_ + offset * sizeof(T), elements_ - offset, buffer_id_, position_);
    }
    TPosition GetPosition() const { return position_; }
    T* GetPhyAddr() const { return reinterpret_cast<T*>(ascsim::ub_base() + offset_); }
    T* GetPhyAddr(uint64_t offset) const { return GetPhyAddr() + offset; }
    uint32_t GetSize() const { return uint32_t(elements_); }
    void SetSize(uint32_t size) {
        if (size > elements_) ascsim::check_set_size(size, elements_);
        elements_ = size;
    }
    uint32_t GetLength() const { return uint32_t(elements_ * sizeof(T)); }
    T GetValue(uint64_t i) const {
        ascsim::scalar_ub("LocalTensor::GetValue", offset_, i, elements_, sizeof(T), false);
        return GetPhyAddr()[i];
    }
    void SetValue(uint64_t i, T v) const {
        ascsim::scalar_ub("LocalTensor::SetValue", offset_, i, elements_, sizeof(T), true);
        GetPhyAddr()[i] = v;
    }
    template <typename U>
    LocalTensor<U> ReinterpretCast() const {
        return LocalTensor<U>(offset_, elements_ * sizeof(T) / sizeof(U), buffer_id_, position_);
    }

    // Simulator internals: byte offset, element capacity, owning queue buffer.
    uint64_t sim_offset() const { return offset_; }
    uint64_t sim_elements() const { return elements_; }
    int32_t sim_buffer() const { return buffer_id_; }
    uint8_t sim_position() const { return uint8_t(position_); }
    // A vector API's operand: in UB, 32-byte aligned (need_align), count elements inside it.
    void check_range(const char* api, uint64_t count, bool need_align = true) const {
        ascsim::check_ub_tensor(api, offset_, elements_, count, need_align, uint8_t(position_));
    }

private:
    uint64_t offset_ = 0;
    uint64_t elements_ = 0;
    int32_t buffer_id_ = -1;
    TPosition position_ = TPosition::VECCALC;
};

// A queue of `depth`-deep buffers between pipeline stages. The simulator runs stages in
// program order, so it checks the discipline the device would deadlock or race on.
template <TPosition pos, int32_t depth = 1>
class TQue {
public:
    template <typename T>
    LocalTensor<T> AllocTensor() {
        static_assert(depth != 0, ASCSIM_RULE_tque_depth_zero);
        const ascsim::Queue::Slot s = q_.alloc(sim_kind);
        return LocalTensor<T>(s.offset, s.bytes / sizeof(T), s.id, pos);
    }
    template <typename T>
    bool EnQue(const LocalTensor<T>& t) {
        q_.enque("TQue::EnQue", sim_kind, t.sim_buffer(), depth);
        return true;  // the 950 returns true even when the queue was full (tque-depth)
    }
    template <typename T>
    LocalTensor<T> DeQue() {
        static_assert(depth != 0, ASCSIM_RULE_tque_depth_zero);
        const ascsim::Queue::Slot s = q_.deque(sim_kind);
        return LocalTensor<T>(s.offset, s.bytes / sizeof(T), s.id, pos);
    }
    template <typename T>
    void FreeTensor(const LocalTensor<T>& t) {
        q_.free(sim_kind, t.sim_buffer());
    }
    void sim_init(uint32_t num, uint32_t len) { q_.init(num, len); }

private:
    static constexpr ascsim::QueueKind sim_kind = pos == TPosition::VECIN    ? ascsim::QueueKind::In
                                                  : pos == TPosition::VECOUT ? ascsim::QueueKind::Out
                                                                             : ascsim::QueueKind::None;
    ascsim::Queue q_;
};

template <TPosition pos = TPosition::VECCALC>
class TBuf {
public:
    template <typename T>
    LocalTensor<T> Get() const {
        return LocalTensor<T>(offset_, bytes_ / sizeof(T), -1, pos);
    }
    template <typename T>
    LocalTensor<T> Get(uint32_t len) const {
        ascsim::check_tbuf_get(len, sizeof(T), bytes_);
        return LocalTensor<T>(offset_, len, -1, pos);
    }
    template <typename T>
    LocalTensor<T> GetWithOffset(uint32_t len, uint32_t byte_offset) const {
        ascsim::check_tbuf_offset(len, byte_offset, sizeof(T), bytes_);
        return LocalTensor<T>(offset_ + byte_offset, len, -1, pos);
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
