// concurrency::precise_math, floating-point manipulation: rounding, remainders, min/max,
// exponent and mantissa, and classification (MSREF precise_math; SPEC §9).
//
// Float and double overloads plus the `f`-suffixed float form, as in precise_math.hpp; the
// predicates (fpclassify, isfinite, isinf, isnan, isnormal) have no `f` form in Microsoft's
// header and return int, nonzero for true.
#pragma once

#include <cmath>
#include <limits>

#include "special_functions.hpp"

namespace concurrency::precise_math {

/// ceil, floor, round, trunc, nearbyint: rounding to an integral value upwards, downwards, to
/// nearest with halves away from zero, towards zero, and in the current rounding mode (halves to
/// even by default); ±0, ±inf and nan are returned unchanged.
inline float ceilf(float x) { return std::ceil(x); }
inline float ceil(float x) { return std::ceil(x); }
inline double ceil(double x) { return std::ceil(x); }
inline float floorf(float x) { return std::floor(x); }
inline float floor(float x) { return std::floor(x); }
inline double floor(double x) { return std::floor(x); }
inline float roundf(float x) { return std::round(x); }
inline float round(float x) { return std::round(x); }
inline double round(double x) { return std::round(x); }
inline float truncf(float x) { return std::trunc(x); }
inline float trunc(float x) { return std::trunc(x); }
inline double trunc(double x) { return std::trunc(x); }
inline float nearbyintf(float x) { return std::nearbyint(x); }
inline float nearbyint(float x) { return std::nearbyint(x); }
inline double nearbyint(double x) { return std::nearbyint(x); }

/// fmod(x, y) is x − n·y with n = trunc(x/y); remainder(x, y) the same with n rounded to nearest
/// (halves to even); remquo also stores in *quo the sign and at least the 3 low bits of n. All
/// are exact; nan for y = 0 or infinite x.
inline float fmodf(float x, float y) { return std::fmod(x, y); }
inline float fmod(float x, float y) { return std::fmod(x, y); }
inline double fmod(double x, double y) { return std::fmod(x, y); }
inline float remainderf(float x, float y) { return std::remainder(x, y); }
inline float remainder(float x, float y) { return std::remainder(x, y); }
inline double remainder(double x, double y) { return std::remainder(x, y); }
inline float remquof(float x, float y, int* quo) { return std::remquo(x, y, quo); }
inline float remquo(float x, float y, int* quo) { return std::remquo(x, y, quo); }
inline double remquo(double x, double y, int* quo) { return std::remquo(x, y, quo); }

/// fabs is |x|; fmax and fmin the larger and smaller argument, ignoring a single nan; fdim(x, y)
/// is x − y when x > y and +0 otherwise; fma(x, y, z) is x·y + z with a single rounding.
inline float fabsf(float x) { return std::fabs(x); }
inline float fabs(float x) { return std::fabs(x); }
inline double fabs(double x) { return std::fabs(x); }
inline float fmaxf(float x, float y) { return std::fmax(x, y); }
inline float fmax(float x, float y) { return std::fmax(x, y); }
inline double fmax(double x, double y) { return std::fmax(x, y); }
inline float fminf(float x, float y) { return std::fmin(x, y); }
inline float fmin(float x, float y) { return std::fmin(x, y); }
inline double fmin(double x, double y) { return std::fmin(x, y); }
inline float fdimf(float x, float y) { return std::fdim(x, y); }
inline float fdim(float x, float y) { return std::fdim(x, y); }
inline double fdim(double x, double y) { return std::fdim(x, y); }
inline float fmaf(float x, float y, float z) { return std::fma(x, y, z); }
inline float fma(float x, float y, float z) { return std::fma(x, y, z); }
inline double fma(double x, double y, double z) { return std::fma(x, y, z); }

/// frexp(x, exp) splits x into a mantissa in [1/2, 1), returned, and a power of 2 in *exp;
/// modf(x, ip) returns the fractional part and stores the integral part in *ip (both with the
/// sign of x; modf(±inf) = ±0).
inline float frexpf(float x, int* exp) { return std::frexp(x, exp); }
inline float frexp(float x, int* exp) { return std::frexp(x, exp); }
inline double frexp(double x, int* exp) { return std::frexp(x, exp); }
inline float modff(float x, float* ip) { return std::modf(x, ip); }
inline float modf(float x, float* ip) { return std::modf(x, ip); }
inline double modf(double x, double* ip) { return std::modf(x, ip); }

/// ldexp and scalbn are x·2^exp for an int exp; scalb(x, y) is x·2^y for a floating-point y
/// (scalb(x, +inf) = x·inf, scalb(x, −inf) = x/inf). All round only once, at the result.
inline float ldexpf(float x, int exp) { return std::ldexp(x, exp); }
inline float ldexp(float x, int exp) { return std::ldexp(x, exp); }
inline double ldexp(double x, int exp) { return std::ldexp(x, exp); }
inline float scalbnf(float x, int exp) { return std::scalbn(x, exp); }
inline float scalbn(float x, int exp) { return std::scalbn(x, exp); }
inline double scalbn(double x, int exp) { return std::scalbn(x, exp); }
inline float scalbf(float x, float y) { return ample::detail::scalb(x, y); }
inline float scalb(float x, float y) { return ample::detail::scalb(x, y); }
inline double scalb(double x, double y) { return ample::detail::scalb(x, y); }

/// ilogb and logb are the unbiased binary exponent of x, as int and as floating-point value:
/// logb(±0) = −inf and logb(±inf) = +inf; ilogb gives FP_ILOGB0, INT_MAX and FP_ILOGBNAN there.
inline int ilogbf(float x) { return std::ilogb(x); }
inline int ilogb(float x) { return std::ilogb(x); }
inline int ilogb(double x) { return std::ilogb(x); }
inline float logbf(float x) { return std::logb(x); }
inline float logb(float x) { return std::logb(x); }
inline double logb(double x) { return std::logb(x); }

/// nextafter(x, y) is the representable value next to x in the direction of y (y if x == y);
/// copysign(x, y) is |x| with the sign of y.
inline float nextafterf(float x, float y) { return std::nextafter(x, y); }
inline float nextafter(float x, float y) { return std::nextafter(x, y); }
inline double nextafter(double x, double y) { return std::nextafter(x, y); }
inline float copysignf(float x, float y) { return std::copysign(x, y); }
inline float copysign(float x, float y) { return std::copysign(x, y); }
inline double copysign(double x, double y) { return std::copysign(x, y); }

/// nan(tag) and nanf(tag) return a quiet nan; Ample ignores the tag (the payload is unspecified).
inline float nanf(int) { return std::numeric_limits<float>::quiet_NaN(); }
inline double nan(int) { return std::numeric_limits<double>::quiet_NaN(); }

/// fpclassify returns FP_INFINITE, FP_NAN, FP_NORMAL, FP_SUBNORMAL or FP_ZERO; isfinite, isinf,
/// isnan, isnormal and signbit are nonzero when x is finite, infinite, nan, normal (not zero,
/// subnormal, infinite or nan), or has its sign bit set (also −0 and negative nan).
inline int fpclassify(float x) { return std::fpclassify(x); }
inline int fpclassify(double x) { return std::fpclassify(x); }
inline int isfinite(float x) { return std::isfinite(x); }
inline int isfinite(double x) { return std::isfinite(x); }
inline int isinf(float x) { return std::isinf(x); }
inline int isinf(double x) { return std::isinf(x); }
inline int isnan(float x) { return std::isnan(x); }
inline int isnan(double x) { return std::isnan(x); }
inline int isnormal(float x) { return std::isnormal(x); }
inline int isnormal(double x) { return std::isnormal(x); }
inline int signbitf(float x) { return std::signbit(x); }
inline int signbit(float x) { return std::signbit(x); }
inline int signbit(double x) { return std::signbit(x); }

}  // namespace concurrency::precise_math
