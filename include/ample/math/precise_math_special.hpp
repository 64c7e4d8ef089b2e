// concurrency::precise_math, special functions: the error function and its inverses, the
// standard normal distribution, and the gamma function (MSREF precise_math; SPEC §9).
//
// Float and double overloads plus the `f`-suffixed float form, as in precise_math.hpp.
#pragma once

#include <math.h>  // lgamma_r: unlike std::lgamma it does not write the global signgam

#include <cmath>

#include "special_functions.hpp"

namespace concurrency::precise_math {

/// erf and erfc are the error function and its complement 1 − erf(x), accurate also where
/// erfc(x) is tiny: erf(±inf) = ±1, erfc(−inf) = 2, erfc(+inf) = +0.
inline float erff(float x) { return std::erf(x); }
inline float erf(float x) { return std::erf(x); }
inline double erf(double x) { return std::erf(x); }
inline float erfcf(float x) { return std::erfc(x); }
inline float erfc(float x) { return std::erfc(x); }
inline double erfc(double x) { return std::erfc(x); }

/// erfinv and erfcinv invert erf on [−1, 1] and erfc on [0, 2]: erfinv(±1) = ±inf,
/// erfinv(±0) = ±0, erfcinv(0) = +inf, erfcinv(1) = 0, erfcinv(2) = −inf, nan outside the domain.
/// erfcinv stays accurate for tiny arguments, where erfinv(1 − x) would round to inf.
inline float erfinvf(float x) { return ample::detail::erfinv(x); }
inline float erfinv(float x) { return ample::detail::erfinv(x); }
inline double erfinv(double x) { return ample::detail::erfinv(x); }
inline float erfcinvf(float x) { return ample::detail::erfcinv(x); }
inline float erfcinv(float x) { return ample::detail::erfcinv(x); }
inline double erfcinv(double x) { return ample::detail::erfcinv(x); }

/// phi is the standard normal cumulative distribution function, erfc(−x/√2)/2, and probit its
/// inverse, −√2·erfcinv(2p): phi(−inf) = 0, phi(+inf) = 1, probit(0) = −inf, probit(1/2) = 0,
/// probit(1) = +inf, nan for p outside [0, 1].
inline float phif(float x) { return ample::detail::phi(x); }
inline float phi(float x) { return ample::detail::phi(x); }
inline double phi(double x) { return ample::detail::phi(x); }
inline float probitf(float p) { return ample::detail::probit(p); }
inline float probit(float p) { return ample::detail::probit(p); }
inline double probit(double p) { return ample::detail::probit(p); }

/// tgamma is the gamma function Γ(x): tgamma(±0) = ±inf, nan at negative integers and −inf.
/// lgamma(x, sign) is log|Γ(x)| and stores the sign of Γ(x), ±1, in *sign (Microsoft's
/// signature); lgamma is +inf at the poles (zero and the negative integers).
inline float tgammaf(float x) { return std::tgamma(x); }
inline float tgamma(float x) { return std::tgamma(x); }
inline double tgamma(double x) { return std::tgamma(x); }
inline float lgammaf(float x, int* sign) { return ::lgammaf_r(x, sign); }
inline float lgamma(float x, int* sign) { return ::lgammaf_r(x, sign); }
inline double lgamma(double x, int* sign) { return ::lgamma_r(x, sign); }

}  // namespace concurrency::precise_math
