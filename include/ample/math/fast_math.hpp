// concurrency::fast_math: the float-only math functions of <amp_math.h> (MSREF fast_math).
//
// Microsoft maps these onto the GPU's fast intrinsics and allows reduced accuracy; Ample's CPU
// engine uses the float overloads of <cmath>, so fast_math is as accurate as precise_math for
// float. Each function exists plain and with the C `f` suffix (sqrt and sqrtf), except the
// isfinite/isinf/isnan predicates. Predicates return int, nonzero for true, as Microsoft's do.
#pragma once

#include <cmath>

#include "special_functions.hpp"

namespace concurrency::fast_math {

/// acos, asin, atan: inverse trigonometric functions in radians; nan for |x| > 1 (acos, asin).
inline float acosf(float x) { return std::acos(x); }
inline float acos(float x) { return std::acos(x); }
inline float asinf(float x) { return std::asin(x); }
inline float asin(float x) { return std::asin(x); }
inline float atanf(float x) { return std::atan(x); }
inline float atan(float x) { return std::atan(x); }

/// atan2(y, x) is the angle of the point (x, y) in (−π, π], using both signs to pick the quadrant.
inline float atan2f(float y, float x) { return std::atan2(y, x); }
inline float atan2(float y, float x) { return std::atan2(y, x); }

/// cos, sin, tan: trigonometric functions of an angle in radians; nan for ±inf.
inline float cosf(float x) { return std::cos(x); }
inline float cos(float x) { return std::cos(x); }
inline float sinf(float x) { return std::sin(x); }
inline float sin(float x) { return std::sin(x); }
inline float tanf(float x) { return std::tan(x); }
inline float tan(float x) { return std::tan(x); }

/// sincos(x, s, c) stores sin(x) in *s and cos(x) in *c.
inline void sincosf(float x, float* s, float* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
inline void sincos(float x, float* s, float* c) { sincosf(x, s, c); }

/// cosh, sinh, tanh: hyperbolic functions; cosh and sinh overflow to inf, tanh(±inf) = ±1.
inline float coshf(float x) { return std::cosh(x); }
inline float cosh(float x) { return std::cosh(x); }
inline float sinhf(float x) { return std::sinh(x); }
inline float sinh(float x) { return std::sinh(x); }
inline float tanhf(float x) { return std::tanh(x); }
inline float tanh(float x) { return std::tanh(x); }

/// exp, exp2: e^x and 2^x; +inf on overflow, +0 on underflow, exp(−inf) = +0.
inline float expf(float x) { return std::exp(x); }
inline float exp(float x) { return std::exp(x); }
inline float exp2f(float x) { return std::exp2(x); }
inline float exp2(float x) { return std::exp2(x); }

/// log, log2, log10: logarithms; log(±0) = −inf, nan for x < 0.
inline float logf(float x) { return std::log(x); }
inline float log(float x) { return std::log(x); }
inline float log2f(float x) { return std::log2(x); }
inline float log2(float x) { return std::log2(x); }
inline float log10f(float x) { return std::log10(x); }
inline float log10(float x) { return std::log10(x); }

/// pow(x, y) is x^y, with C99's special cases (pow(x, ±0) = 1 even for nan x).
inline float powf(float x, float y) { return std::pow(x, y); }
inline float pow(float x, float y) { return std::pow(x, y); }

/// sqrt is √x (nan for x < 0); rsqrt is 1/√x: rsqrt(±0) = ±inf, rsqrt(+inf) = +0.
inline float sqrtf(float x) { return std::sqrt(x); }
inline float sqrt(float x) { return std::sqrt(x); }
inline float rsqrtf(float x) { return ample::detail::rsqrt(x); }
inline float rsqrt(float x) { return ample::detail::rsqrt(x); }

/// ceil, floor, round, trunc: rounding to an integral value upwards, downwards, to nearest with
/// halves away from zero, and towards zero; ±0, ±inf and nan are returned unchanged.
inline float ceilf(float x) { return std::ceil(x); }
inline float ceil(float x) { return std::ceil(x); }
inline float floorf(float x) { return std::floor(x); }
inline float floor(float x) { return std::floor(x); }
inline float roundf(float x) { return std::round(x); }
inline float round(float x) { return std::round(x); }
inline float truncf(float x) { return std::trunc(x); }
inline float trunc(float x) { return std::trunc(x); }

/// fabs is |x|; fmax and fmin the larger and smaller argument, ignoring a single nan.
inline float fabsf(float x) { return std::fabs(x); }
inline float fabs(float x) { return std::fabs(x); }
inline float fmaxf(float x, float y) { return std::fmax(x, y); }
inline float fmax(float x, float y) { return std::fmax(x, y); }
inline float fminf(float x, float y) { return std::fmin(x, y); }
inline float fmin(float x, float y) { return std::fmin(x, y); }

/// fmod(x, y) is x − n·y with n = trunc(x/y), exact, with the sign of x; nan for y = 0.
inline float fmodf(float x, float y) { return std::fmod(x, y); }
inline float fmod(float x, float y) { return std::fmod(x, y); }

/// frexp(x, exp) splits x into a mantissa in [1/2, 1), returned, and a power of 2 in *exp;
/// ldexp(x, exp) is x·2^exp, with a float exponent as in Microsoft's fast_math.
inline float frexpf(float x, int* exp) { return std::frexp(x, exp); }
inline float frexp(float x, int* exp) { return std::frexp(x, exp); }
inline float ldexpf(float x, float exp) { return ample::detail::scalb(x, exp); }
inline float ldexp(float x, float exp) { return ample::detail::scalb(x, exp); }

/// modf(x, ip) returns the fractional part of x and stores the integral part in *ip; both keep
/// the sign of x, and modf(±inf) = ±0.
inline float modff(float x, float* ip) { return std::modf(x, ip); }
inline float modf(float x, float* ip) { return std::modf(x, ip); }

/// isfinite, isinf, isnan, signbit: classification, nonzero when x is finite, infinite, nan, or
/// has its sign bit set (true for −0 and negative nan). As in Microsoft's header, only signbit
/// has an `f` form.
inline int isfinite(float x) { return std::isfinite(x); }
inline int isinf(float x) { return std::isinf(x); }
inline int isnan(float x) { return std::isnan(x); }
inline int signbitf(float x) { return std::signbit(x); }
inline int signbit(float x) { return std::signbit(x); }

}  // namespace concurrency::fast_math
