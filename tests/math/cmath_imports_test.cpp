// cmath_imports.hpp: the C library's functions that fast_math and precise_math bring in, as
// Microsoft's <amp_math.h> does. Host code calls them by the namespaces' names (valid C++ AMP:
// this file does not define AMPLE_HOST_CALLS_AMP_FUNCTIONS), kernels call the amp functions of
// the same names, and a restrict(cpu, amp) helper calls either, from either context.

#include <amp.h>
#include <amp_math.h>
#include <gtest/gtest.h>

#include <cmath>

namespace cmath_imports {
namespace fm = concurrency::fast_math;
namespace pm = concurrency::precise_math;

// Each imported name of fast_math once, float and `f`-suffixed, as a library's helpers write them.
float fast_sum(float x) restrict(cpu, amp) {
  int exponent = 0;
  float whole = 0.0f, wholef = 0.0f;
  return fm::acos(x) + fm::asin(x) + fm::atan(x) + fm::atan2(x, 2.0f) + fm::ceil(x) + fm::cos(x) + fm::cosh(x) +
         fm::exp(x) + fm::fabs(x) + fm::floor(x) + fm::fmod(x, 0.3f) + fm::frexp(x, &exponent) + fm::ldexp(x, 2) +
         fm::log(x) + fm::log10(x) + fm::modf(x, &whole) + fm::pow(x, 1.5f) + fm::sin(x) + fm::sinh(x) +
         fm::sqrt(x) + fm::tan(x) + fm::tanh(x) + fm::acosf(x) + fm::asinf(x) + fm::atanf(x) + fm::atan2f(x, 2.0f) +
         fm::ceilf(x) + fm::cosf(x) + fm::coshf(x) + fm::expf(x) + fm::fabsf(x) + fm::floorf(x) +
         fm::fmodf(x, 0.3f) + fm::frexpf(x, &exponent) + fm::ldexpf(x, 2) + fm::logf(x) + fm::log10f(x) +
         fm::modff(x, &wholef) + fm::powf(x, 1.5f) + fm::sinf(x) + fm::sinhf(x) + fm::sqrtf(x) + fm::tanf(x) +
         fm::tanhf(x) + static_cast<float>(exponent) + whole + wholef;
}

// The same through precise_math, in double.
double precise_sum(double x) restrict(cpu, amp) {
  int exponent = 0;
  double whole = 0.0;
  return pm::acos(x) + pm::asin(x) + pm::atan(x) + pm::atan2(x, 2.0) + pm::ceil(x) + pm::cos(x) + pm::cosh(x) +
         pm::exp(x) + pm::fabs(x) + pm::floor(x) + pm::fmod(x, 0.3) + pm::frexp(x, &exponent) + pm::ldexp(x, 2) +
         pm::log(x) + pm::log10(x) + pm::modf(x, &whole) + pm::pow(x, 1.5) + pm::sin(x) + pm::sinh(x) +
         pm::sqrt(x) + pm::tan(x) + pm::tanh(x) + static_cast<double>(exponent) + whole;
}

// What the sums are, by <cmath>.
float expected_fast_sum(float x) {
  int exponent = 0;
  float whole = 0.0f;
  float once = std::acos(x) + std::asin(x) + std::atan(x) + std::atan2(x, 2.0f) + std::ceil(x) + std::cos(x) +
               std::cosh(x) + std::exp(x) + std::fabs(x) + std::floor(x) + std::fmod(x, 0.3f) +
               std::frexp(x, &exponent) + std::ldexp(x, 2) + std::log(x) + std::log10(x) + std::modf(x, &whole) +
               std::pow(x, 1.5f) + std::sin(x) + std::sinh(x) + std::sqrt(x) + std::tan(x) + std::tanh(x);
  return 2 * once + static_cast<float>(exponent) + 2 * whole;
}

double expected_precise_sum(double x) {
  int exponent = 0;
  double whole = 0.0;
  return std::acos(x) + std::asin(x) + std::atan(x) + std::atan2(x, 2.0) + std::ceil(x) + std::cos(x) +
         std::cosh(x) + std::exp(x) + std::fabs(x) + std::floor(x) + std::fmod(x, 0.3) + std::frexp(x, &exponent) +
         std::ldexp(x, 2) + std::log(x) + std::log10(x) + std::modf(x, &whole) + std::pow(x, 1.5) + std::sin(x) +
         std::sinh(x) + std::sqrt(x) + std::tan(x) + std::tanh(x) + static_cast<double>(exponent) + whole;
}

}  // namespace cmath_imports

namespace {
using namespace cmath_imports;
using concurrency::array_view;
using concurrency::index;

constexpr float points[] = {0.125f, 0.375f, 0.5f, 0.875f};

TEST(CmathImportsTest, HostCodeCallsTheCLibrary) {
  // The C library's function itself, not a copy: an amp-only function has no address.
  EXPECT_EQ(static_cast<float (*)(float)>(&fm::sqrt), static_cast<float (*)(float)>(&std::sqrt));
  EXPECT_EQ(static_cast<float (*)(float)>(&fm::sqrtf), &::sqrtf);
  EXPECT_EQ(static_cast<double (*)(double)>(&pm::cos), static_cast<double (*)(double)>(&std::cos));
  EXPECT_EQ(static_cast<float (*)(float, float)>(&pm::powf), &::powf);
  // fast_math has no double functions: host code's double is <cmath>'s, in double.
  EXPECT_DOUBLE_EQ(fm::sqrt(2.0), std::sqrt(2.0));
  EXPECT_DOUBLE_EQ(fm::pow(2.0, 0.5), std::pow(2.0, 0.5));
  for (float x : points) {
    EXPECT_FLOAT_EQ(fast_sum(x), expected_fast_sum(x)) << x;
    EXPECT_DOUBLE_EQ(precise_sum(x), expected_precise_sum(x)) << x;
  }
}

TEST(CmathImportsTest, KernelsAndHelpersAgreeWithTheHost) {
  array_view<const float, 1> in(4, points);
  array_view<float, 1> fast(4), direct(4);
  array_view<double, 1> precise(4);
  parallel_for_each(fast.extent, [=](index<1> i) restrict(amp) {
    fast[i] = fast_sum(in[i]);
    precise[i] = precise_sum(in[i]);
    direct[i] = fm::sqrt(in[i]) + fm::sqrtf(in[i]) + static_cast<float>(pm::sqrt(static_cast<double>(in[i])));
  });
  for (int i = 0; i < 4; ++i) {
    float x = points[i];
    EXPECT_FLOAT_EQ(fast[i], expected_fast_sum(x)) << x;
    EXPECT_DOUBLE_EQ(precise[i], expected_precise_sum(x)) << x;
    EXPECT_FLOAT_EQ(direct[i], 3 * std::sqrt(x)) << x;
  }
}

TEST(CmathImportsTest, KernelsCallFastMathOfFloatForADouble) {
  // fast_math::sqrt(double) in a kernel is fast_math's sqrt(float), as in Visual C++, where the
  // checker chooses overloads by context; without it (GCC) <cmath>'s sqrt(double).
  array_view<double, 1> out(1);
  double two = 2.0;
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = fm::sqrt(two); });
#if AMPLE_CHECKS_RESTRICTIONS
  EXPECT_EQ(out[0], static_cast<double>(std::sqrt(2.0f)));
#else
  EXPECT_EQ(out[0], std::sqrt(2.0));
#endif
}

TEST(CmathImportsTest, UsingDirectivesCompileInBothContexts) {
  using namespace concurrency::precise_math;
  EXPECT_FLOAT_EQ(sqrt(4.0f), 2.0f);
  EXPECT_DOUBLE_EQ(sqrt(2.0), std::sqrt(2.0));
  array_view<float, 1> out(1);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = sqrt(4.0f) + sqrtf(9.0f); });
  EXPECT_FLOAT_EQ(out[0], 5.0f);
}

}  // namespace
