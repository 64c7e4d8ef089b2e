// parallel_for_each on an NVIDIA GPU through the public API: the GPU as an accelerator, views
// moved to and from its memory, kernels compiled to PTX by the device-code pass, results equal
// to the CPU engine's, and only the copies C++ AMP's rules require. Label gpu: skipped, saying
// why, where no GPU is listed (tests/backend/gpu_launch_test.cpp runs the same paths against a
// fake driver everywhere).
#include <gtest/gtest.h>

#include <amp.h>
#include <amp_math.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "ample/detail/device.hpp"
#include "backend/seed_matmul_kernel.hpp"

namespace {

using namespace concurrency;
// <cstring> declares a global index(); this picks the C++ AMP one (docs/compatibility.md).
using concurrency::index;

class GpuAcceleratorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const accelerator& a : accelerator::get_all())
      if (a.get_device_path().rfind(L"ample\\cuda\\", 0) == 0) {
        gpu_ = a;
        break;
      }
    if (gpu_.get_device_path() == accelerator::cpu_accelerator)
      GTEST_SKIP() << "skipped: no GPU is listed (no NVIDIA driver, or it lists no GPU)";
#ifndef AMPLE_EXPECT_DEVICE_CODE
    GTEST_SKIP() << "skipped: built without the device-code pass (it needs Clang with Ample's plugin)";
#endif
    view_ = gpu_.get_default_view();
  }

  ample::detail::transfer_counters::totals transfers() const {
    return ample::detail::find_device(gpu_.get_device_path())->transfers.load();
  }

  accelerator gpu_{accelerator::cpu_accelerator};
  accelerator_view view_ = accelerator().get_default_view();
};

TEST_F(GpuAcceleratorTest, FlatKernelEqualsTheCpuAndCopiesOnlyWhatItMust) {
  constexpr int rows = 300, cols = 257;  // neither a multiple of the 16x16 block
  std::vector<float> in(rows * cols), cpu(rows * cols, 0.0f), gpu(rows * cols, 0.0f);
  std::iota(in.begin(), in.end(), -1000.0f);
  const float factor = 0.75f;
  const auto run = [&](std::vector<float>& out, const accelerator_view& where) {
    array_view<const float, 2> source(rows, cols, in);
    array_view<float, 2> target(rows, cols, out);
    target.discard_data();
    parallel_for_each(where, target.extent, [=](index<2> i) restrict(amp) { target[i] = source[i] * factor + 1.0f; });
    target.synchronize();
  };
  run(cpu, accelerator().get_default_view());
  const auto before = transfers();
  run(gpu, view_);
  const auto after = transfers();
  for (int i = 0; i < rows * cols; ++i) ASSERT_EQ(gpu[i], cpu[i]) << "element " << i;
  EXPECT_EQ(after.bytes_in - before.bytes_in, in.size() * sizeof(float)) << "the source in, the target discarded";
  EXPECT_EQ(after.bytes_out - before.bytes_out, gpu.size() * sizeof(float)) << "the target out, the source not";
}

TEST_F(GpuAcceleratorTest, RankOneAndRankThreeAndRepeatedLaunchesCopyOnce) {
  std::vector<int> ones(1000, 0), threes(4 * 5 * 70, 0);
  array_view<int, 1> a(1000, ones);
  const auto before = transfers();
  for (int round = 0; round < 3; ++round)
    parallel_for_each(view_, a.extent, [=](index<1> i) restrict(amp) { a[i] += i[0] * 3 - 7; });
  a.synchronize();
  const auto after = transfers();
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(ones[i], 3 * (i * 3 - 7)) << i;
  EXPECT_EQ(after.copies_in - before.copies_in, 1u) << "a view current on the GPU is not copied again";
  EXPECT_EQ(after.copies_out - before.copies_out, 1u);

  array_view<int, 3> b(4, 5, 70, threes);
  parallel_for_each(view_, b.extent, [=](index<3> i) restrict(amp) { b[i] = i[0] * 10000 + i[1] * 100 + i[2]; });
  b.synchronize();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 70; ++k) ASSERT_EQ(threes[(i * 5 + j) * 70 + k], i * 10000 + j * 100 + k);
}

TEST_F(GpuAcceleratorTest, AtomicsCountLikeTheCpu) {
  constexpr int count = 100000;
  std::vector<int> data(count);
  for (int i = 0; i < count; ++i) data[i] = (i * 7919) % 10007 - 5000;
  const auto run = [&](const accelerator_view& where, std::vector<unsigned>& bins, std::vector<int>& extremes) {
    bins.assign(16, 0);
    extremes = {-1000000, 1000000};
    array_view<const int, 1> in(count, data);
    array_view<unsigned, 1> b(16, bins);
    array_view<int, 1> e(2, extremes);
    parallel_for_each(where, in.extent, [=](index<1> i) restrict(amp) {
      const int v = in[i];
      atomic_fetch_add(&b[v & 15], 1u);
      atomic_fetch_max(&e[0], v);
      atomic_fetch_min(&e[1], v);
    });
    b.synchronize();
    e.synchronize();
  };
  std::vector<unsigned> cpu_bins, gpu_bins;
  std::vector<int> cpu_extremes, gpu_extremes;
  run(accelerator().get_default_view(), cpu_bins, cpu_extremes);
  run(view_, gpu_bins, gpu_extremes);
  EXPECT_EQ(gpu_bins, cpu_bins);
  EXPECT_EQ(gpu_extremes, cpu_extremes);
}

// The seeds' Fig. 5 kernel: tile_static arrays and two barriers a step.
TEST_F(GpuAcceleratorTest, TiledMatmulEqualsTheCpu) {
  constexpr int n = 256;
  std::vector<float> a(n * n), b(n * n), cpu(n * n, 0.0f), gpu(n * n, 0.0f);
  for (int i = 0; i < n * n; ++i) a[i] = float(i % 7) - 3, b[i] = float(i % 5) - 2;
  const auto run = [&](std::vector<float>& c, const accelerator_view& where) {
    array_view<const float, 2> av(n, n, a), bv(n, n, b);
    array_view<float, 2> cv(n, n, c);
    parallel_for_each(where, cv.extent.tile<16, 16>(), seed::fig5_matmul(av, bv, cv, n));
    cv.synchronize();
  };
  run(cpu, accelerator().get_default_view());
  run(gpu, view_);
  for (int i = 0; i < n * n; ++i) ASSERT_EQ(gpu[i], cpu[i]) << "element " << i;
}

// The functions device code makes single PTX instructions are correctly rounded on both sides:
// the GPU's results equal the CPU's in every bit, signed zeros included.
TEST_F(GpuAcceleratorTest, ExactMathFunctionsEqualTheCpuInEveryBit) {
  constexpr int n = 4096;
  std::vector<float> xf(n);
  std::vector<double> xd(n);
  for (int i = 0; i < n; ++i) {
    xf[i] = std::bit_cast<float>(0x3c000000u + 0x00051f3du * static_cast<std::uint32_t>(i));  // 2^-7 to about 3e10
    xd[i] = (i % 2 ? -1.0 : 1.0) * static_cast<double>(i) * 1.0000001 / 7.0;
  }
  xf[0] = -0.0f, xf[1] = std::numeric_limits<float>::quiet_NaN(), xd[2] = -0.0;
  const auto run = [&](std::vector<float>& of, std::vector<double>& od, const accelerator_view& where) {
    array_view<const float, 1> f(n, xf);
    array_view<const double, 1> d(n, xd);
    array_view<float, 1> rf(n, of);
    array_view<double, 1> rd(n, od);
    parallel_for_each(where, rf.extent, [=](index<1> i) restrict(amp) {
      const float x = f[i];
      // Sums only: a product beside a sum may be contracted into an fma on one side alone.
      rf[i] = fast_math::sqrtf(x) + precise_math::fmaf(x, 0.5f, -1.0f) - fast_math::floorf(x) - fast_math::fminf(x, 3.0f);
      const double y = d[i];
      rd[i] = precise_math::sqrt(precise_math::fabs(y)) + precise_math::fma(y, y, -2.0) + precise_math::round(y) +
              precise_math::copysign(1.0, y) + precise_math::trunc(y * 0.3) + precise_math::fmax(y, 0.0);
    });
    rf.synchronize();
    rd.synchronize();
  };
  std::vector<float> cpu_f(n), gpu_f(n);
  std::vector<double> cpu_d(n), gpu_d(n);
  run(cpu_f, cpu_d, accelerator().get_default_view());
  const auto before = transfers();
  run(gpu_f, gpu_d, view_);
  ASSERT_GT(transfers().copies_in, before.copies_in) << "the kernel ran on the CPU engine, not on the GPU";
  // A NaN's payload is the hardware's choice (PTX makes every NaN 0x7fffffff).
  for (int i = 0; i < n; ++i) {
    if (!(std::isnan(gpu_f[i]) && std::isnan(cpu_f[i]))) {
      ASSERT_EQ(std::bit_cast<std::uint32_t>(gpu_f[i]), std::bit_cast<std::uint32_t>(cpu_f[i])) << "float " << i;
    }
    ASSERT_EQ(std::bit_cast<std::uint64_t>(gpu_d[i]), std::bit_cast<std::uint64_t>(cpu_d[i])) << "double " << i;
  }
}

/// LibraryMath is one function of <amp_math.h> that device code takes from a math library
/// (compiler/src/DeviceMath.h: libdevice where the build has it, libclc otherwise), the interval
/// of its arguments in the test, and the error libclc promises: OpenCL's bound for the full
/// profile, in ulps of the exact result (OpenCL 1.2 §7.4, the same for float and double).
/// lgamma has none there; 16 is the tgamma bound. libdevice's bounds (CUDA's programming
/// guide) are within these.
struct LibraryMath {
  const char* name;
  double low, high;
  int ulps;
};

constexpr LibraryMath library_math[] = {
    {"acos", -1, 1, 4},      {"acosh", 1, 1000, 4},  {"asin", -1, 1, 4},       {"asinh", -100, 100, 4},
    {"atan", -100, 100, 5},  {"atanh", -0.99, 0.99, 5}, {"cbrt", -1000, 1000, 2}, {"cos", -100, 100, 4},
    {"cosh", -80, 80, 4},    {"erf", -5, 5, 16},     {"erfc", -5, 20, 16},     {"exp", -80, 80, 3},
    {"exp2", -120, 120, 3},  {"exp10", -35, 35, 3},  {"expm1", -5, 80, 3},     {"lgamma", 0.01, 30, 16},
    {"log", 1e-30, 1e30, 3}, {"log10", 1e-30, 1e30, 3}, {"log1p", -0.9, 1000, 2}, {"log2", 1e-30, 1e30, 3},
    {"sin", -100, 100, 4},   {"sinh", -80, 80, 4},   {"tan", -100, 100, 5},    {"tanh", -20, 20, 5},
    {"tgamma", 0.01, 30, 16}, {"atan2", -100, 100, 6}, {"pow", 0.01, 20, 16},  {"hypot", -1e15, 1e15, 4},
    {"fmod", -1000, 1000, 0}, {"remainder", -1000, 1000, 0}, {"ldexp", -1000, 1000, 0}, {"frexp", -1e20, 1e20, 0},
};
constexpr int library_math_count = sizeof(library_math) / sizeof(library_math[0]);

/// library_math_of() is function `which` of library_math[] at `x` (the second argument, where
/// there is one, is fixed: atan2's x, pow's exponent, fmod's divisor, ...).
template <class T>
T library_math_of(int which, T x) restrict(amp) {
  using namespace precise_math;
  int exponent = 0;
  switch (which) {
    case 0: return acos(x);
    case 1: return acosh(x);
    case 2: return asin(x);
    case 3: return asinh(x);
    case 4: return atan(x);
    case 5: return atanh(x);
    case 6: return cbrt(x);
    case 7: return cos(x);
    case 8: return cosh(x);
    case 9: return erf(x);
    case 10: return erfc(x);
    case 11: return exp(x);
    case 12: return exp2(x);
    case 13: return exp10(x);
    case 14: return expm1(x);
    case 15: return lgamma(x, &exponent);
    case 16: return log(x);
    case 17: return log10(x);
    case 18: return log1p(x);
    case 19: return log2(x);
    case 20: return sin(x);
    case 21: return sinh(x);
    case 22: return tan(x);
    case 23: return tanh(x);
    case 24: return tgamma(x);
    case 25: return atan2(x, T(-3.5));
    case 26: return pow(x, T(7.25));
    case 27: return hypot(x, T(3e14));
    case 28: return fmod(x, T(7.3));
    case 29: return remainder(x, T(7.3));
    case 30: return ldexp(x, 17);
    default: {
      const T fraction = frexp(x, &exponent);
      return fraction + T(exponent);
    }
  }
}

/// library_math_exact() is function `which` of library_math[] at `x`, computed in long double
/// from the same arguments as library_math_of<T>(): the exact result within a few thousandths
/// of a double's ulp (x86-64's long double has 64 bits of mantissa, and glibc's functions of
/// it err by a few of its ulps), or for the exact functions the result in T itself.
template <class T>
long double library_math_exact(int which, T argument) {
  const long double x = argument;
  int exponent = 0;
  switch (which) {
    case 0: return std::acos(x);
    case 1: return std::acosh(x);
    case 2: return std::asin(x);
    case 3: return std::asinh(x);
    case 4: return std::atan(x);
    case 5: return std::atanh(x);
    case 6: return std::cbrt(x);
    case 7: return std::cos(x);
    case 8: return std::cosh(x);
    case 9: return std::erf(x);
    case 10: return std::erfc(x);
    case 11: return std::exp(x);
    case 12: return std::exp2(x);
    case 13: return ::exp10l(x);
    case 14: return std::expm1(x);
    case 15: return ::lgammal_r(x, &exponent);
    case 16: return std::log(x);
    case 17: return std::log10(x);
    case 18: return std::log1p(x);
    case 19: return std::log2(x);
    case 20: return std::sin(x);
    case 21: return std::sinh(x);
    case 22: return std::tan(x);
    case 23: return std::tanh(x);
    case 24: return std::tgamma(x);
    case 25: return std::atan2(x, static_cast<long double>(T(-3.5)));
    case 26: return std::pow(x, static_cast<long double>(T(7.25)));
    case 27: return std::hypot(x, static_cast<long double>(T(3e14)));
    case 28: return std::fmod(argument, T(7.3));
    case 29: return std::remainder(argument, T(7.3));
    case 30: return std::ldexp(argument, 17);
    default: {
      const T fraction = std::frexp(argument, &exponent);
      return fraction + T(exponent);
    }
  }
}

/// ulps_from() is how far `got` lies from the exact result `exact` in ulps of T at `exact` (the
/// spacing of T's values in its binade, of its subnormals below): 0 for two NaNs or equal
/// infinities, infinite for a NaN or an infinity against anything else.
template <class T>
double ulps_from(T got, long double exact) {
  if (std::isnan(got) || std::isnan(exact)) return std::isnan(got) && std::isnan(exact) ? 0 : INFINITY;
  if (std::isinf(got) || std::isinf(exact)) return got == exact ? 0 : INFINITY;
  const T rounded = static_cast<T>(exact);
  const int binade = std::max(rounded == 0 ? std::numeric_limits<T>::min_exponent - 1 : std::ilogb(rounded),
                              std::numeric_limits<T>::min_exponent - 1);
  const long double ulp = std::ldexp(1.0L, binade - (std::numeric_limits<T>::digits - 1));
  return static_cast<double>(std::fabs(got - exact) / ulp);
}

/// argument_in() is the argument at `t` (0 to 1) of a test's interval [low, high]: geometric
/// steps over an interval of many orders of magnitude, even ones otherwise.
double argument_in(double low, double high, double t) {
  const bool geometric = low > 0 && high / low > 1e3;
  return geometric ? low * std::pow(high / low, t) : low + (high - low) * t;
}

/// Each function of library_math[] on the GPU against its exact result, within libclc's bound
/// (OpenCL's; exactly, for the exact functions). The largest error of each is printed: the
/// accuracy of the library the build linked, measured. (Against glibc's results instead, the
/// bound would have to hold glibc's error too: 2.7 ulps for cbrt in double, glibc 2.36.)
/// `copies_in` counts the copies into the GPU's memory: the kernel ran there, not on the CPU
/// engine (which a kernel without device code would do).
template <class T>
void expect_library_math_within_bounds(const accelerator_view& gpu, const std::function<std::uint64_t()>& copies_in) {
  constexpr int samples = 4096;
  std::vector<T> in(std::size_t{library_math_count} * samples), out(in.size());
  for (int f = 0; f < library_math_count; ++f) {
    const LibraryMath& m = library_math[f];
    for (int s = 0; s < samples; ++s)
      in[std::size_t(f) * samples + s] = T(argument_in(m.low, m.high, double(s) / (samples - 1)));
  }
  const std::uint64_t before = copies_in();
  array_view<const T, 2> x(library_math_count, samples, in);
  array_view<T, 2> y(library_math_count, samples, out);
  y.discard_data();
  parallel_for_each(gpu, y.extent, [=](index<2> i) restrict(amp) { y[i] = library_math_of(i[0], x[i]); });
  y.synchronize();
  ASSERT_GT(copies_in(), before) << "the kernel ran on the CPU engine (see its message above), not on the GPU";
  for (int f = 0; f < library_math_count; ++f) {
    double worst = 0;
    std::size_t at = 0;
    for (int s = 0; s < samples; ++s) {
      const std::size_t i = std::size_t(f) * samples + s;
      if (const double ulps = ulps_from(out[i], library_math_exact(f, in[i])); ulps > worst) worst = ulps, at = i;
    }
    std::printf("%s %-9s errs by %.2f ulps at most (bound %d)\n", sizeof(T) == 4 ? "float " : "double",
                library_math[f].name, worst, library_math[f].ulps);
    EXPECT_LE(worst, library_math[f].ulps) << (sizeof(T) == 4 ? "float " : "double ") << library_math[f].name << " at "
                                           << in[at] << ": GPU " << out[at] << ", exact "
                                           << static_cast<double>(library_math_exact(f, in[at]));
  }
}

TEST_F(GpuAcceleratorTest, LibraryMathFunctionsAreWithinOpenCLBounds) {
#ifndef AMPLE_EXPECT_LIBRARY_MATH
  GTEST_SKIP() << "skipped: built without libclc's bitcode (./ample setup fetches it), so these kernels run on the CPU";
#endif
  std::printf("device code's math library: %s\n", AMPLE_DEVICE_MATH_LIBRARY);
  const auto copies_in = [this] { return transfers().copies_in; };
  expect_library_math_within_bounds<float>(view_, copies_in);
  expect_library_math_within_bounds<double>(view_, copies_in);
}

/// fast_math's functions that device code takes from libdevice's hardware approximations
/// (ample/math/fast_approximations.hpp), in the order of fast_math_of(); sincos is checked as
/// sin(x) + cos(x).
constexpr const char* fast_math_names[] = {"sin", "cos", "sincos", "tan", "exp", "log", "log2", "log10", "pow", "rsqrt"};
constexpr int fast_math_count = sizeof(fast_math_names) / sizeof(fast_math_names[0]);

float fast_math_of(int which, float x) restrict(amp) {
  using namespace fast_math;
  float s = 0, c = 0;
  switch (which) {
    case 0: return sin(x);
    case 1: return cos(x);
    case 2: sincos(x, &s, &c); return s + c;
    case 3: return tan(x);
    case 4: return exp(x);
    case 5: return log(x);
    case 6: return log2(x);
    case 7: return log10(x);
    case 8: return pow(x, 1.5f);
    default: return rsqrt(x);
  }
}

/// fast_math_exact() is function `which` of fast_math_of() at `x`, in double.
double fast_math_exact(int which, double x) {
  switch (which) {
    case 0: return std::sin(x);
    case 1: return std::cos(x);
    case 2: return std::sin(x) + std::cos(x);
    case 3: return std::tan(x);
    case 4: return std::exp(x);
    case 5: return std::log(x);
    case 6: return std::log2(x);
    case 7: return std::log10(x);
    case 8: return std::pow(x, 1.5);
    default: return 1 / std::sqrt(x);
  }
}

/// The test's interval of each function of fast_math_of(): sin and cos where CUDA bounds their
/// approximations, tan short of its poles, exp over its range, the logarithms and rsqrt over 60
/// orders of magnitude and pow's base over 12.
constexpr double fast_math_pi = 3.14159265358979323846;
constexpr double fast_math_intervals[][2] = {
    {-fast_math_pi, fast_math_pi}, {-fast_math_pi, fast_math_pi}, {-fast_math_pi, fast_math_pi},
    {-1.5, 1.5}, {-80, 80}, {1e-30, 1e30}, {1e-30, 1e30}, {1e-30, 1e30}, {1e-6, 1e6}, {1e-30, 1e30}};
static_assert(sizeof(fast_math_intervals) / sizeof(fast_math_intervals[0]) == fast_math_count);

/// ulp_of() is the spacing of floats at `v`.
double ulp_of(double v) { return std::ldexp(1.0, std::ilogb(static_cast<float>(v)) - 23); }

/// CUDA's bounds for the hardware approximations that libdevice's __nv_fast_ functions are
/// made of (CUDA C++ Programming Guide, "Intrinsic Functions" and, for ex2.approx, which is
/// libdevice's exp2f, "Standard Functions"): sin.approx and cos.approx absolute on [−π, π],
/// lg2.approx absolute on [0.5, 2] and in ulps elsewhere, ex2.approx and rsqrt.approx (which is
/// libdevice's rsqrtf) in ulps.
const double sin_bound = std::exp2(-21.41), cos_bound = std::exp2(-21.19);
double log2_bound(double x) { return x >= 0.5 && x <= 2 ? std::exp2(-22) : 2 * ulp_of(std::log2(x)); }
double exp2_bound(double result) { return 2 * ulp_of(result); }

/// exp2_of_rounded_bound() bounds ex2.approx(float(p)) against 2^exact_p, where p is within
/// `p_error` of exact_p before its rounding to float: what exp and pow are.
double exp2_of_rounded_bound(double exact_p, double p_error) {
  const double result = std::exp2(exact_p);
  const double error = p_error + ulp_of(exact_p) / 2;
  return result * (std::exp2(error) - 1) + exp2_bound(result * std::exp2(error));
}

/// scaled_log2_bound() bounds float(c_f · lg2.approx(x)) against scale · log2(x), where c_f
/// is `scale` rounded to float: what log and log10 are.
double scaled_log2_bound(double x, double scale) {
  const double c_f = static_cast<float>(scale);
  return c_f * log2_bound(x) + std::fabs(std::log2(x)) * std::fabs(c_f - scale) + ulp_of(scale * std::log2(x)) / 2;
}

/// fast_math_bound() is how far function `which` of fast_math_of() may be from the exact
/// result at `x`: CUDA's figure for its intrinsic where the guide gives one, and no less than
/// what the bounds above of the approximations it is made of imply (libdevice: tan is
/// div.approx(sin.approx, cos.approx), with div.approx's 2 ulps from the PTX ISA; exp is
/// ex2.approx(x · log2(e)); log and log10 are lg2.approx times a constant; pow(x, y) is
/// ex2.approx(y · lg2.approx(x))). A guide's figure can be tighter than the composition
/// because the approximations' worst cases do not meet.
double fast_math_bound(int which, double x) {
  constexpr double ln2 = 0.69314718055994530942, log10_2 = 0.30102999566398119521, log2_e = 1.44269504088896340736;
  const bool near_one = x >= 0.5 && x <= 2;
  switch (which) {
    case 0: return sin_bound;
    case 1: return cos_bound;
    case 2: return sin_bound + cos_bound + ulp_of(std::sin(x) + std::cos(x)) / 2;
    case 3: {
      const double s = std::fabs(std::sin(x)), c = std::fabs(std::cos(x));
      const double quotient_error = (sin_bound * c + s * cos_bound) / (c * (c - cos_bound));
      return quotient_error + 2 * ulp_of(s / c + quotient_error);
    }
    case 4: {
      const double guide = (2 + std::floor(std::fabs(1.173 * x))) * ulp_of(std::exp(x));
      const double log2_e_f = static_cast<float>(log2_e);
      return std::max(guide, exp2_of_rounded_bound(x * log2_e, std::fabs(x) * std::fabs(log2_e_f - log2_e)));
    }
    case 5: return std::max(near_one ? std::exp2(-21.41) : 3 * ulp_of(std::log(x)), scaled_log2_bound(x, ln2));
    case 6: return near_one ? std::exp2(-22) : 2 * ulp_of(std::log2(x));
    case 7: return std::max(near_one ? std::exp2(-24) : 3 * ulp_of(std::log10(x)), scaled_log2_bound(x, log10_2));
    case 8: return exp2_of_rounded_bound(1.5 * std::log2(x), 1.5 * log2_bound(x));
    default: return 2 * ulp_of(1 / std::sqrt(x));
  }
}

// fast_math on the GPU computes with the hardware's approximations, as Visual C++'s GPU code
// did with HLSL's intrinsics (libdevice's __nv_fast_ functions; without libdevice the precise
// ones): each function is checked against its bound and its largest error printed, in the
// bound's unit.
TEST_F(GpuAcceleratorTest, FastMathFunctionsAreWithinCudaBoundsOfTheirApproximations) {
#ifndef AMPLE_EXPECT_LIBRARY_MATH
  GTEST_SKIP() << "skipped: built without a math library's bitcode (./ample setup fetches them), so these kernels "
                  "run on the CPU";
#endif
  std::printf("device code's math library: %s\n", AMPLE_DEVICE_MATH_LIBRARY);
  constexpr int samples = 4096;
  std::vector<float> in(std::size_t{fast_math_count} * samples), out(in.size());
  for (int f = 0; f < fast_math_count; ++f)
    for (int s = 0; s < samples; ++s)
      in[std::size_t(f) * samples + s] =
          static_cast<float>(argument_in(fast_math_intervals[f][0], fast_math_intervals[f][1], double(s) / (samples - 1)));
  array_view<const float, 2> x(fast_math_count, samples, in);
  array_view<float, 2> y(fast_math_count, samples, out);
  y.discard_data();
  const std::uint64_t before = transfers().copies_in;
  parallel_for_each(view_, y.extent, [=](index<2> i) restrict(amp) { y[i] = fast_math_of(i[0], x[i]); });
  y.synchronize();
  ASSERT_GT(transfers().copies_in, before) << "the kernel ran on the CPU engine (see its message above), not on the GPU";
  for (int f = 0; f < fast_math_count; ++f) {
    double worst = 0;
    std::size_t at = 0;
    for (int s = 0; s < samples; ++s) {
      const std::size_t i = std::size_t(f) * samples + s;
      double error = std::fabs(out[i] - fast_math_exact(f, in[i])) / fast_math_bound(f, in[i]);
      if (std::isnan(error)) error = std::numeric_limits<double>::infinity();
      if (error > worst) worst = error, at = i;
    }
    std::printf("fast_math %-6s largest error %.3f of its bound\n", fast_math_names[f], worst);
    EXPECT_LE(worst, 1.0) << fast_math_names[f] << " at " << in[at] << ": GPU " << out[at] << ", exact "
                          << fast_math_exact(f, in[at]);
  }
}

TEST_F(GpuAcceleratorTest, KernelReachingAnArrayByReferenceRunsOnTheCpuEngine) {
  std::vector<int> initial(64);
  std::iota(initial.begin(), initial.end(), 100);
  array<int, 1> arr(64, initial.begin(), initial.end(), view_);
  std::vector<int> result(64, 0);
  array_view<int, 1> v(64, result);
  parallel_for_each(view_, v.extent, [=, &arr](index<1> i) restrict(amp) { v[i] = arr[i] + 1; });
  v.synchronize();
  for (int i = 0; i < 64; ++i) ASSERT_EQ(result[i], 101 + i) << "element " << i;
}

}  // namespace
