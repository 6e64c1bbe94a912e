// Scalar helpers used by ASCIR-generated kernels and host tiling (public C++ only).
// Integer floor/ceil division with Python semantics, min/max; 64-bit throughout; checked
// int64 arithmetic for host tiling.
#pragma once

#include <cstdint>

// Execution space qualifiers (ascendc_emitter/dialect/helpers.py lists every helper's):
// the arithmetic helpers are __callee__, callable from kernels, host-side code and SIMT
// functions alike; the checked host arithmetic is __aicore__. Host code and the
// simulator define both as nothing.
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __callee__
#define __callee__
#endif

#if defined(ASCSIM) && __has_include("ascsim/fault.h")
#include "ascsim/fault.h"  // the simulator reports faults (ascsim::fail)
#define AF_SIMULATOR_FAULTS 1
#endif

namespace af {

// Integer division never traps. Host tiling divides only by values it checked (the
// af::Checked* helpers below); kernels divide data by data (floordiv / remainder nodes),
// where a zero divisor is undefined on a device: it gives 0 here, and the simulator
// (ASCSIM) reports it as a fault, as its vector Div does. The most negative value divided
// by -1 wraps, as the vector Div does.
template <typename T>
__callee__ inline T DivisionByZero(const char* api) {
#ifdef AF_SIMULATOR_FAULTS
    ascsim::fail(api, "integer division by zero");
#endif
    (void)api;
    return T(0);
}

template <typename T>
__callee__ inline bool MinusOne(T b) {
    return T(-1) < T(0) && b == T(-1);
}

template <typename T>
__callee__ inline T Negate(T a) {  // two's complement wrap, no signed overflow
    return static_cast<T>(0ULL - static_cast<unsigned long long>(a));
}

template <typename T>
__callee__ inline T FloorDiv(T a, T b) {
    if (b == T(0)) return DivisionByZero<T>("FloorDiv");
    if (MinusOne(b)) return Negate(a);
    T q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

template <typename T>
__callee__ inline T FloorMod(T a, T b) {
    if (b == T(0)) return DivisionByZero<T>("FloorMod");
    if (MinusOne(b)) return T(0);
    T r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

template <typename T>
__callee__ inline T CeilDiv(T a, T b) {
    if (b == T(0)) return DivisionByZero<T>("CeilDiv");
    if (MinusOne(b)) return Negate(a);
    T q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

template <typename T>
__callee__ inline T Min(T a, T b) {
    return a < b ? a : b;
}

template <typename T>
__callee__ inline T Max(T a, T b) {
    return a < b ? b : a;
}

// arith.maximumf / arith.minimumf (MLIR's semantics, those of torch.maximum/minimum): a NaN
// operand gives NaN, and -0.0 counts as less than +0.0. Min/Max above would return the
// other operand for a NaN in one position (maxNum-like), so floats use these.
template <typename T>
__callee__ inline bool NegativeZero(T x) {
    return x == T(0) && T(1) / x < T(0);
}

template <typename T>
__callee__ inline T MaximumF(T a, T b) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == b) return NegativeZero(a) ? b : a;
    return a < b ? b : a;
}

template <typename T>
__callee__ inline T MinimumF(T a, T b) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == b) return NegativeZero(a) ? a : b;
    return b < a ? b : a;
}

// Checked int64 arithmetic (host tiling, ascendc.checked_* ops): each returns true when the
// exact result is not an int64 or, for the divisions, the divisor is 0 -- *r is then 0 --
// and never traps (no division by 0, no INT64_MIN / -1, no signed overflow).
__aicore__ inline bool CheckedAdd(int64_t a, int64_t b, int64_t* r) {
    if (__builtin_add_overflow(a, b, r)) {
        *r = 0;
        return true;
    }
    return false;
}

__aicore__ inline bool CheckedSub(int64_t a, int64_t b, int64_t* r) {
    if (__builtin_sub_overflow(a, b, r)) {
        *r = 0;
        return true;
    }
    return false;
}

__aicore__ inline bool CheckedMul(int64_t a, int64_t b, int64_t* r) {
    if (__builtin_mul_overflow(a, b, r)) {
        *r = 0;
        return true;
    }
    return false;
}

__aicore__ inline bool CheckedFloorDiv(int64_t a, int64_t b, int64_t* r) {
    if (b == 0 || (a == INT64_MIN && b == -1)) {
        *r = 0;
        return true;
    }
    *r = FloorDiv<int64_t>(a, b);
    return false;
}

__aicore__ inline bool CheckedCeilDiv(int64_t a, int64_t b, int64_t* r) {
    if (b == 0 || (a == INT64_MIN && b == -1)) {
        *r = 0;
        return true;
    }
    const int64_t q = a / b;  // toward zero; +1 when inexact and the quotient is positive
    *r = (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
    return false;
}

}  // namespace af
