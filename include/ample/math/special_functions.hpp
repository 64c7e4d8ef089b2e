// The math functions of C++ AMP that <cmath> lacks, as templates over float and double:
// reciprocal roots, exp10, trigonometry of π·x, the inverse error functions, the standard normal
// distribution and scalb. fast_math and precise_math wrap them; each evaluates in its argument's
// type, since C++ AMP forbids wider intermediates for float (SPEC §2.4.1.2).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace ample::detail {

/// rsqrt() is 1/√x: rsqrt(±0) = ±inf, rsqrt(+inf) = +0, nan for x < 0.
template <class T>
T rsqrt(T x) {
  return T(1) / std::sqrt(x);
}

/// rcbrt() is 1/∛x: rcbrt(±0) = ±inf, rcbrt(±inf) = ±0.
template <class T>
T rcbrt(T x) {
  return T(1) / std::cbrt(x);
}

/// exp10() is 10^x, through pow with the exact base 10.
template <class T>
T exp10(T x) {
  return std::pow(T(10), x);
}

/// sinpi() is sin(πx). fmod reduces |x| modulo 2 exactly; the symmetries of sine then fold the
/// rest into [0, 1/2], where sin or cos is evaluated on at most π/4. So integers give exact zeros
/// (with the sign of x), and ±inf and nan give nan.
template <class T>
T sinpi(T x) {
  T a = std::fmod(std::fabs(x), T(2));
  bool negate = std::signbit(x);
  if (a >= T(1)) {  // sin(π(a + 1)) = −sin(πa)
    a -= T(1);
    negate = !negate;
  }
  if (a == T(0)) return std::copysign(T(0), x);
  if (a > T(0.5)) a = T(1) - a;  // sin(π(1 − a)) = sin(πa)
  constexpr T pi = std::numbers::pi_v<T>;
  T r = a <= T(0.25) ? std::sin(pi * a) : std::cos(pi * (T(0.5) - a));
  return negate ? -r : r;
}

/// cospi() is cos(πx), reduced like sinpi(): cospi(n + 1/2) = +0 exactly for every integer n,
/// cospi(n) = ±1, and ±inf and nan give nan.
template <class T>
T cospi(T x) {
  T a = std::fmod(std::fabs(x), T(2));
  if (a > T(1)) a = T(2) - a;  // cos(π(2 − a)) = cos(πa)
  bool negate = a > T(0.5);
  if (negate) a = T(1) - a;  // cos(π(1 − a)) = −cos(πa)
  constexpr T pi = std::numbers::pi_v<T>;
  T r = a <= T(0.25) ? std::cos(pi * a) : std::sin(pi * (T(0.5) - a));
  return negate ? -r : r;
}

/// tanpi() is tan(πx), reduced modulo 1 exactly: tanpi(n) = ±0 and tanpi(n + 1/2) = ±inf for
/// every integer n (the sign of x), and ±inf and nan give nan.
template <class T>
T tanpi(T x) {
  T a = std::fmod(std::fabs(x), T(1));
  bool negate = std::signbit(x);
  if (a > T(0.5)) {  // tan(π(1 − a)) = −tan(πa)
    a = T(1) - a;
    negate = !negate;
  }
  constexpr T pi = std::numbers::pi_v<T>;
  T r = a <= T(0.25) ? std::tan(pi * a) : T(1) / std::tan(pi * (T(0.5) - a));
  return negate ? -r : r;
}

/// erfinv_guess() starts the inverse error function: for y = 1 − q it returns x with erf(x) ≈ y
/// to 1e-4 relative or better. Down to q ≈ 5e-8 this is Giles' single-precision approximation
/// ("Approximating the erfinv function", GPU Computing Gems Jade, 2011), x = y·p(w) with
/// w = −log(q(2 − q)); deeper in the tail Giles' polynomial no longer holds, and the asymptotic
/// erfc(x) ≈ exp(−x²)/(x√π)·(1 − 1/(2x²)) is solved by two fixed-point steps instead.
template <class T>
T erfinv_guess(T y, T q) {
  T w = -std::log(q * (T(2) - q));
  T p;
  if (w < T(5)) {
    w -= T(2.5);
    p = T(2.81022636e-08);
    p = T(3.43273939e-07) + p * w;
    p = T(-3.5233877e-06) + p * w;
    p = T(-4.39150654e-06) + p * w;
    p = T(0.00021858087) + p * w;
    p = T(-0.00125372503) + p * w;
    p = T(-0.00417768164) + p * w;
    p = T(0.246640727) + p * w;
    p = T(1.50140941) + p * w;
  } else if (w < T(16)) {
    w = std::sqrt(w) - T(3);
    p = T(-0.000200214257);
    p = T(0.000100950558) + p * w;
    p = T(0.00134934322) + p * w;
    p = T(-0.00367342844) + p * w;
    p = T(0.00573950773) + p * w;
    p = T(-0.0076224613) + p * w;
    p = T(0.00943887047) + p * w;
    p = T(1.00167406) + p * w;
    p = T(2.83297682) + p * w;
  } else {
    const T l = -std::log(q) - T(0.5) * std::log(std::numbers::pi_v<T>);
    T x = std::sqrt(l);
    for (int i = 0; i < 2; ++i) x = std::sqrt(l - std::log(x) + std::log1p(T(-0.5) / (x * x)));
    return x;
  }
  return p * y;
}

/// erf_halley_step() improves x towards erf(x) = y given the residual r = erf(x) − y, by Halley's
/// method (erf''/erf' = −2x). Where erf'(x) underflows the step is meaningless; x stays.
template <class T>
T erf_halley_step(T x, T r) {
  const T d = std::numbers::inv_sqrtpi_v<T> * T(2) * std::exp(-x * x);
  if (!(d >= std::numeric_limits<T>::min())) return x;
  const T u = r / d;
  return x - u / (T(1) + x * u);
}

/// erfcinv_tail() solves erfc(x) = q for 0 < q ≤ 1/2 (so x ≥ 0.47). Iterating on erfc rather
/// than erf keeps the residual relative to q, so the tail keeps full relative accuracy.
template <class T>
T erfcinv_tail(T q) {
  T x = erfinv_guess(T(1) - q, q);
  for (int i = 0; i < 2; ++i) x = erf_halley_step(x, q - std::erfc(x));
  return x;
}

/// erfinv() is the inverse of erf on [−1, 1]: erfinv(±1) = ±inf, erfinv(±0) = ±0, nan for
/// |y| > 1 and for nan. For |y| ≤ 1/2 it iterates on erf, beyond on erfc(x) = 1 − |y| (exact).
template <class T>
T erfinv(T y) {
  const T a = std::fabs(y);
  if (!(a < T(1))) return a == T(1) ? std::copysign(std::numeric_limits<T>::infinity(), y)
                                    : std::numeric_limits<T>::quiet_NaN();
  if (a > T(0.5)) return std::copysign(erfcinv_tail(T(1) - a), y);
  if (a == T(0)) return y;
  T x = erfinv_guess(y, T(1) - a);
  for (int i = 0; i < 2; ++i) x = erf_halley_step(x, std::erf(x) - y);
  return x;
}

/// erfcinv() is the inverse of erfc on [0, 2]: erfcinv(0) = +inf, erfcinv(1) = 0,
/// erfcinv(2) = −inf, nan outside [0, 2] and for nan. Small q is solved on erfc directly, so
/// erfcinv(1e-300) is accurate where erfinv(1 − q) would see only 1.
template <class T>
T erfcinv(T q) {
  if (!(q > T(0) && q < T(2))) {
    if (q == T(0)) return std::numeric_limits<T>::infinity();
    if (q == T(2)) return -std::numeric_limits<T>::infinity();
    return std::numeric_limits<T>::quiet_NaN();
  }
  if (q < T(0.5)) return erfcinv_tail(q);
  if (q > T(1.5)) return -erfcinv_tail(T(2) - q);
  return erfinv(T(1) - q);  // exact: 1/2 ≤ q ≤ 3/2
}

/// phi() is the standard normal CDF, Φ(x) = erfc(−x/√2)/2: phi(−inf) = 0, phi(+inf) = 1.
template <class T>
T phi(T x) {
  return T(0.5) * std::erfc(-x * (std::numbers::sqrt2_v<T> / T(2)));
}

/// probit() is the inverse of phi, −√2·erfcinv(2p): probit(0) = −inf, probit(1/2) = 0,
/// probit(1) = +inf, nan outside [0, 1].
template <class T>
T probit(T p) {
  return -std::numbers::sqrt2_v<T> * erfcinv(T(2) * p);
}

/// scalb() is x·2^y for a floating-point y. The integer part of y goes to scalbn and only the
/// fraction (of the same sign) through exp2, so no intermediate overflows or underflows before
/// the result does. As in C's scalb, y = +inf gives x·inf, y = −inf gives x/inf, nan gives nan.
template <class T>
T scalb(T x, T y) {
  if (std::isnan(y)) return x + y;
  if (std::isinf(y)) return y > T(0) ? x * y : x / -y;
  const T n = std::trunc(y);
  constexpr T limit = T(1 << 20);  // beyond every exponent range: the result saturates anyway
  return std::scalbn(x * std::exp2(y - n), static_cast<int>(std::clamp(n, -limit, limit)));
}

}  // namespace ample::detail
