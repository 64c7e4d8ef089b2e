// concurrency::direct3d: the HLSL intrinsics (values, edge cases, use inside kernels) and the
// Direct3D interop functions, which exist and throw unsupported_feature naming Direct3D.

// These tests call amp-restricted functions from host code too, which C++ AMP does not allow
// (the restriction checker's C3930 for cpu code, docs/design/restrict-checker.md).
#define AMPLE_HOST_CALLS_AMP_FUNCTIONS

#include <cmath>
#include <climits>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;
namespace d3d = concurrency::direct3d;

// The overload set and result types are Microsoft's: mixed calls convert as on Windows.
static_assert(std::is_same_v<decltype(d3d::abs(1)), int>);
static_assert(std::is_same_v<decltype(d3d::clamp(1, 0, 2)), int>);
static_assert(std::is_same_v<decltype(d3d::clamp(1.0f, 0.0f, 2.0f)), float>);
static_assert(std::is_same_v<decltype(d3d::countbits(1u)), unsigned int>);
static_assert(std::is_same_v<decltype(d3d::firstbithigh(1)), int>);
static_assert(std::is_same_v<decltype(d3d::mad(1u, 2u, 3u)), unsigned int>);
static_assert(std::is_same_v<decltype(d3d::mad(1.0, 2.0, 3.0)), double>);
static_assert(std::is_same_v<decltype(d3d::rcp(2.0)), double>);
static_assert(std::is_same_v<decltype(d3d::sign(-2)), int>);
static_assert(std::is_same_v<decltype(d3d::sign(-2.0f)), float>);
static_assert(std::is_same_v<decltype(d3d::get_device(std::declval<const accelerator_view&>())),
                             d3d::IUnknown*>);
// The integer intrinsics are constant expressions.
static_assert(d3d::reversebits(1u) == 0x80000000u);
static_assert(d3d::firstbithigh(0) == -1);
static_assert(d3d::countbits(0xFFu) == 8u);

constexpr float kEps = std::numeric_limits<float>::epsilon();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(Direct3dIntrinsics, AbsAndSign) {
  EXPECT_EQ(d3d::abs(-7), 7);
  EXPECT_EQ(d3d::abs(7), 7);
  EXPECT_EQ(d3d::abs(0), 0);
  EXPECT_EQ(d3d::abs(INT_MIN), INT_MIN);  // wraps, as two's-complement negation on a GPU
  EXPECT_EQ(d3d::sign(-5), -1);
  EXPECT_EQ(d3d::sign(0), 0);
  EXPECT_EQ(d3d::sign(INT_MAX), 1);
  EXPECT_EQ(d3d::sign(-0.25f), -1.0f);
  EXPECT_EQ(d3d::sign(0.25f), 1.0f);  // not truncated to sign(0)
  EXPECT_EQ(d3d::sign(0.0f), 0.0f);
  EXPECT_EQ(d3d::sign(-0.0f), 0.0f);
  EXPECT_EQ(d3d::sign(kNaN), 0.0f);
  EXPECT_EQ(d3d::sign(-kInf), -1.0f);
}

TEST(Direct3dIntrinsics, ClampIntAndFloat) {
  EXPECT_EQ(d3d::clamp(5, 0, 3), 3);
  EXPECT_EQ(d3d::clamp(-5, 0, 3), 0);
  EXPECT_EQ(d3d::clamp(2, 0, 3), 2);
  EXPECT_EQ(d3d::clamp(2, 5, 1), 1);  // min(max(x, lo), hi): hi wins when lo > hi
  EXPECT_EQ(d3d::clamp(1.5f, 0.0f, 1.0f), 1.0f);
  EXPECT_EQ(d3d::clamp(-1.5f, 0.0f, 1.0f), 0.0f);
  EXPECT_EQ(d3d::clamp(0.25f, 0.0f, 1.0f), 0.25f);
  EXPECT_EQ(d3d::clamp(kNaN, -2.0f, 3.0f), -2.0f);
  EXPECT_EQ(d3d::clamp(kInf, -2.0f, 3.0f), 3.0f);
}

TEST(Direct3dIntrinsics, BitCounting) {
  EXPECT_EQ(d3d::countbits(0u), 0u);
  EXPECT_EQ(d3d::countbits(0xFFu), 8u);
  EXPECT_EQ(d3d::countbits(0xFFFFFFFFu), 32u);
  EXPECT_EQ(d3d::countbits(0x80000001u), 2u);

  EXPECT_EQ(d3d::firstbithigh(0), -1);
  EXPECT_EQ(d3d::firstbithigh(1), 0);
  EXPECT_EQ(d3d::firstbithigh(0x80), 7);
  EXPECT_EQ(d3d::firstbithigh(0x00FF0000), 23);
  EXPECT_EQ(d3d::firstbithigh(INT_MAX), 30);
  // Negative numbers: the highest clear bit, i.e. the first bit that differs from the sign.
  EXPECT_EQ(d3d::firstbithigh(-1), -1);
  EXPECT_EQ(d3d::firstbithigh(-2), 0);
  EXPECT_EQ(d3d::firstbithigh(-256), 7);
  EXPECT_EQ(d3d::firstbithigh(INT_MIN), 30);

  EXPECT_EQ(d3d::firstbitlow(0), -1);
  EXPECT_EQ(d3d::firstbitlow(1), 0);
  EXPECT_EQ(d3d::firstbitlow(0x50), 4);
  EXPECT_EQ(d3d::firstbitlow(-1), 0);
  EXPECT_EQ(d3d::firstbitlow(INT_MIN), 31);

  EXPECT_EQ(d3d::reversebits(0u), 0u);
  EXPECT_EQ(d3d::reversebits(1u), 0x80000000u);
  EXPECT_EQ(d3d::reversebits(0x80000000u), 1u);
  EXPECT_EQ(d3d::reversebits(0x12345678u), 0x1E6A2C48u);
  EXPECT_EQ(d3d::reversebits(0xFFFFFFFFu), 0xFFFFFFFFu);
  for (unsigned int x : {0u, 1u, 0xDEADBEEFu, 0x0F0F00F0u, 0x7FFFFFFFu})
    EXPECT_EQ(d3d::reversebits(d3d::reversebits(x)), x);
}

TEST(Direct3dIntrinsics, IntegerMinMax) {
  EXPECT_EQ(d3d::imax(-3, 2), 2);
  EXPECT_EQ(d3d::imin(-3, 2), -3);
  EXPECT_EQ(d3d::imax(INT_MIN, INT_MAX), INT_MAX);
  EXPECT_EQ(d3d::umax(1u, 0xFFFFFFFFu), 0xFFFFFFFFu);  // unsigned compare: no sign
  EXPECT_EQ(d3d::umin(1u, 0xFFFFFFFFu), 1u);
  EXPECT_EQ(d3d::umin(7u, 7u), 7u);
}

TEST(Direct3dIntrinsics, MadForEveryType) {
  EXPECT_EQ(d3d::mad(3, -4, 5), -7);
  EXPECT_EQ(d3d::mad(INT_MAX, 2, 2), 0);  // wraps modulo 2^32
  EXPECT_EQ(d3d::mad(3u, 4u, 5u), 17u);
  EXPECT_EQ(d3d::mad(0xFFFFFFFFu, 1u, 1u), 0u);
  EXPECT_FLOAT_EQ(d3d::mad(1.5f, 2.0f, 0.25f), 3.25f);
  EXPECT_DOUBLE_EQ(d3d::mad(1.5, -2.0, 0.25), -2.75);
}

TEST(Direct3dIntrinsics, RadiansRcpSaturate) {
  EXPECT_NEAR(d3d::radians(180.0f), 3.14159265f, 4 * kEps);
  EXPECT_NEAR(d3d::radians(-90.0f), -1.57079633f, 2 * kEps);
  EXPECT_EQ(d3d::radians(0.0f), 0.0f);

  EXPECT_EQ(d3d::rcp(4.0f), 0.25f);
  EXPECT_EQ(d3d::rcp(-0.5), -2.0);
  EXPECT_EQ(d3d::rcp(0.0f), kInf);
  EXPECT_EQ(d3d::rcp(-0.0f), -kInf);
  EXPECT_EQ(d3d::rcp(kInf), 0.0f);

  EXPECT_EQ(d3d::saturate(-0.5f), 0.0f);
  EXPECT_EQ(d3d::saturate(0.5f), 0.5f);
  EXPECT_EQ(d3d::saturate(1.5f), 1.0f);
  EXPECT_EQ(d3d::saturate(kInf), 1.0f);
  EXPECT_EQ(d3d::saturate(kNaN), 0.0f);
}

TEST(Direct3dIntrinsics, SmoothstepEdgesAndShape) {
  EXPECT_EQ(d3d::smoothstep(1.0f, 3.0f, 0.0f), 0.0f);  // below min
  EXPECT_EQ(d3d::smoothstep(1.0f, 3.0f, 1.0f), 0.0f);  // at min
  EXPECT_EQ(d3d::smoothstep(1.0f, 3.0f, 2.0f), 0.5f);  // midpoint of the Hermite cubic
  EXPECT_EQ(d3d::smoothstep(1.0f, 3.0f, 3.0f), 1.0f);  // at max
  EXPECT_EQ(d3d::smoothstep(1.0f, 3.0f, 9.0f), 1.0f);  // above max
  EXPECT_NEAR(d3d::smoothstep(0.0f, 1.0f, 0.25f), 0.15625f, 2 * kEps);  // 3t^2 - 2t^3
  // Monotone and flat at both ends: the slope near the edges is far below the linear one.
  float previous = 0.0f;
  for (int k = 0; k <= 100; ++k) {
    const float v = d3d::smoothstep(0.0f, 1.0f, static_cast<float>(k) / 100.0f);
    ASSERT_GE(v, previous);
    previous = v;
  }
  EXPECT_LT(d3d::smoothstep(0.0f, 1.0f, 0.01f), 0.001f);
  EXPECT_GT(d3d::smoothstep(0.0f, 1.0f, 0.99f), 0.999f);
  // Degenerate range: a step at min (0 at min itself, since 0/0 saturates to 0).
  EXPECT_EQ(d3d::smoothstep(2.0f, 2.0f, 1.0f), 0.0f);
  EXPECT_EQ(d3d::smoothstep(2.0f, 2.0f, 2.0f), 0.0f);
  EXPECT_EQ(d3d::smoothstep(2.0f, 2.0f, 3.0f), 1.0f);
}

TEST(Direct3dIntrinsics, StepComparesXAgainstEdge) {
  EXPECT_EQ(d3d::step(1.0f, 2.0f), 1.0f);
  EXPECT_EQ(d3d::step(1.0f, 1.0f), 1.0f);  // x >= y
  EXPECT_EQ(d3d::step(2.0f, 1.0f), 0.0f);
  EXPECT_EQ(d3d::step(kNaN, 1.0f), 0.0f);
  EXPECT_EQ(d3d::step(0.0f, -0.0f), 1.0f);
}

TEST(Direct3dIntrinsics, NoiseIsBoundedDeterministicAndContinuous) {
  float lowest = 0.0f;
  float highest = 0.0f;
  float previous = d3d::noise(-50.0f);
  for (int k = -50000; k <= 50000; ++k) {
    const float x = static_cast<float>(k) * 1e-3f;
    const float v = d3d::noise(x);
    ASSERT_GE(v, -1.0f) << "x = " << x;
    ASSERT_LE(v, 1.0f) << "x = " << x;
    ASSERT_EQ(v, d3d::noise(x)) << "x = " << x;
    // Continuity: the slope of the quintic blend of gradients in [-1, 1] is small, so a step
    // of 1e-3 moves the value by far less than 0.02.
    ASSERT_LT(std::fabs(v - previous), 0.02f) << "x = " << x;
    previous = v;
    lowest = std::min(lowest, v);
    highest = std::max(highest, v);
  }
  // Not constant: over 100 lattice cells the values spread over much of the range.
  EXPECT_LT(lowest, -0.3f);
  EXPECT_GT(highest, 0.3f);
  // Gradient noise is 0 at the lattice points, and 0 where floats carry no fraction.
  EXPECT_EQ(d3d::noise(0.0f), 0.0f);
  EXPECT_EQ(d3d::noise(17.0f), 0.0f);
  EXPECT_EQ(d3d::noise(-3.0f), 0.0f);
  EXPECT_EQ(d3d::noise(3.0e7f), 0.0f);
  EXPECT_EQ(d3d::noise(kInf), 0.0f);
  EXPECT_EQ(d3d::noise(kNaN), 0.0f);
}

class Direct3dKernelTest : public WorkerCountTest {};

TEST_P(Direct3dKernelTest, IntrinsicsRunInsideKernels) {
  constexpr int n = 4096;
  std::vector<int> bits(n);
  std::vector<unsigned int> reversed(n);
  std::vector<float> shaped(n);
  array_view<int, 1> b(n, bits);
  array_view<unsigned int, 1> r(n, reversed);
  array_view<float, 1> s(n, shaped);
  b.discard_data();
  r.discard_data();
  s.discard_data();
  parallel_for_each(b.extent, [=](index<1> i) restrict(amp) {
    using namespace concurrency::direct3d;
    const int k = i[0];
    const auto u = static_cast<unsigned int>(k);
    // abs() and clamp() under the using-directive, where the C library's abs(int) is visible
    // too (Visual C++ took direct3d's there by restriction; both give the same value).
    b[i] = imax(firstbithigh(k), firstbitlow(k)) + static_cast<int>(countbits(u)) + abs(k - 100) + clamp(k, 10, 20);
    r[i] = reversebits(umin(u, 1000u));
    const float x = static_cast<float>(k) / n;
    s[i] = saturate(mad(smoothstep(0.25f, 0.75f, x), 2.0f, step(0.5f, x) * noise(x * 64.0f)));
  });
  b.synchronize();
  r.synchronize();
  s.synchronize();
  for (int k = 0; k < n; ++k) {
    const auto u = static_cast<unsigned int>(k);
    ASSERT_EQ(bits[k], d3d::imax(d3d::firstbithigh(k), d3d::firstbitlow(k)) +
                           static_cast<int>(d3d::countbits(u)) + d3d::abs(k - 100) + d3d::clamp(k, 10, 20));
    ASSERT_EQ(reversed[k], d3d::reversebits(d3d::umin(u, 1000u)));
    const float x = static_cast<float>(k) / n;
    // Near, not equal: a build with FMA may contract mad differently in the kernel and here.
    ASSERT_NEAR(shaped[k],
                d3d::saturate(d3d::mad(d3d::smoothstep(0.25f, 0.75f, x), 2.0f,
                                       d3d::step(0.5f, x) * d3d::noise(x * 64.0f))),
                8 * kEps);
  }
  EXPECT_EQ(bits[0], -1 + 100 + 10);  // imax(-1, -1) + 0 + abs(-100) + clamp(0, 10, 20)
  EXPECT_EQ(bits[12], 5 + 88 + 12);  // imax(3, 2) + 2 + abs(-88) + clamp(12, 10, 20)
  EXPECT_EQ(reversed[1], 0x80000000u);
  EXPECT_EQ(reversed[n - 1], d3d::reversebits(1000u));
}

AMPLE_INSTANTIATE_WORKER_TESTS(Direct3dKernelTest);

// expect_no_direct3d() runs `call` and checks that it throws unsupported_feature whose message
// names Direct3D and the function.
template <class Call>
void expect_no_direct3d(Call call, const std::string& function) {
  try {
    call();
    ADD_FAILURE() << function << " returned instead of throwing";
  } catch (const unsupported_feature& e) {
    const std::string message = e.what();
    EXPECT_TRUE(ample_test::contains(message, "Direct3D")) << message;
    EXPECT_TRUE(ample_test::contains(message, function)) << message;
    EXPECT_EQ(e.get_error_code(), error_code::e_notimpl);
  }
}

TEST(Direct3dInterop, EveryFunctionThrowsUnsupportedFeature) {
  accelerator_view view = accelerator().get_default_view();
  accelerator acc;
  array<float, 2> data(4, 4);
  d3d::IUnknown* none = nullptr;

  expect_no_direct3d([&] { static_cast<void>(d3d::get_device(view)); }, "get_device");
  expect_no_direct3d([&] { static_cast<void>(d3d::create_accelerator_view(none)); },
                     "create_accelerator_view");
  expect_no_direct3d(
      [&] { static_cast<void>(d3d::create_accelerator_view(none, queuing_mode_immediate)); },
      "create_accelerator_view");
  expect_no_direct3d([&] { static_cast<void>(d3d::create_accelerator_view(acc, true)); },
                     "create_accelerator_view");
  expect_no_direct3d([&] { static_cast<void>(d3d::is_timeout_disabled(view)); },
                     "is_timeout_disabled");
  expect_no_direct3d([&] { d3d::d3d_access_lock(view); }, "d3d_access_lock");
  expect_no_direct3d([&] { static_cast<void>(d3d::d3d_access_try_lock(view)); },
                     "d3d_access_try_lock");
  expect_no_direct3d([&] { d3d::d3d_access_unlock(view); }, "d3d_access_unlock");
  expect_no_direct3d([&] { d3d::scoped_d3d_access_lock lock(view); }, "scoped_d3d_access_lock");
  expect_no_direct3d(
      [&] { d3d::scoped_d3d_access_lock lock(view, d3d::adopt_d3d_access_lock_t{}); },
      "scoped_d3d_access_lock");
  expect_no_direct3d([&] { static_cast<void>(d3d::get_buffer(data)); }, "get_buffer");
  expect_no_direct3d(
      [&] { static_cast<void>(d3d::make_array<float, 2>(extent<2>(4, 4), view, none)); },
      "make_array");
}

TEST(Direct3dInterop, ScopedLockHasMicrosoftsShape) {
  static_assert(std::is_nothrow_move_constructible_v<d3d::scoped_d3d_access_lock>);
  static_assert(std::is_nothrow_move_assignable_v<d3d::scoped_d3d_access_lock>);
  static_assert(!std::is_copy_constructible_v<d3d::scoped_d3d_access_lock>);
  static_assert(!std::is_convertible_v<accelerator_view&, d3d::scoped_d3d_access_lock>);
  static_assert(std::is_empty_v<d3d::adopt_d3d_access_lock_t>);
  SUCCEED();
}

}  // namespace
