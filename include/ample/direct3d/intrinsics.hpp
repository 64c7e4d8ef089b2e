// The Direct3D-free intrinsics of concurrency::direct3d (SPEC §9.3; Microsoft's HLSL intrinsics).
//
// Example: a clamped, smoothed ramp.
//
//     parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
//       using namespace concurrency::direct3d;
//       v[i] = smoothstep(0.0f, 1.0f, saturate(mad(v[i], 0.5f, 0.25f)));
//     });
//
// Signatures follow Microsoft's <amp.h>: every function is an ordinary overload for the types
// listed there (no templates), so mixed arguments convert as they do on Windows. On Windows they
// are restrict(amp) only; Ample compiles kernels as host code, so they are also callable on the
// host. Where HLSL leaves a corner open (overflow, NaN, min > max), the choice is documented at
// the function and follows the D3D11 functional specification when it says anything.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "../config.hpp"

namespace ample::detail {

/// noise_hash() scrambles a lattice coordinate: Chris Wellons' "lowbias32" integer hash, chosen
/// because it is a pure function of its argument (noise must be deterministic across runs,
/// threads and compilers) and needs no 512-entry permutation table as Perlin's reference does.
AMPLE_AMP_ONLY constexpr std::uint32_t noise_hash(std::uint32_t x) noexcept {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

/// noise_gradient() is the gradient at lattice point `i`, uniform in [-1, 1]: the top 24 bits of
/// the hash are exactly representable in float, so both ends are reachable and none is exceeded.
AMPLE_AMP_ONLY inline float noise_gradient(std::int32_t i) noexcept {
  const std::uint32_t h = noise_hash(static_cast<std::uint32_t>(i)) >> 8;
  return static_cast<float>(h) * (2.0f / 16777215.0f) - 1.0f;
}

}  // namespace ample::detail

namespace Concurrency::direct3d {

/// abs() returns |x|. abs(INT_MIN) is INT_MIN, as HLSL's two's-complement negation gives
/// (the arithmetic wraps instead of being undefined). A template, so that under `using
/// namespace concurrency::direct3d` an unqualified abs(int) is the C library's, which would
/// otherwise tie with it (Visual C++ chose this one in amp code by restriction; the values
/// are the same but at INT_MIN).
template <class = void>
AMPLE_AMP_ONLY constexpr int abs(int x) noexcept {
  const auto u = static_cast<unsigned int>(x);
  return static_cast<int>(x < 0 ? 0u - u : u);
}

/// clamp() returns min(max(x, lo), hi), HLSL's definition: when lo > hi the result is hi.
AMPLE_AMP_ONLY constexpr int clamp(int x, int lo, int hi) noexcept {
  const int up = x < lo ? lo : x;
  return up > hi ? hi : up;
}

/// clamp() returns min(max(x, lo), hi) with HLSL's NaN rule for min/max (D3D11 spec §3.1.4:
/// when one operand is NaN the other is returned), so clamp(NaN, lo, hi) is lo.
AMPLE_AMP_ONLY inline float clamp(float x, float lo, float hi) noexcept {
  return std::fmin(std::fmax(x, lo), hi);
}

/// countbits() returns the number of set bits of x; countbits(0xFFu) == 8.
AMPLE_AMP_ONLY constexpr unsigned int countbits(unsigned int x) noexcept {
  return static_cast<unsigned int>(std::popcount(x));
}

/// firstbithigh() returns the index (0 = least significant) of the highest bit of x that differs
/// from the sign bit: the highest set bit for x > 0, the highest clear bit for x < 0. It returns
/// -1 for 0 and for -1, which have no such bit (HLSL firstbithigh on int, D3D11 `firstbit_shi`).
AMPLE_AMP_ONLY constexpr int firstbithigh(int x) noexcept {
  const auto u = static_cast<unsigned int>(x);
  const unsigned int bits = x < 0 ? ~u : u;
  return bits == 0 ? -1 : 31 - std::countl_zero(bits);
}

/// firstbitlow() returns the index of the lowest set bit of x, or -1 when x is 0.
AMPLE_AMP_ONLY constexpr int firstbitlow(int x) noexcept {
  const auto u = static_cast<unsigned int>(x);
  return u == 0 ? -1 : std::countr_zero(u);
}

/// imax() returns the larger of two signed integers.
AMPLE_AMP_ONLY constexpr int imax(int x, int y) noexcept { return x < y ? y : x; }

/// imin() returns the smaller of two signed integers.
AMPLE_AMP_ONLY constexpr int imin(int x, int y) noexcept { return y < x ? y : x; }

/// umax() returns the larger of two unsigned integers.
AMPLE_AMP_ONLY constexpr unsigned int umax(unsigned int x, unsigned int y) noexcept {
  return x < y ? y : x;
}

/// umin() returns the smaller of two unsigned integers.
AMPLE_AMP_ONLY constexpr unsigned int umin(unsigned int x, unsigned int y) noexcept {
  return y < x ? y : x;
}

/// mad() returns x * y + z. HLSL lets a GPU fuse float mad or not; Ample evaluates the product
/// and the sum as written (rounded twice unless the compiler contracts them), which is one of
/// the results HLSL permits.
AMPLE_AMP_ONLY inline float mad(float x, float y, float z) noexcept { return x * y + z; }

/// mad() returns x * y + z in double precision.
AMPLE_AMP_ONLY inline double mad(double x, double y, double z) noexcept { return x * y + z; }

/// mad() returns x * y + z; overflow wraps modulo 2^32, as integer arithmetic does in HLSL.
AMPLE_AMP_ONLY constexpr int mad(int x, int y, int z) noexcept {
  const auto u = static_cast<unsigned int>(x) * static_cast<unsigned int>(y) +
                 static_cast<unsigned int>(z);
  return static_cast<int>(u);
}

/// mad() returns x * y + z modulo 2^32.
AMPLE_AMP_ONLY constexpr unsigned int mad(unsigned int x, unsigned int y, unsigned int z) noexcept {
  return x * y + z;
}

/// noise() returns one-dimensional Perlin gradient noise at x, a value in [-1, 1].
///
/// Microsoft's GPU result is hardware-defined and unspecified, so no bit-exact match exists to
/// copy. Ample's function is classic 1-D gradient noise:
///   - each integer i has a pseudo-random gradient g(i) in [-1, 1] (a hash of i, so the function
///     is deterministic: the same x gives the same value on every run and thread);
///   - between i and i + 1, with t = x - i, the ramps g(i)·t and g(i+1)·(t-1) are blended by
///     Perlin's quintic fade 6t^5 - 15t^4 + 10t^3, so noise is C2-continuous and 0 at integers;
///   - the blend lies in [-0.5, 0.5]; it is doubled to span [-1, 1].
/// Beyond |x| >= 2^24 every float is an integer, so noise() returns 0 there, and for NaN too.
AMPLE_AMP_ONLY inline float noise(float x) noexcept {
  if (!(std::fabs(x) < 16777216.0f)) return 0.0f;
  const float cell = std::floor(x);
  const auto i = static_cast<std::int32_t>(cell);
  const float t = x - cell;
  const float fade = t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
  const float left = ample::detail::noise_gradient(i) * t;
  const float right = ample::detail::noise_gradient(i + 1) * (t - 1.0f);
  const float value = 2.0f * (left + fade * (right - left));
  // Rounding could push an extreme a few ulps past the bound; the contract is [-1, 1].
  return std::fmin(std::fmax(value, -1.0f), 1.0f);
}

/// radians() converts degrees to radians.
AMPLE_AMP_ONLY inline float radians(float degrees) noexcept {
  return degrees * (std::numbers::pi_v<float> / 180.0f);
}

/// rcp() returns 1 / x; rcp(±0) is ±infinity. Computed exactly (one correctly rounded
/// division), a valid choice for HLSL's approximate rcp.
AMPLE_AMP_ONLY inline float rcp(float x) noexcept { return 1.0f / x; }

/// rcp() returns 1 / x in double precision.
AMPLE_AMP_ONLY inline double rcp(double x) noexcept { return 1.0 / x; }

/// reversebits() reverses the order of the 32 bits of x; reversebits(1u) == 0x80000000u.
AMPLE_AMP_ONLY constexpr unsigned int reversebits(unsigned int x) noexcept {
  std::uint32_t v = x;
  v = ((v >> 1) & 0x55555555U) | ((v & 0x55555555U) << 1);
  v = ((v >> 2) & 0x33333333U) | ((v & 0x33333333U) << 2);
  v = ((v >> 4) & 0x0F0F0F0FU) | ((v & 0x0F0F0F0FU) << 4);
  v = ((v >> 8) & 0x00FF00FFU) | ((v & 0x00FF00FFU) << 8);
  v = (v >> 16) | (v << 16);
  return static_cast<unsigned int>(v);
}

/// saturate() clamps x to [0, 1]; saturate(NaN) is 0, as the D3D11 `_sat` modifier defines.
AMPLE_AMP_ONLY inline float saturate(float x) noexcept {
  return std::fmin(std::fmax(x, 0.0f), 1.0f);
}

/// sign() returns -1, 0 or 1 as x is negative, zero or positive.
AMPLE_AMP_ONLY constexpr int sign(int x) noexcept { return (x > 0) - (x < 0); }

/// sign() returns -1.0f, 0.0f or 1.0f as x is negative, zero (either sign) or positive, and 0
/// for NaN. Microsoft documents only sign(int); this float overload is an Ample addition that
/// keeps sign(0.5f) from truncating to sign(0) == 0.
AMPLE_AMP_ONLY inline float sign(float x) noexcept {
  return static_cast<float>((x > 0.0f) - (x < 0.0f));
}

/// smoothstep() returns 0 for x <= lo, 1 for x >= hi, and the Hermite blend 3t^2 - 2t^3 of
/// t = (x - lo) / (hi - lo) in between: HLSL's definition, saturate(t) then the cubic. With
/// lo == hi the result is a step at lo (0 at x == lo); with lo > hi the ramp falls instead.
AMPLE_AMP_ONLY inline float smoothstep(float lo, float hi, float x) noexcept {
  const float t = saturate((x - lo) / (hi - lo));
  return t * t * (3.0f - 2.0f * t);
}

/// step() returns 1 when x >= y and 0 otherwise (also 0 when either is NaN). Note the argument
/// order, HLSL's: the edge comes first.
AMPLE_AMP_ONLY inline float step(float y, float x) noexcept { return x >= y ? 1.0f : 0.0f; }

}  // namespace Concurrency::direct3d
