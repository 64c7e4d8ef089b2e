// concurrency::precise_math, special functions: the error function and its inverses, the
// standard normal distribution, and the gamma function (MSREF precise_math; SPEC §9).
//
// Float and double overloads plus the `f`-suffixed float form, as in precise_math.hpp.
//
// Every function is a template whose one parameter is defaulted and never deduced: arguments
// still convert as for a plain function, but where the C library's function of the same name
// (from <cmath> or <math.h>) matches a call as well, the C library's wins instead of the call
// being ambiguous, as happens under `using namespace concurrency::precise_math;` (Visual C++
// told the two apart by their restriction). Both compute the same value on the CPU.
#pragma once

#include <math.h>  // lgamma_r: unlike std::lgamma it does not write the global signgam

#include <cmath>

#include "../config.hpp"
#include "special_functions.hpp"

namespace Concurrency::precise_math {

/// erf and erfc are the error function and its complement 1 − erf(x), accurate also where
/// erfc(x) is tiny: erf(±inf) = ±1, erfc(−inf) = 2, erfc(+inf) = +0.
template <class = void> AMPLE_AMP_ONLY inline float erff(float x) { return std::erf(x); }
template <class = void> AMPLE_AMP_ONLY inline float erf(float x) { return std::erf(x); }
template <class = void> AMPLE_AMP_ONLY inline double erf(double x) { return std::erf(x); }
template <class = void> AMPLE_AMP_ONLY inline float erfcf(float x) { return std::erfc(x); }
template <class = void> AMPLE_AMP_ONLY inline float erfc(float x) { return std::erfc(x); }
template <class = void> AMPLE_AMP_ONLY inline double erfc(double x) { return std::erfc(x); }

/// erfinv and erfcinv invert erf on [−1, 1] and erfc on [0, 2]: erfinv(±1) = ±inf,
/// erfinv(±0) = ±0, erfcinv(0) = +inf, erfcinv(1) = 0, erfcinv(2) = −inf, nan outside the domain.
/// erfcinv stays accurate for tiny arguments, where erfinv(1 − x) would round to inf.
template <class = void> AMPLE_AMP_ONLY inline float erfinvf(float x) { return ample::detail::erfinv(x); }
template <class = void> AMPLE_AMP_ONLY inline float erfinv(float x) { return ample::detail::erfinv(x); }
template <class = void> AMPLE_AMP_ONLY inline double erfinv(double x) { return ample::detail::erfinv(x); }
template <class = void> AMPLE_AMP_ONLY inline float erfcinvf(float x) { return ample::detail::erfcinv(x); }
template <class = void> AMPLE_AMP_ONLY inline float erfcinv(float x) { return ample::detail::erfcinv(x); }
template <class = void> AMPLE_AMP_ONLY inline double erfcinv(double x) { return ample::detail::erfcinv(x); }

/// phi is the standard normal cumulative distribution function, erfc(−x/√2)/2, and probit its
/// inverse, −√2·erfcinv(2p): phi(−inf) = 0, phi(+inf) = 1, probit(0) = −inf, probit(1/2) = 0,
/// probit(1) = +inf, nan for p outside [0, 1].
template <class = void> AMPLE_AMP_ONLY inline float phif(float x) { return ample::detail::phi(x); }
template <class = void> AMPLE_AMP_ONLY inline float phi(float x) { return ample::detail::phi(x); }
template <class = void> AMPLE_AMP_ONLY inline double phi(double x) { return ample::detail::phi(x); }
template <class = void> AMPLE_AMP_ONLY inline float probitf(float p) { return ample::detail::probit(p); }
template <class = void> AMPLE_AMP_ONLY inline float probit(float p) { return ample::detail::probit(p); }
template <class = void> AMPLE_AMP_ONLY inline double probit(double p) { return ample::detail::probit(p); }

/// tgamma is the gamma function Γ(x): tgamma(±0) = ±inf, nan at negative integers and −inf.
/// lgamma(x, sign) is log|Γ(x)| and stores the sign of Γ(x), ±1, in *sign (Microsoft's
/// signature); lgamma is +inf at the poles (zero and the negative integers).
template <class = void> AMPLE_AMP_ONLY inline float tgammaf(float x) { return std::tgamma(x); }
template <class = void> AMPLE_AMP_ONLY inline float tgamma(float x) { return std::tgamma(x); }
template <class = void> AMPLE_AMP_ONLY inline double tgamma(double x) { return std::tgamma(x); }
template <class = void> AMPLE_AMP_ONLY inline float lgammaf(float x, int* sign) { return ::lgammaf_r(x, sign); }
template <class = void> AMPLE_AMP_ONLY inline float lgamma(float x, int* sign) { return ::lgammaf_r(x, sign); }
template <class = void> AMPLE_AMP_ONLY inline double lgamma(double x, int* sign) { return ::lgamma_r(x, sign); }

}  // namespace Concurrency::precise_math
