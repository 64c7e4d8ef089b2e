// <amp_math.h>: fast_math and precise_math against <cmath>, the special values of the functions
// <cmath> lacks, the identities between them, and calls from inside kernels.

// These tests call amp-restricted functions from host code too, which C++ AMP does not allow
// (the restriction checker's C3930 for cpu code, docs/design/restrict-checker.md).
#define AMPLE_HOST_CALLS_AMP_FUNCTIONS

#include <amp_math.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;
namespace fm = concurrency::fast_math;
namespace pm = concurrency::precise_math;

template <class T>
constexpr T inf = std::numeric_limits<T>::infinity();

// expect_close() checks |actual − expected| ≤ k·eps·max(1, |expected|).
template <class T>
void expect_close(T actual, T expected, T k) {
  const T tolerance = k * std::numeric_limits<T>::epsilon() * std::fmax(T(1), std::fabs(expected));
  EXPECT_NEAR(actual, expected, tolerance);
}

// expect_zero() checks for an exact zero with the given sign.
template <class T>
void expect_zero(T actual, bool negative) {
  EXPECT_EQ(actual, T(0));
  EXPECT_EQ(std::signbit(actual), negative) << actual;
}

const std::vector<double> points{-2.5, -0.75, -0.3, 0.0, 0.2, 0.5, 0.9, 1.7, 3.25};

TEST(FastMath, MatchesCmath) {
  for (double d : points) {
    const float x = static_cast<float>(d), ax = std::fabs(x);
    expect_close(fm::sin(x), std::sin(x), 4.0f);
    expect_close(fm::cosf(x), std::cos(x), 4.0f);
    expect_close(fm::tan(x), std::tan(x), 4.0f);
    expect_close(fm::atan(x), std::atan(x), 4.0f);
    expect_close(fm::atan2f(x, 0.5f), std::atan2(x, 0.5f), 4.0f);
    expect_close(fm::sinh(x), std::sinh(x), 4.0f);
    expect_close(fm::coshf(x), std::cosh(x), 4.0f);
    expect_close(fm::tanh(x), std::tanh(x), 4.0f);
    expect_close(fm::exp(x), std::exp(x), 4.0f);
    expect_close(fm::exp2f(x), std::exp2(x), 4.0f);
    expect_close(fm::pow(ax, x), std::pow(ax, x), 4.0f);
    expect_close(fm::fmodf(x, 0.7f), std::fmod(x, 0.7f), 0.0f);
    EXPECT_EQ(fm::floor(x), std::floor(x));
    EXPECT_EQ(fm::ceilf(x), std::ceil(x));
    EXPECT_EQ(fm::round(x), std::round(x));
    EXPECT_EQ(fm::truncf(x), std::trunc(x));
    EXPECT_EQ(fm::fabsf(x), ax);
    EXPECT_EQ(fm::fmax(x, 0.1f), std::fmax(x, 0.1f));
    EXPECT_EQ(fm::fminf(x, 0.1f), std::fmin(x, 0.1f));
    if (ax <= 1.0f) {
      expect_close(fm::acos(x), std::acos(x), 4.0f);
      expect_close(fm::asinf(x), std::asin(x), 4.0f);
    }
    if (x > 0.0f) {
      expect_close(fm::log(x), std::log(x), 4.0f);
      expect_close(fm::log2f(x), std::log2(x), 4.0f);
      expect_close(fm::log10(x), std::log10(x), 4.0f);
      expect_close(fm::sqrtf(x), std::sqrt(x), 1.0f);
    }
  }
}

TEST(FastMath, OutParametersAndPredicates) {
  float s = 0, c = 0;
  fm::sincos(0.5f, &s, &c);
  EXPECT_EQ(s, std::sin(0.5f));
  EXPECT_EQ(c, std::cos(0.5f));
  int e = 0;
  EXPECT_EQ(fm::frexpf(12.0f, &e), 0.75f);
  EXPECT_EQ(e, 4);
  EXPECT_EQ(fm::ldexp(0.75f, 4.0f), 12.0f);
  EXPECT_EQ(fm::ldexpf(1.0f, -1.0f), 0.5f);
  float ip = 0;
  EXPECT_EQ(fm::modf(-2.25f, &ip), -0.25f);
  EXPECT_EQ(ip, -2.0f);
  EXPECT_EQ(fm::rsqrt(4.0f), 0.5f);
  EXPECT_EQ(fm::rsqrtf(0.0f), inf<float>);
  EXPECT_NE(fm::isinf(inf<float>), 0);
  EXPECT_NE(fm::isnan(std::nanf("")), 0);
  EXPECT_EQ(fm::isfinite(inf<float>), 0);
  EXPECT_NE(fm::signbit(-0.0f), 0);
  EXPECT_EQ(fm::signbitf(0.0f), 0);
}

template <class T>
void check_precise_against_cmath() {
  for (double d : points) {
    const T x = static_cast<T>(d), ax = std::fabs(x);
    expect_close(pm::sin(x), std::sin(x), T(4));
    expect_close(pm::cos(x), std::cos(x), T(4));
    expect_close(pm::tan(x), std::tan(x), T(4));
    expect_close(pm::atan2(x, T(0.5)), std::atan2(x, T(0.5)), T(4));
    expect_close(pm::asinh(x), std::asinh(x), T(4));
    expect_close(pm::cosh(x), std::cosh(x), T(4));
    expect_close(pm::exp(x), std::exp(x), T(4));
    expect_close(pm::expm1(x), std::expm1(x), T(4));
    expect_close(pm::exp2(x), std::exp2(x), T(4));
    expect_close(pm::exp10(x), std::pow(T(10), x), T(4));
    expect_close(pm::cbrt(x), std::cbrt(x), T(4));
    expect_close(pm::hypot(x, T(2)), std::hypot(x, T(2)), T(4));
    expect_close(pm::erf(x), std::erf(x), T(4));
    expect_close(pm::erfc(x), std::erfc(x), T(4));
    expect_close(pm::pow(ax, x), std::pow(ax, x), T(4));
    expect_close(pm::fma(x, T(3), T(1)), std::fma(x, T(3), T(1)), T(0));
    EXPECT_EQ(pm::remainder(x, T(0.7)), std::remainder(x, T(0.7)));
    EXPECT_EQ(pm::nearbyint(x), std::nearbyint(x));
    EXPECT_EQ(pm::fdim(x, T(0.1)), std::fdim(x, T(0.1)));
    EXPECT_EQ(pm::copysign(T(2), x), std::copysign(T(2), x));
    EXPECT_EQ(pm::nextafter(x, T(10)), std::nextafter(x, T(10)));
    EXPECT_EQ(pm::logb(x), std::logb(x));
    EXPECT_EQ(pm::fpclassify(x), std::fpclassify(x));
    if (ax < T(1)) expect_close(pm::atanh(x), std::atanh(x), T(4));
    if (x > T(-1)) expect_close(pm::log1p(x), std::log1p(x), T(4));
    if (x > T(0)) {
      expect_close(pm::log(x), std::log(x), T(4));
      expect_close(pm::tgamma(x), std::tgamma(x), T(8));
      expect_close(pm::rcbrt(x), T(1) / std::cbrt(x), T(1));
      EXPECT_EQ(pm::ilogb(x), std::ilogb(x));
    }
  }
}

TEST(PreciseMath, MatchesCmathForFloatAndDouble) {
  check_precise_against_cmath<float>();
  check_precise_against_cmath<double>();
  expect_close(pm::cospif(1.0f / 3.0f), 0.5f, 4.0f);
  expect_close(pm::acoshf(2.0f), std::acosh(2.0f), 4.0f);
  expect_close(pm::acosh(2.0), std::acosh(2.0), 4.0);
}

TEST(PreciseMath, OutParameters) {
  double s = 0, c = 0;
  pm::sincos(1.0, &s, &c);
  EXPECT_EQ(s, std::sin(1.0));
  EXPECT_EQ(c, std::cos(1.0));
  int quo = 0;
  EXPECT_EQ(pm::remquo(7.0, 2.0, &quo), -1.0);
  EXPECT_EQ(quo & 7, 4);
  EXPECT_EQ(pm::remquof(-7.0f, 2.0f, &quo), 1.0f);
  EXPECT_EQ(quo & 7, -4 & 7);
  double ip = 0;
  EXPECT_EQ(pm::modf(3.5, &ip), 0.5);
  EXPECT_EQ(ip, 3.0);
  int e = 0;
  EXPECT_EQ(pm::frexp(-3.0, &e), -0.75);
  EXPECT_EQ(e, 2);
  int sign = 0;
  expect_close(pm::lgamma(-0.5, &sign), std::log(2.0 * std::sqrt(std::acos(-1.0))), 8.0);
  EXPECT_EQ(sign, -1);
  expect_close(pm::lgammaf(5.0f, &sign), std::log(24.0f), 8.0f);
  EXPECT_EQ(sign, 1);
}

TEST(PreciseMath, ClassificationAndConstruction) {
  EXPECT_NE(pm::isnan(pm::nan(0)), 0);
  EXPECT_NE(pm::isnan(pm::nanf(7)), 0);
  EXPECT_NE(pm::isnormal(1.0), 0);
  EXPECT_EQ(pm::isnormal(std::numeric_limits<float>::denorm_min()), 0);
  EXPECT_NE(pm::isinf(-inf<double>), 0);
  EXPECT_EQ(pm::isfinite(inf<float>), 0);
  EXPECT_NE(pm::signbit(-0.0), 0);
  EXPECT_EQ(pm::fpclassify(0.0f), FP_ZERO);
  EXPECT_EQ(pm::ldexp(3.0, 2), 12.0);
  EXPECT_EQ(pm::scalbnf(3.0f, -1), 1.5f);
  EXPECT_EQ(pm::ilogbf(8.0f), 3);
}

TEST(PreciseMath, ReciprocalRootsAndExp10SpecialValues) {
  EXPECT_EQ(pm::rsqrt(4.0), 0.5);
  EXPECT_EQ(pm::rsqrtf(4.0f), 0.5f);
  EXPECT_EQ(pm::rsqrt(0.0), inf<double>);
  EXPECT_EQ(pm::rsqrt(-0.0), -inf<double>);
  expect_zero(pm::rsqrt(inf<double>), false);
  EXPECT_TRUE(std::isnan(pm::rsqrt(-1.0)));
  EXPECT_EQ(pm::rcbrt(-8.0), -0.5);
  EXPECT_EQ(pm::rcbrtf(0.0f), inf<float>);
  expect_zero(pm::rcbrt(-inf<double>), true);
  EXPECT_EQ(pm::exp10(2.0), 100.0);
  EXPECT_EQ(pm::exp10f(-1.0f), 0.1f);
  expect_zero(pm::exp10(-inf<double>), false);
  EXPECT_EQ(pm::exp10(inf<double>), inf<double>);
}

TEST(PreciseMath, Scalb) {
  EXPECT_EQ(pm::scalb(3.0, 2.0), 12.0);
  EXPECT_EQ(pm::scalbf(3.0f, -1.0f), 1.5f);
  expect_close(pm::scalb(1.0, 0.5), std::sqrt(2.0), 2.0);
  EXPECT_EQ(pm::scalb(1e-300, 1100.0), std::ldexp(1e-300, 1100));  // no intermediate overflow
  EXPECT_EQ(pm::scalb(1.0, 1e9), inf<double>);
  expect_zero(pm::scalb(-1.0, -inf<double>), true);
  EXPECT_EQ(pm::scalb(2.0, inf<double>), inf<double>);
  EXPECT_TRUE(std::isnan(pm::scalb(1.0, std::nan(""))));
}

template <class T>
void check_pi_trigonometry() {
  for (int k = -6; k <= 6; ++k) {
    const T n = static_cast<T>(k);
    expect_zero(pm::sinpi(n), k < 0);
    expect_zero(pm::cospi(n + T(0.5)), false);
    expect_zero(pm::tanpi(n), k < 0);
    EXPECT_EQ(pm::cospi(n), k % 2 == 0 ? T(1) : T(-1));
    EXPECT_EQ(pm::sinpi(n + T(0.5)), k % 2 == 0 ? T(1) : T(-1));
    EXPECT_EQ(std::fabs(pm::tanpi(n + T(0.5))), inf<T>);
  }
  expect_zero(pm::sinpi(T(-0.0)), true);
  expect_close(pm::sinpi(T(1) / T(6)), T(0.5), T(4));
  expect_close(pm::sinpi(T(-7.25)), std::sqrt(T(0.5)), T(4));
  expect_close(pm::cospi(T(2) / T(3)), T(-0.5), T(4));
  expect_close(pm::tanpi(T(0.25)), T(1), T(4));
  expect_close(pm::tanpi(T(-0.75)), T(1), T(4));
  expect_close(pm::sinpi(T(0.1)), std::sin(std::numbers::pi_v<T> * T(0.1)), T(4));
  expect_close(pm::cospi(T(1e-3)), std::cos(std::numbers::pi_v<T> * T(1e-3)), T(4));
  EXPECT_TRUE(std::isnan(pm::sinpi(inf<T>)));
  EXPECT_TRUE(std::isnan(pm::cospi(-inf<T>)));
  EXPECT_TRUE(std::isnan(pm::tanpi(std::numeric_limits<T>::quiet_NaN())));
}

TEST(PreciseMath, PiTrigonometryIsExactAtSpecialPoints) {
  check_pi_trigonometry<float>();
  check_pi_trigonometry<double>();
  EXPECT_EQ(pm::sinpif(2.5f), 1.0f);
  EXPECT_EQ(pm::tanpif(1.0f), 0.0f);
}

template <class T>
void check_erf_inverses(T k) {
  for (T x : {T(-3), T(-1.2), T(-0.4), T(1e-6), T(0.3), T(0.8), T(1.5), T(2.5)})
    expect_close(pm::erfinv(pm::erf(x)), x, k * T(1) / (T(1) - std::fabs(pm::erf(x))));
  for (T x : {T(0.3), T(1.5), T(4), T(9)}) expect_close(pm::erfcinv(pm::erfc(x)), x, k);
  for (T y : {T(-0.9), T(-0.2), T(0.05), T(0.6)}) expect_close(pm::erf(pm::erfinv(y)), y, k);
  EXPECT_EQ(pm::erfinv(T(1)), inf<T>);
  EXPECT_EQ(pm::erfinv(T(-1)), -inf<T>);
  expect_zero(pm::erfinv(T(0)), false);
  expect_zero(pm::erfinv(T(-0.0)), true);
  EXPECT_TRUE(std::isnan(pm::erfinv(T(1.5))));
  EXPECT_TRUE(std::isnan(pm::erfinv(std::numeric_limits<T>::quiet_NaN())));
  EXPECT_EQ(pm::erfcinv(T(0)), inf<T>);
  EXPECT_EQ(pm::erfcinv(T(2)), -inf<T>);
  EXPECT_EQ(pm::erfcinv(T(1)), T(0));
  EXPECT_TRUE(std::isnan(pm::erfcinv(T(-0.5))));
  EXPECT_TRUE(std::isnan(pm::erfcinv(T(2.5))));
}

TEST(PreciseMath, ErfInverses) {
  check_erf_inverses<double>(8.0);
  check_erf_inverses<float>(8.0f);
  // Reference values from mpmath at 40 digits.
  expect_close(pm::erfinv(0.5), 0.4769362762044698733814, 2.0);
  expect_close(pm::erfinv(-0.5), -0.4769362762044698733814, 2.0);
  expect_close(pm::erfinvf(0.5f), 0.4769362762f, 4.0f);
  expect_close(pm::erfcinv(1e-10), 4.572824967389485278741, 4.0);
  expect_close(pm::erfcinv(1e-300), 26.20946996051612388600, 4.0);  // far below 1 − eps
  EXPECT_EQ(pm::erfcinv(2.0 - 0x1p-30), -pm::erfcinv(0x1p-30));  // erfc(−x) = 2 − erfc(x)
  expect_close(pm::erfcinvf(1e-10f), 4.5728250f, 16.0f);
}

template <class T>
void check_normal_distribution(T k) {
  EXPECT_EQ(pm::phi(T(0)), T(0.5));
  EXPECT_EQ(pm::phi(-inf<T>), T(0));
  EXPECT_EQ(pm::phi(inf<T>), T(1));
  for (T x : {T(-5), T(-1.5), T(-0.25), T(0.7), T(2)}) expect_close(pm::probit(pm::phi(x)), x, k);
  expect_close(pm::phi(T(1)) - pm::phi(T(-1)), T(0.6826894921370859), k);
  EXPECT_EQ(pm::probit(T(0)), -inf<T>);
  EXPECT_EQ(pm::probit(T(1)), inf<T>);
  EXPECT_EQ(pm::probit(T(0.5)), T(0));
  EXPECT_TRUE(std::isnan(pm::probit(T(-0.1))));
  EXPECT_TRUE(std::isnan(pm::probit(T(1.1))));
}

TEST(PreciseMath, NormalDistribution) {
  check_normal_distribution<double>(16.0);
  check_normal_distribution<float>(16.0f);
  expect_close(pm::probit(0.975), 1.959963984540054235525, 4.0);
  expect_close(pm::probit(1e-20), -9.262340089798407573717, 4.0);
  expect_close(pm::phif(1.959963984540054f), 0.975f, 4.0f);
  expect_close(pm::probitf(0.975f), 1.959964f, 8.0f);
}

class MathKernelTest : public WorkerCountTest {};

// Both namespaces called from one kernel, each qualified, match the same calls on the host.
TEST_P(MathKernelTest, FunctionsRunInsideKernels) {
  const int n = 257;
  std::vector<float> vf(n, 0.0f);
  std::vector<double> vd(n, 0.0);
  array_view<float, 1> f(n, vf);
  array_view<double, 1> d(n, vd);
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    const float x = static_cast<float>(i[0]) / 256.0f;
    float s = 0, c = 0;
    fast_math::sincos(x, &s, &c);
    f[i] = fast_math::sqrt(x) + fast_math::rsqrtf(1.0f + x) + s * c + fast_math::exp2(x);
    const double y = 2.0 * x - 1.0;
    d[i] = precise_math::erfinv(0.999 * y) + precise_math::sinpi(y) + precise_math::phi(y) +
           static_cast<double>(precise_math::cospif(x)) +
           static_cast<double>(precise_math::isnormal(y));
  });
  f.synchronize();
  d.synchronize();
  for (int k = 0; k < n; ++k) {
    const float x = static_cast<float>(k) / 256.0f;
    const float ef =
        std::sqrt(x) + 1.0f / std::sqrt(1.0f + x) + std::sin(x) * std::cos(x) + std::exp2(x);
    expect_close(vf[k], ef, 16.0f);
    const double y = 2.0 * x - 1.0;
    const double ed = pm::erfinv(0.999 * y) + pm::sinpi(y) + 0.5 * std::erfc(-y / std::sqrt(2.0)) +
                      static_cast<double>(pm::cospi(x)) + (y != 0.0 ? 1.0 : 0.0);
    expect_close(vd[k], ed, 16.0);
  }
}

AMPLE_INSTANTIATE_WORKER_TESTS(MathKernelTest);

}  // namespace
