// Math APIs of issue 19 (the basic APIs the math ops of ascendc_emitter/target/math.py call
// beside Exp/Sqrt/Div/...): memory-level Ln, Rsqrt, Reciprocal, LeakyRelu and register-level
// Reg::Ln, Reg::Log2, Reg::LeakyRelu. Element types are checked against the documented tables
// (rules.h, generated from ascendc_emitter/target/support.py):
//   Ln         docs/zh/api/SIMD-API/基础API/Memory矢量计算/基础算术/Ln.md          half, float
//   Rsqrt      docs/zh/api/SIMD-API/基础API/Memory矢量计算/基础算术/Rsqrt.md       half, float
//   Reciprocal docs/zh/api/SIMD-API/基础API/Memory矢量计算/基础算术/Reciprocal.md  half, float, int64_t, uint64_t
//   LeakyRelu  docs/zh/api/SIMD-API/基础API/Memory矢量计算/基础算术/LeakyRelu.md   half, float
//   Reg::Ln / Reg::Log2 / Reg::LeakyRelu  docs/zh/api/SIMD-API/基础API/Reg矢量计算/基础算术/{Ln,Log2,LeakyRelu}.md  half, float
// Values are computed as the device does: in float for half/bfloat16 lanes (ascsim::compute_t),
// rounded once to the element type; the float results are those of the C library functions
// (within the 1 ulp the docs give, e.g. Rsqrt.md: INTRINSIC "最大精度误差为1ulp").
#pragma once

#include <cmath>
#include <type_traits>

#include "reg.h"
#include "rules.h"
#include "vector.h"

namespace AscendC {

namespace detail {
template <typename T, typename F>
inline T float_only(const char* api, T a, F f) {
    if constexpr (std::is_integral_v<T>) {
        (void)a;
        (void)f;
        ascsim::fail(api, "the simulator computes this API on float element types only");
    } else {
        using C = ascsim::compute_t<T>;
        return T(f(C(a)));
    }
}
}  // namespace detail

#define ASCSIM_MATH_UNARY(NAME, EXPR)                                                                    \
    template <typename T>                                                                                \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {             \
        ascsim::rules::check_dtype<T>(#NAME, ascsim::rules::mem::NAME);                                  \
        detail::map1(#NAME, dst, src, count, [](T a) {                                                   \
            return detail::float_only(#NAME, a, [](auto x) { return EXPR; });                            \
        });                                                                                              \
    }
ASCSIM_MATH_UNARY(Ln, std::log(x))
ASCSIM_MATH_UNARY(Rsqrt, decltype(x)(1) / std::sqrt(x))
ASCSIM_MATH_UNARY(Reciprocal, decltype(x)(1) / x)
#undef ASCSIM_MATH_UNARY

// LeakyRelu(dst, src, scalarValue, count): x >= 0 ? x : x * scalarValue (LeakyRelu.md).
template <typename T, typename U>
void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue, const int32_t& count) {
    ascsim::rules::check_dtype<T>("LeakyRelu", ascsim::rules::mem::LeakyRelu);
    const T slope = T(scalarValue);
    detail::map1("LeakyRelu", dst, src, count, [slope](T a) {
        return detail::float_only("LeakyRelu", a, [slope](auto x) { return x >= decltype(x)(0) ? x : x * decltype(x)(slope); });
    });
}

namespace Reg {

#define ASCSIM_REG_MATH_UNARY(NAME, EXPR)                                                                \
    template <typename T>                                                                                \
    void NAME(RegTensor<T>& dst, const RegTensor<T>& src, const MaskReg& mask) {                        \
        ascsim::rules::check_dtype<T>("Reg::" #NAME, ascsim::rules::reg::NAME);                         \
        detail::zip(ASCSIM_KIND(NAME), dst, mask, [&](uint32_t i) {                                                         \
            return AscendC::detail::float_only("Reg::" #NAME, src.lane[i], [](auto x) { return EXPR; }); \
        });                                                                                              \
    }
ASCSIM_REG_MATH_UNARY(Ln, std::log(x))
ASCSIM_REG_MATH_UNARY(Log2, std::log2(x))
#undef ASCSIM_REG_MATH_UNARY

template <typename T, typename U>
void LeakyRelu(RegTensor<T>& dst, const RegTensor<T>& src, U scalarValue, const MaskReg& mask) {
    ascsim::rules::check_dtype<T>("Reg::LeakyRelu", ascsim::rules::reg::LeakyRelu);
    const T slope = T(scalarValue);
    detail::zip(ASCSIM_KIND(LeakyRelu), dst, mask, [&](uint32_t i) {
        return AscendC::detail::float_only("Reg::LeakyRelu", src.lane[i], [slope](auto x) {
            return x >= decltype(x)(0) ? x : x * decltype(x)(slope);
        });
    });
}

}  // namespace Reg
}  // namespace AscendC
