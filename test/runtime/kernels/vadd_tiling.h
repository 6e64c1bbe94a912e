#pragma once
#include <cstdint>

struct AutofuseTilingData {
    uint32_t block_dim;
    uint32_t tiling_key;
    int64_t n;          // elements in total
    int64_t per_block;  // elements per block
    int64_t tile;       // elements per tile (multiple of 8)
};
