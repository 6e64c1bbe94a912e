// Scalar helpers used by ASCIR-generated kernels and host tiling (public C++ only).
// Integer floor/ceil division with Python semantics, min/max; 64-bit throughout.
#pragma once

#include <cstdint>

#ifndef __aicore__
#define __aicore__
#endif

namespace af {

template <typename T>
__aicore__ inline T FloorDiv(T a, T b) {
    T q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

template <typename T>
__aicore__ inline T FloorMod(T a, T b) {
    T r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

template <typename T>
__aicore__ inline T CeilDiv(T a, T b) {
    return -FloorDiv<T>(-a, b);
}

template <typename T>
__aicore__ inline T Min(T a, T b) {
    return a < b ? a : b;
}

template <typename T>
__aicore__ inline T Max(T a, T b) {
    return a < b ? b : a;
}

}  // namespace af
