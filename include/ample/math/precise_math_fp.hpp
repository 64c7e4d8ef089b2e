// concurrency::precise_math, floating-point manipulation: rounding, remainders, min/max,
// exponent and mantissa, and classification (MSREF precise_math; SPEC §9).
//
// Float and double overloads plus the `f`-suffixed float form, as in precise_math.hpp; the
// predicates (fpclassify, isfinite, isinf, isnan, isnormal) have no `f` form in Microsoft's
// header and return int, nonzero for true.
//
// Every function is a template whose one parameter is defaulted and never deduced: arguments
// still convert as for a plain function, but where the C library's function of the same name
// (from <cmath> or <math.h>) matches a call as well, the C library's wins instead of the call
// being ambiguous, as happens under `using namespace concurrency::precise_math;` (Visual C++
// told the two apart by their restriction). Both compute the same value on the CPU.
#pragma once

#include <cmath>
#include <limits>

#include "../config.hpp"
#include "special_functions.hpp"

namespace Concurrency::precise_math {

/// ceil, floor, round, trunc, nearbyint: rounding to an integral value upwards, downwards, to
/// nearest with halves away from zero, towards zero, and in the current rounding mode (halves to
/// even by default); ±0, ±inf and nan are returned unchanged.
template <class = void> AMPLE_AMP_ONLY inline float ceilf(float x) { return std::ceil(x); }
template <class = void> AMPLE_AMP_ONLY inline float ceil(float x) { return std::ceil(x); }
template <class = void> AMPLE_AMP_ONLY inline double ceil(double x) { return std::ceil(x); }
template <class = void> AMPLE_AMP_ONLY inline float floorf(float x) { return std::floor(x); }
template <class = void> AMPLE_AMP_ONLY inline float floor(float x) { return std::floor(x); }
template <class = void> AMPLE_AMP_ONLY inline double floor(double x) { return std::floor(x); }
template <class = void> AMPLE_AMP_ONLY inline float roundf(float x) { return std::round(x); }
template <class = void> AMPLE_AMP_ONLY inline float round(float x) { return std::round(x); }
template <class = void> AMPLE_AMP_ONLY inline double round(double x) { return std::round(x); }
template <class = void> AMPLE_AMP_ONLY inline float truncf(float x) { return std::trunc(x); }
template <class = void> AMPLE_AMP_ONLY inline float trunc(float x) { return std::trunc(x); }
template <class = void> AMPLE_AMP_ONLY inline double trunc(double x) { return std::trunc(x); }
template <class = void> AMPLE_AMP_ONLY inline float nearbyintf(float x) { return std::nearbyint(x); }
template <class = void> AMPLE_AMP_ONLY inline float nearbyint(float x) { return std::nearbyint(x); }
template <class = void> AMPLE_AMP_ONLY inline double nearbyint(double x) { return std::nearbyint(x); }

/// fmod(x, y) is x − n·y with n = trunc(x/y); remainder(x, y) the same with n rounded to nearest
/// (halves to even); remquo also stores in *quo the sign and at least the 3 low bits of n. All
/// are exact; nan for y = 0 or infinite x.
template <class = void> AMPLE_AMP_ONLY inline float fmodf(float x, float y) { return std::fmod(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fmod(float x, float y) { return std::fmod(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double fmod(double x, double y) { return std::fmod(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float remainderf(float x, float y) { return std::remainder(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float remainder(float x, float y) { return std::remainder(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double remainder(double x, double y) { return std::remainder(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float remquof(float x, float y, int* quo) { return std::remquo(x, y, quo); }
template <class = void> AMPLE_AMP_ONLY inline float remquo(float x, float y, int* quo) { return std::remquo(x, y, quo); }
template <class = void> AMPLE_AMP_ONLY inline double remquo(double x, double y, int* quo) { return std::remquo(x, y, quo); }

/// fabs is |x|; fmax and fmin the larger and smaller argument, ignoring a single nan; fdim(x, y)
/// is x − y when x > y and +0 otherwise; fma(x, y, z) is x·y + z with a single rounding.
template <class = void> AMPLE_AMP_ONLY inline float fabsf(float x) { return std::fabs(x); }
template <class = void> AMPLE_AMP_ONLY inline float fabs(float x) { return std::fabs(x); }
template <class = void> AMPLE_AMP_ONLY inline double fabs(double x) { return std::fabs(x); }
template <class = void> AMPLE_AMP_ONLY inline float fmaxf(float x, float y) { return std::fmax(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fmax(float x, float y) { return std::fmax(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double fmax(double x, double y) { return std::fmax(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fminf(float x, float y) { return std::fmin(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fmin(float x, float y) { return std::fmin(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double fmin(double x, double y) { return std::fmin(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fdimf(float x, float y) { return std::fdim(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fdim(float x, float y) { return std::fdim(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double fdim(double x, double y) { return std::fdim(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float fmaf(float x, float y, float z) { return std::fma(x, y, z); }
template <class = void> AMPLE_AMP_ONLY inline float fma(float x, float y, float z) { return std::fma(x, y, z); }
template <class = void> AMPLE_AMP_ONLY inline double fma(double x, double y, double z) { return std::fma(x, y, z); }

/// frexp(x, exp) splits x into a mantissa in [1/2, 1), returned, and a power of 2 in *exp;
/// modf(x, ip) returns the fractional part and stores the integral part in *ip (both with the
/// sign of x; modf(±inf) = ±0).
template <class = void> AMPLE_AMP_ONLY inline float frexpf(float x, int* exp) { return std::frexp(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float frexp(float x, int* exp) { return std::frexp(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline double frexp(double x, int* exp) { return std::frexp(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float modff(float x, float* ip) { return std::modf(x, ip); }
template <class = void> AMPLE_AMP_ONLY inline float modf(float x, float* ip) { return std::modf(x, ip); }
template <class = void> AMPLE_AMP_ONLY inline double modf(double x, double* ip) { return std::modf(x, ip); }

/// ldexp and scalbn are x·2^exp for an int exp; scalb(x, y) is x·2^y for a floating-point y
/// (scalb(x, +inf) = x·inf, scalb(x, −inf) = x/inf). All round only once, at the result.
template <class = void> AMPLE_AMP_ONLY inline float ldexpf(float x, int exp) { return std::ldexp(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float ldexp(float x, int exp) { return std::ldexp(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline double ldexp(double x, int exp) { return std::ldexp(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float scalbnf(float x, int exp) { return std::scalbn(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float scalbn(float x, int exp) { return std::scalbn(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline double scalbn(double x, int exp) { return std::scalbn(x, exp); }
template <class = void> AMPLE_AMP_ONLY inline float scalbf(float x, float y) { return ample::detail::scalb(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float scalb(float x, float y) { return ample::detail::scalb(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double scalb(double x, double y) { return ample::detail::scalb(x, y); }

/// ilogb and logb are the unbiased binary exponent of x, as int and as floating-point value:
/// logb(±0) = −inf and logb(±inf) = +inf; ilogb gives FP_ILOGB0, INT_MAX and FP_ILOGBNAN there.
template <class = void> AMPLE_AMP_ONLY inline int ilogbf(float x) { return std::ilogb(x); }
template <class = void> AMPLE_AMP_ONLY inline int ilogb(float x) { return std::ilogb(x); }
template <class = void> AMPLE_AMP_ONLY inline int ilogb(double x) { return std::ilogb(x); }
template <class = void> AMPLE_AMP_ONLY inline float logbf(float x) { return std::logb(x); }
template <class = void> AMPLE_AMP_ONLY inline float logb(float x) { return std::logb(x); }
template <class = void> AMPLE_AMP_ONLY inline double logb(double x) { return std::logb(x); }

/// nextafter(x, y) is the representable value next to x in the direction of y (y if x == y);
/// copysign(x, y) is |x| with the sign of y.
template <class = void> AMPLE_AMP_ONLY inline float nextafterf(float x, float y) { return std::nextafter(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float nextafter(float x, float y) { return std::nextafter(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double nextafter(double x, double y) { return std::nextafter(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float copysignf(float x, float y) { return std::copysign(x, y); }
template <class = void> AMPLE_AMP_ONLY inline float copysign(float x, float y) { return std::copysign(x, y); }
template <class = void> AMPLE_AMP_ONLY inline double copysign(double x, double y) { return std::copysign(x, y); }

/// nan(tag) and nanf(tag) return a quiet nan; Ample ignores the tag (the payload is unspecified).
template <class = void> AMPLE_AMP_ONLY inline float nanf(int) { return std::numeric_limits<float>::quiet_NaN(); }
template <class = void> AMPLE_AMP_ONLY inline double nan(int) { return std::numeric_limits<double>::quiet_NaN(); }

/// fpclassify returns FP_INFINITE, FP_NAN, FP_NORMAL, FP_SUBNORMAL or FP_ZERO; isfinite, isinf,
/// isnan, isnormal and signbit are nonzero when x is finite, infinite, nan, normal (not zero,
/// subnormal, infinite or nan), or has its sign bit set (also −0 and negative nan).
template <class = void> AMPLE_AMP_ONLY inline int fpclassify(float x) { return std::fpclassify(x); }
template <class = void> AMPLE_AMP_ONLY inline int fpclassify(double x) { return std::fpclassify(x); }
template <class = void> AMPLE_AMP_ONLY inline int isfinite(float x) { return std::isfinite(x); }
template <class = void> AMPLE_AMP_ONLY inline int isfinite(double x) { return std::isfinite(x); }
template <class = void> AMPLE_AMP_ONLY inline int isinf(float x) { return std::isinf(x); }
template <class = void> AMPLE_AMP_ONLY inline int isinf(double x) { return std::isinf(x); }
template <class = void> AMPLE_AMP_ONLY inline int isnan(float x) { return std::isnan(x); }
template <class = void> AMPLE_AMP_ONLY inline int isnan(double x) { return std::isnan(x); }
template <class = void> AMPLE_AMP_ONLY inline int isnormal(float x) { return std::isnormal(x); }
template <class = void> AMPLE_AMP_ONLY inline int isnormal(double x) { return std::isnormal(x); }
template <class = void> AMPLE_AMP_ONLY inline int signbitf(float x) { return std::signbit(x); }
template <class = void> AMPLE_AMP_ONLY inline int signbit(float x) { return std::signbit(x); }
template <class = void> AMPLE_AMP_ONLY inline int signbit(double x) { return std::signbit(x); }

}  // namespace Concurrency::precise_math
