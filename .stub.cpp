#include <cstdint>
#include "tiling.h"
extern "C" int64_t AutofuseLaunch(uint32_t, void*, void* x, void* y, void* z, void*, AutofuseTilingData* t) {
  for (int64_t i = 0; i < t->n; ++i) static_cast<float*>(z)[i] = static_cast<float*>(x)[i] * 2;
  return 0;
}
