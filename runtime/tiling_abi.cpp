// Layout facts of the generated AutofuseTilingData for the Python runtime; compiled into
// every kernel module (both targets) next to host_impl.cpp and device_impl.cpp.
#include <cstddef>
#include <cstdint>

#include "tiling.h"

extern "C" {

uint64_t autofuse_tiling_size() { return sizeof(AutofuseTilingData); }

uint64_t autofuse_tiling_key_offset() {
    static_assert(sizeof(AutofuseTilingData::tiling_key) == 4, "tiling_key must be a uint32_t");
    return offsetof(AutofuseTilingData, tiling_key);
}
}
