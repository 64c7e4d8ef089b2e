// parallel_for_each on an NVIDIA GPU through the public API: the GPU as an accelerator, views
// moved to and from its memory, kernels compiled to PTX by the device-code pass, results equal
// to the CPU engine's, and only the copies C++ AMP's rules require. Label gpu: skipped, saying
// why, where no GPU is listed (tests/backend/gpu_launch_test.cpp runs the same paths against a
// fake driver everywhere).
#include <gtest/gtest.h>

#include <amp.h>
#include <amp_math.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <numeric>
#include <string>
#include <type_traits>
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
/// profile, in ulps (OpenCL 1.2 §7.4, the same for float and double). lgamma has none there;
/// 16 is the tgamma bound. libdevice's bounds (CUDA's programming guide) are within these.
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
    default: return frexp(x, &exponent) + T(exponent);
  }
}

/// ulps_between() is how many representable values of T lie from `a` to `b`: 0 for equal
/// values and for two NaNs, the most for a NaN and a number.
template <class T>
std::uint64_t ulps_between(T a, T b) {
  using Bits = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : ~std::uint64_t{0};
  // Sign and magnitude to one ordered line: -0 and +0 meet.
  const auto ordered = [](T v) {
    const Bits bits = std::bit_cast<Bits>(v);
    return bits < 0 ? std::numeric_limits<Bits>::min() - bits : bits;
  };
  const std::int64_t from = ordered(a), to = ordered(b);
  return static_cast<std::uint64_t>(from > to ? from - to : to - from);
}

/// argument_in() is the argument at `t` (0 to 1) of a test's interval [low, high]: geometric
/// steps over an interval of many orders of magnitude, even ones otherwise.
double argument_in(double low, double high, double t) {
  const bool geometric = low > 0 && high / low > 1e3;
  return geometric ? low * std::pow(high / low, t) : low + (high - low) * t;
}

template <class T>
void run_library_math(const accelerator_view& where, const std::vector<T>& in, std::vector<T>& out, int samples) {
  array_view<const T, 2> x(library_math_count, samples, in);
  array_view<T, 2> y(library_math_count, samples, out);
  y.discard_data();
  parallel_for_each(where, y.extent, [=](index<2> i) restrict(amp) { y[i] = library_math_of(i[0], x[i]); });
  y.synchronize();
}

/// Each function of library_math[] on the GPU and on the CPU (glibc, within an ulp of the exact
/// result, or close to it): the two differ by at most libclc's bound and one. The largest
/// difference of each is printed: the accuracy of the library the build linked, measured.
/// `copies_in` counts the copies into the GPU's memory: the kernel ran there, not on the
/// CPU engine (which a kernel without device code would do, and then agree in every bit).
template <class T>
void expect_library_math_within_bounds(const accelerator_view& gpu, const std::function<std::uint64_t()>& copies_in) {
  constexpr int samples = 4096;
  std::vector<T> in(std::size_t{library_math_count} * samples), cpu(in.size()), on_gpu(in.size());
  for (int f = 0; f < library_math_count; ++f) {
    const LibraryMath& m = library_math[f];
    for (int s = 0; s < samples; ++s)
      in[std::size_t(f) * samples + s] = T(argument_in(m.low, m.high, double(s) / (samples - 1)));
  }
  run_library_math(accelerator().get_default_view(), in, cpu, samples);
  const std::uint64_t before = copies_in();
  run_library_math(gpu, in, on_gpu, samples);
  ASSERT_GT(copies_in(), before) << "the kernel ran on the CPU engine (see its message above), not on the GPU";
  for (int f = 0; f < library_math_count; ++f) {
    std::uint64_t worst = 0;
    std::size_t at = 0;
    for (int s = 0; s < samples; ++s) {
      const std::size_t i = std::size_t(f) * samples + s;
      if (const std::uint64_t ulps = ulps_between(on_gpu[i], cpu[i]); ulps > worst) worst = ulps, at = i;
    }
    std::printf("%s %-9s differs from glibc by %llu ulps at most (bound %d)\n", sizeof(T) == 4 ? "float " : "double",
                library_math[f].name, static_cast<unsigned long long>(worst), library_math[f].ulps + 1);
    EXPECT_LE(worst, std::uint64_t(library_math[f].ulps) + 1)
        << (sizeof(T) == 4 ? "float " : "double ") << library_math[f].name << " at " << in[at] << ": GPU "
        << on_gpu[at] << ", CPU " << cpu[at];
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
constexpr const char* fast_math_names[] = {"sin", "cos", "sincos", "tan", "exp", "log", "log2", "log10", "pow"};
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
    default: return pow(x, 1.5f);
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
    default: return std::pow(x, 1.5);
  }
}

/// The test's interval of each function of fast_math_of(): sin and cos where CUDA bounds their
/// approximations, tan and pow's base where the bounds below hold, exp over its range, the
/// logarithms over 60 orders of magnitude.
constexpr double fast_math_pi = 3.14159265358979323846;
constexpr double fast_math_intervals[][2] = {
    {-fast_math_pi, fast_math_pi}, {-fast_math_pi, fast_math_pi}, {-fast_math_pi, fast_math_pi},
    {-1, 1}, {-80, 80}, {1e-30, 1e30}, {1e-30, 1e30}, {1e-30, 1e30}, {0.5, 2}};
static_assert(sizeof(fast_math_intervals) / sizeof(fast_math_intervals[0]) == fast_math_count);

/// fast_math_error() is how far `got` is from `exact` in the unit of function `which`'s bound:
/// at most 1 within it. The bounds are CUDA's for its intrinsics (CUDA C++ Programming Guide,
/// "Intrinsic Functions"), which libdevice's __nv_fast_ functions are: an absolute error for
/// sin and cos on [−π, π], and for the logarithms on [0.5, 2]; ulps of the exact result for the
/// logarithms elsewhere, and 2 + floor(|1.173 x|) for exp. The guide derives tan (__sinf(x) /
/// __cosf(x)) and pow (exp2(y · log2(x))) from those; on the test's intervals their bounds
/// follow: |tan| error below 2^-19 where cos(x) >= 0.54, and pow(x, 1.5) within 8 ulps for x in
/// [0.5, 2] (1.5 times log2's 2^-22 in the exponent, ex2's 2 ulps and the product's rounding).
double fast_math_error(int which, double x, float got, double exact) {
  const double error = std::fabs(double(got) - exact);
  const double ulp = std::ldexp(1.0, std::ilogb(static_cast<float>(exact)) - 23);
  const bool near_one = x >= 0.5 && x <= 2;
  switch (which) {
    case 0: return error / std::exp2(-21.41);
    case 1: return error / std::exp2(-21.19);
    case 2: return error / (std::exp2(-21.41) + std::exp2(-21.19));
    case 3: return error / std::exp2(-19);
    case 4: return error / ulp / (2 + std::floor(std::fabs(1.173 * x)));
    case 5: return near_one ? error / std::exp2(-21.41) : error / ulp / 3;
    case 6: return near_one ? error / std::exp2(-22) : error / ulp / 2;
    case 7: return near_one ? error / std::exp2(-24) : error / ulp / 3;
    default: return error / ulp / 8;
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
      double error = fast_math_error(f, in[i], out[i], fast_math_exact(f, in[i]));
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
