// concurrency::precise_math, elementary functions: trigonometric, hyperbolic, exponential,
// logarithmic, powers and roots (MSREF precise_math; SPEC §9).
//
// precise_math offers C99 accuracy for float and double. Every function has a float and a double
// overload plus the C `f`-suffixed float form (cos, cosf). Ample evaluates each in its
// argument's type through <cmath>, or through ample::detail where <cmath> has no equivalent.
// The other families live in precise_math_fp.hpp and precise_math_special.hpp.
//
// Every function is a template whose one parameter is defaulted and never deduced: arguments
// still convert as for a plain function, but where the C library's function of the same name
// (from <cmath> or <math.h>) matches a call as well, the C library's wins instead of the call
// being ambiguous, as happens under `using namespace concurrency::precise_math;` (Visual C++
// told the two apart by their restriction). Both compute the same value on the CPU.
#pragma once

#include <cmath>

#include "../config.hpp"
#include "special_functions.hpp"

namespace Concurrency::precise_math {

/// acos, asin, atan: inverse trigonometric functions in radians; nan for |x| > 1 (acos, asin).
template <class = void> AMPLE_AMP_ONLY inline float acosf(float x) { return std::acos(x); }
template <class = void> AMPLE_AMP_ONLY inline float acos(float x) { return std::acos(x); }
template <class = void> AMPLE_AMP_ONLY inline double acos(double x) { return std::acos(x); }
template <class = void> AMPLE_AMP_ONLY inline float asinf(float x) { return std::asin(x); }
template <class = void> AMPLE_AMP_ONLY inline float asin(float x) { return std::asin(x); }
template <class = void> AMPLE_AMP_ONLY inline double asin(double x) { return std::asin(x); }
template <class = void> AMPLE_AMP_ONLY inline float atanf(float x) { return std::atan(x); }
template <class = void> AMPLE_AMP_ONLY inline float atan(float x) { return std::atan(x); }
template <class = void> AMPLE_AMP_ONLY inline double atan(double x) { return std::atan(x); }

/// atan2(y, x) is the angle of the point (x, y) in (−π, π], using both signs to pick the quadrant.
template <class = void> AMPLE_AMP_ONLY inline float atan2f(float y, float x) { return std::atan2(y, x); }
template <class = void> AMPLE_AMP_ONLY inline float atan2(float y, float x) { return std::atan2(y, x); }
template <class = void> AMPLE_AMP_ONLY inline double atan2(double y, double x) { return std::atan2(y, x); }

/// cos, sin, tan: trigonometric functions of an angle in radians; nan for ±inf.
template <class = void> AMPLE_AMP_ONLY inline float cosf(float x) { return std::cos(x); }
template <class = void> AMPLE_AMP_ONLY inline float cos(float x) { return std::cos(x); }
template <class = void> AMPLE_AMP_ONLY inline double cos(double x) { return std::cos(x); }
template <class = void> AMPLE_AMP_ONLY inline float sinf(float x) { return std::sin(x); }
template <class = void> AMPLE_AMP_ONLY inline float sin(float x) { return std::sin(x); }
template <class = void> AMPLE_AMP_ONLY inline double sin(double x) { return std::sin(x); }
template <class = void> AMPLE_AMP_ONLY inline float tanf(float x) { return std::tan(x); }
template <class = void> AMPLE_AMP_ONLY inline float tan(float x) { return std::tan(x); }
template <class = void> AMPLE_AMP_ONLY inline double tan(double x) { return std::tan(x); }

/// sincos(x, s, c) stores sin(x) in *s and cos(x) in *c.
template <class = void> AMPLE_AMP_ONLY inline void sincosf(float x, float* s, float* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
template <class = void> AMPLE_AMP_ONLY inline void sincos(float x, float* s, float* c) { sincosf(x, s, c); }
template <class = void> AMPLE_AMP_ONLY inline void sincos(double x, double* s, double* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}

/// cospi, sinpi, tanpi: cos(πx), sin(πx) and tan(πx), reduced exactly, so that sinpi(n) = ±0,
/// cospi(n + 1/2) = +0, tanpi(n) = ±0 and tanpi(n + 1/2) = ±inf for every integer n; nan for ±inf.
template <class = void> AMPLE_AMP_ONLY inline float cospif(float x) { return ample::detail::cospi(x); }
template <class = void> AMPLE_AMP_ONLY inline float cospi(float x) { return ample::detail::cospi(x); }
template <class = void> AMPLE_AMP_ONLY inline double cospi(double x) { return ample::detail::cospi(x); }
template <class = void> AMPLE_AMP_ONLY inline float sinpif(float x) { return ample::detail::sinpi(x); }
template <class = void> AMPLE_AMP_ONLY inline float sinpi(float x) { return ample::detail::sinpi(x); }
template <class = void> AMPLE_AMP_ONLY inline double sinpi(double x) { return ample::detail::sinpi(x); }
template <class = void> AMPLE_AMP_ONLY inline float tanpif(float x) { return ample::detail::tanpi(x); }
template <class = void> AMPLE_AMP_ONLY inline float tanpi(float x) { return ample::detail::tanpi(x); }
template <class = void> AMPLE_AMP_ONLY inline double tanpi(double x) { return ample::detail::tanpi(x); }

/// cosh, sinh, tanh: hyperbolic functions; cosh and sinh overflow to inf, tanh(±inf) = ±1.
template <class = void> AMPLE_AMP_ONLY inline float coshf(float x) { return std::cosh(x); }
template <class = void> AMPLE_AMP_ONLY inline float cosh(float x) { return std::cosh(x); }
template <class = void> AMPLE_AMP_ONLY inline double cosh(double x) { return std::cosh(x); }
template <class = void> AMPLE_AMP_ONLY inline float sinhf(float x) { return std::sinh(x); }
template <class = void> AMPLE_AMP_ONLY inline float sinh(float x) { return std::sinh(x); }
template <class = void> AMPLE_AMP_ONLY inline double sinh(double x) { return std::sinh(x); }
template <class = void> AMPLE_AMP_ONLY inline float tanhf(float x) { return std::tanh(x); }
template <class = void> AMPLE_AMP_ONLY inline float tanh(float x) { return std::tanh(x); }
template <class = void> AMPLE_AMP_ONLY inline double tanh(double x) { return std::tanh(x); }

/// acosh, asinh, atanh: inverse hyperbolic functions; acosh is nan below 1, atanh(±1) = ±inf and
/// nan for |x| > 1.
template <class = void> AMPLE_AMP_ONLY inline float acoshf(float x) { return std::acosh(x); }
template <class = void> AMPLE_AMP_ONLY inline float acosh(float x) { return std::acosh(x); }
template <class = void> AMPLE_AMP_ONLY inline double acosh(double x) { return std::acosh(x); }
template <class = void> AMPLE_AMP_ONLY inline float asinhf(float x) { return std::asinh(x); }
template <class = void> AMPLE_AMP_ONLY inline float asinh(float x) { return std::asinh(x); }
template <class = void> AMPLE_AMP_ONLY inline double asinh(double x) { return std::asinh(x); }
template <class = void> AMPLE_AMP_ONLY inline float atanhf(float x) { return std::atanh(x); }
template <class = void> AMPLE_AMP_ONLY inline float atanh(float x) { return std::atanh(x); }
template <class = void> AMPLE_AMP_ONLY inline double atanh(double x) { return std::atanh(x); }

/// exp, exp2, exp10, expm1: e^x, 2^x, 10^x and e^x − 1 (accurate for small x); +inf on
/// overflow, exp(−inf) = +0 and expm1(−inf) = −1.
template <class = void> AMPLE_AMP_ONLY inline float expf(float x) { return std::exp(x); }
template <class = void> AMPLE_AMP_ONLY inline float exp(float x) { return std::exp(x); }
template <class = void> AMPLE_AMP_ONLY inline double exp(double x) { return std::exp(x); }
template <class = void> AMPLE_AMP_ONLY inline float exp2f(float x) { return std::exp2(x); }
template <class = void> AMPLE_AMP_ONLY inline float exp2(float x) { return std::exp2(x); }
template <class = void> AMPLE_AMP_ONLY inline double exp2(double x) { return std::exp2(x); }
template <class = void> AMPLE_AMP_ONLY inline float exp10f(float x) { return ample::detail::exp10(x); }
template <class = void> AMPLE_AMP_ONLY inline float exp10(float x) { return ample::detail::exp10(x); }
template <class = void> AMPLE_AMP_ONLY inline double exp10(double x) { return ample::detail::exp10(x); }
template <class = void> AMPLE_AMP_ONLY inline float expm1f(float x) { return std::expm1(x); }
template <class = void> AMPLE_AMP_ONLY inline float expm1(float x) { return std::expm1(x); }
template <class = void> AMPLE_AMP_ONLY inline double expm1(double x) { return std::expm1(x); }

/// log, log2, log10, log1p: logarithms of x (log1p of 1 + x, accurate for small x); log(±0) =
/// −inf, log1p(−1) = −inf, nan below the domain.
template <class = void> AMPLE_AMP_ONLY inline float logf(float x) { return std::log(x); }
template <class = void> AMPLE_AMP_ONLY inline float log(float x) { return std::log(x); }
template <class = void> AMPLE_AMP_ONLY inline double log(double x) { return std::log(x); }
template <class = void> AMPLE_AMP_ONLY inline float log2f(float x) { return std::log2(x); }
template <class = void> AMPLE_AMP_ONLY inline float log2(float x) { return std::log2(x); }
template <class = void> AMPLE_AMP_ONLY inline double log2(double x) { return std::log2(x); }
template <class = void> AMPLE_AMP_ONLY inline float log10f(float x) { return std::log10(x); }
template <class = void> AMPLE_AMP_ONLY inline float log10(float x) { return std::log10(x); }
template <class = void> AMPLE_AMP_ONLY inline double log10(double x) { return std::log10(x); }
template <class = void> AMPLE_AMP_ONLY inline float log1pf(float x) { return std::log1p(x); }
template <class = void> AMPLE_AMP_ONLY inline float log1p(float x) { return std::log1p(x); }
template <class = void> AMPLE_AMP_ONLY inline double log1p(double x) { return std::log1p(x); }

/// pow(x, y) is x^y, with C99's special cases (pow(x, ±0) = 1 even for nan x).
template <class = void> AMPLE_AMP_ONLY inline float powf(float x, float y) { return std::pow(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float pow(float x, float y) { return std::pow(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double pow(double x, double y) { return std::pow(x, y); }

/// sqrt and cbrt are √x (nan for x < 0) and ∛x; rsqrt and rcbrt their reciprocals, so
/// rsqrt(±0) = rcbrt(±0) = ±inf and rsqrt(+inf) = rcbrt(+inf) = +0.
template <class = void> AMPLE_AMP_ONLY inline float sqrtf(float x) { return std::sqrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float sqrt(float x) { return std::sqrt(x); }
template <class = void> AMPLE_AMP_ONLY inline double sqrt(double x) { return std::sqrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float rsqrtf(float x) { return ample::detail::rsqrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float rsqrt(float x) { return ample::detail::rsqrt(x); }
template <class = void> AMPLE_AMP_ONLY inline double rsqrt(double x) { return ample::detail::rsqrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float cbrtf(float x) { return std::cbrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float cbrt(float x) { return std::cbrt(x); }
template <class = void> AMPLE_AMP_ONLY inline double cbrt(double x) { return std::cbrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float rcbrtf(float x) { return ample::detail::rcbrt(x); }
template <class = void> AMPLE_AMP_ONLY inline float rcbrt(float x) { return ample::detail::rcbrt(x); }
template <class = void> AMPLE_AMP_ONLY inline double rcbrt(double x) { return ample::detail::rcbrt(x); }

/// hypot(x, y) is √(x² + y²) without intermediate overflow; +inf if either is ±inf, even nan.
template <class = void> AMPLE_AMP_ONLY inline float hypotf(float x, float y) { return std::hypot(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float hypot(float x, float y) { return std::hypot(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double hypot(double x, double y) { return std::hypot(x, y); }

}  // namespace Concurrency::precise_math
