// concurrency::fast_math: the float-only math functions of <amp_math.h> (MSREF fast_math).
//
// Microsoft maps these onto the GPU's fast intrinsics and allows reduced accuracy. So does
// Ample's device code for sin, cos, tan, sincos, exp, log, log2, log10, pow and rsqrt
// (fast_approximations.hpp); the CPU engine uses the float overloads of <cmath>, so there
// fast_math is as accurate as precise_math for float. Each function exists plain and with the
// C `f` suffix (sqrt and sqrtf), except the isfinite/isinf/isnan predicates. Predicates return
// int, nonzero for true, as Microsoft's do.
//
// Every function is a template whose one parameter is defaulted and never deduced: arguments
// still convert as for a plain function, but where the C library's function of the same name
// (from <cmath> or <math.h>) matches a call as well, the C library's wins instead of the call
// being ambiguous, as happens under `using namespace concurrency::precise_math;` (Visual C++
// told the two apart by their restriction). Both compute the same value on the CPU.
#pragma once

#include <cmath>

#include "../config.hpp"
#include "fast_approximations.hpp"
#include "special_functions.hpp"

namespace Concurrency::fast_math {

/// acos, asin, atan: inverse trigonometric functions in radians; nan for |x| > 1 (acos, asin).
template <class = void> AMPLE_AMP_ONLY inline float acosf(float x) { return std::acos(x); }
template <class = void> AMPLE_AMP_ONLY inline float acos(float x) { return std::acos(x); }
template <class = void> AMPLE_AMP_ONLY inline float asinf(float x) { return std::asin(x); }
template <class = void> AMPLE_AMP_ONLY inline float asin(float x) { return std::asin(x); }
template <class = void> AMPLE_AMP_ONLY inline float atanf(float x) { return std::atan(x); }
template <class = void> AMPLE_AMP_ONLY inline float atan(float x) { return std::atan(x); }

/// atan2(y, x) is the angle of the point (x, y) in (−π, π], using both signs to pick the quadrant.
template <class = void> AMPLE_AMP_ONLY inline float atan2f(float y, float x) { return std::atan2(y, x); }
template <class = void> AMPLE_AMP_ONLY inline float atan2(float y, float x) { return std::atan2(y, x); }

/// cos, sin, tan: trigonometric functions of an angle in radians; nan for ±inf.
template <class = void> AMPLE_AMP_ONLY inline float cosf(float x) { return ample::detail::ample_fast_cosf(x); }
template <class = void> AMPLE_AMP_ONLY inline float cos(float x) { return ample::detail::ample_fast_cosf(x); }
template <class = void> AMPLE_AMP_ONLY inline float sinf(float x) { return ample::detail::ample_fast_sinf(x); }
template <class = void> AMPLE_AMP_ONLY inline float sin(float x) { return ample::detail::ample_fast_sinf(x); }
template <class = void> AMPLE_AMP_ONLY inline float tanf(float x) { return ample::detail::ample_fast_tanf(x); }
template <class = void> AMPLE_AMP_ONLY inline float tan(float x) { return ample::detail::ample_fast_tanf(x); }

/// sincos(x, s, c) stores sin(x) in *s and cos(x) in *c.
template <class = void> AMPLE_AMP_ONLY inline void sincosf(float x, float* s, float* c) {
  ample::detail::ample_fast_sincosf(x, s, c);
}
template <class = void> AMPLE_AMP_ONLY inline void sincos(float x, float* s, float* c) { sincosf(x, s, c); }

/// cosh, sinh, tanh: hyperbolic functions; cosh and sinh overflow to inf, tanh(±inf) = ±1.
template <class = void> AMPLE_AMP_ONLY inline float coshf(float x) { return std::cosh(x); }
template <class = void> AMPLE_AMP_ONLY inline float cosh(float x) { return std::cosh(x); }
template <class = void> AMPLE_AMP_ONLY inline float sinhf(float x) { return std::sinh(x); }
template <class = void> AMPLE_AMP_ONLY inline float sinh(float x) { return std::sinh(x); }
template <class = void> AMPLE_AMP_ONLY inline float tanhf(float x) { return std::tanh(x); }
template <class = void> AMPLE_AMP_ONLY inline float tanh(float x) { return std::tanh(x); }

/// exp, exp2: e^x and 2^x; +inf on overflow, +0 on underflow, exp(−inf) = +0.
template <class = void> AMPLE_AMP_ONLY inline float expf(float x) { return ample::detail::ample_fast_expf(x); }
template <class = void> AMPLE_AMP_ONLY inline float exp(float x) { return ample::detail::ample_fast_expf(x); }
template <class = void> AMPLE_AMP_ONLY inline float exp2f(float x) { return std::exp2(x); }
template <class = void> AMPLE_AMP_ONLY inline float exp2(float x) { return std::exp2(x); }

/// log, log2, log10: logarithms; log(±0) = −inf, nan for x < 0.
template <class = void> AMPLE_AMP_ONLY inline float logf(float x) { return ample::detail::ample_fast_logf(x); }
template <class = void> AMPLE_AMP_ONLY inline float log(float x) { return ample::detail::ample_fast_logf(x); }
template <class = void> AMPLE_AMP_ONLY inline float log2f(float x) { return ample::detail::ample_fast_log2f(x); }
template <class = void> AMPLE_AMP_ONLY inline float log2(float x) { return ample::detail::ample_fast_log2f(x); }
template <class = void> AMPLE_AMP_ONLY inline float log10f(float x) { return ample::detail::ample_fast_log10f(x); }
template <class = void> AMPLE_AMP_ONLY inline float log10(float x) { return ample::detail::ample_fast_log10f(x); }

/// pow(x, y) is x^y, with C99's special cases (pow(x, ±0) = 1 even for nan x).
template <class = void> AMPLE_AMP_ONLY inline float powf(float x, float y) { return ample::detail::ample_fast_powf(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float pow(float x, float y) { return ample::detail::ample_fast_powf(x, y); }

/// sqrt is √x (nan for x < 0); rsqrt is 1/√x: rsqrt(±0) = ±inf, rsqrt(+inf) = +0.
template <class = void> AMPLE_AMP_ONLY inline float sqrtf(float x) { return std::sqrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float sqrt(float x) { return std::sqrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float rsqrtf(float x) { return ample::detail::ample_fast_rsqrtf(x); }
template <class = void> AMPLE_AMP_ONLY inline float rsqrt(float x) { return ample::detail::ample_fast_rsqrtf(x); }

/// ceil, floor, round, trunc: rounding to an integral value upwards, downwards, to nearest with
/// halves away from zero, and towards zero; ±0, ±inf and nan are returned unchanged.
template <class = void> AMPLE_AMP_ONLY inline float ceilf(float x) { return std::ceil(x); }
template <class = void> AMPLE_AMP_ONLY inline float ceil(float x) { return std::ceil(x); }
template <class = void> AMPLE_AMP_ONLY inline float floorf(float x) { return std::floor(x); }
template <class = void> AMPLE_AMP_ONLY inline float floor(float x) { return std::floor(x); }
template <class = void> AMPLE_AMP_ONLY inline float roundf(float x) { return std::round(x); }
template <class = void> AMPLE_AMP_ONLY inline float round(float x) { return std::round(x); }
template <class = void> AMPLE_AMP_ONLY inline float truncf(float x) { return std::trunc(x); }
template <class = void> AMPLE_AMP_ONLY inline float trunc(float x) { return std::trunc(x); }

/// fabs is |x|; fmax and fmin the larger and smaller argument, ignoring a single nan.
template <class = void> AMPLE_AMP_ONLY inline float fabsf(float x) { return std::fabs(x); }
template <class = void> AMPLE_AMP_ONLY inline float fabs(float x) { return std::fabs(x); }
template <class = void> AMPLE_AMP_ONLY inline float fmaxf(float x, float y) { return std::fmax(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fmax(float x, float y) { return std::fmax(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fminf(float x, float y) { return std::fmin(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fmin(float x, float y) { return std::fmin(x, y); }

/// fmod(x, y) is x − n·y with n = trunc(x/y), exact, with the sign of x; nan for y = 0.
template <class = void> AMPLE_AMP_ONLY inline float fmodf(float x, float y) { return std::fmod(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fmod(float x, float y) { return std::fmod(x, y); }

/// frexp(x, exp) splits x into a mantissa in [1/2, 1), returned, and a power of 2 in *exp;
/// ldexp(x, exp) is x·2^exp, with a float exponent as in Microsoft's fast_math.
template <class = void> AMPLE_AMP_ONLY inline float frexpf(float x, int* exp) { return std::frexp(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float frexp(float x, int* exp) { return std::frexp(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float ldexpf(float x, float exp) { return ample::detail::scalb(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float ldexp(float x, float exp) { return ample::detail::scalb(x, exp); }

/// modf(x, ip) returns the fractional part of x and stores the integral part in *ip; both keep
/// the sign of x, and modf(±inf) = ±0.
template <class = void> AMPLE_AMP_ONLY inline float modff(float x, float* ip) { return std::modf(x, ip); }
template <class = void> AMPLE_AMP_ONLY inline float modf(float x, float* ip) { return std::modf(x, ip); }

/// isfinite, isinf, isnan, signbit: classification, nonzero when x is finite, infinite, nan, or
/// has its sign bit set (true for −0 and negative nan). As in Microsoft's header, only signbit
/// has an `f` form.
template <class = void> AMPLE_AMP_ONLY inline int isfinite(float x) { return std::isfinite(x); }
template <class = void> AMPLE_AMP_ONLY inline int isinf(float x) { return std::isinf(x); }
template <class = void> AMPLE_AMP_ONLY inline int isnan(float x) { return std::isnan(x); }
template <class = void> AMPLE_AMP_ONLY inline int signbitf(float x) { return std::signbit(x); }
template <class = void> AMPLE_AMP_ONLY inline int signbit(float x) { return std::signbit(x); }

}  // namespace Concurrency::fast_math
