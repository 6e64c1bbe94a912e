// Hand-written host tiling for z = x + y (float), written against the documented contract.
#include <cstdint>

#include "tiling.h"

extern "C" int64_t AutofuseTiling(int64_t n, AutofuseTilingData* t, uint32_t* workspace_size, uint32_t* block_dim,
                                  uint32_t core_num, uint32_t ub_size) {
    if (n < 1) return 2;
    const int64_t bytes_per_elem = 3 * 2 * sizeof(float);  // x, y, z queues, double-buffered
    int64_t tile = (int64_t(ub_size) / bytes_per_elem) / 8 * 8;
    if (tile < 8) return 1;
    if (tile > 2048) tile = 2048;
    int64_t blocks = core_num < 1 ? 1 : core_num;
    int64_t per_block = (n + blocks - 1) / blocks;
    per_block = (per_block + 7) / 8 * 8;
    blocks = (n + per_block - 1) / per_block;
    t->block_dim = uint32_t(blocks);
    t->tiling_key = 0;
    t->n = n;
    t->per_block = per_block;
    t->tile = tile;
    *block_dim = uint32_t(blocks);
    *workspace_size = 0;
    return 0;
}
