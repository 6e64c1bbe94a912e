// Host tiling of the race-detector test kernel: one block over n floats; the second size
// argument picks the variant (tiling_key), see races_device_impl.cpp.
#include <cstdint>

#include "tiling.h"

extern "C" int64_t AutofuseTiling(int64_t n, int64_t mode, AutofuseTilingData* t, uint32_t* workspace_size,
                                  uint32_t* block_dim, uint32_t core_num, uint32_t ub_size) {
    (void)core_num;
    if (n < 8 || n % 64 != 0 || mode < 0) return 2;
    if (n * int64_t(sizeof(float)) * 6 > int64_t(ub_size)) return 1;
    t->block_dim = 1;
    t->tiling_key = uint32_t(mode);
    t->n = n;
    t->per_block = n;
    t->tile = n;
    *block_dim = 1;
    *workspace_size = 0;
    return 0;
}
