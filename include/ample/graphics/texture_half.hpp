// IEEE 754 binary16 ("half"): how a float texture with 16 bits per scalar element stores each
// component (Direct3D's DXGI_FORMAT_R16_FLOAT family; SPEC §10.1.1).
//
// Written out in integer arithmetic rather than with _Float16, which Clang 14 lacks on x86.
// Conversions:
// - float to half rounds to nearest, ties to even; magnitudes from 65520 up become infinity,
//   below 2^-24 they become subnormals or zero; NaN stays NaN (quiet, payload kept where it fits);
// - half to float is exact.
#pragma once

#include <bit>
#include <cstdint>

#include "../config.hpp"

namespace ample::detail {

/// float_to_half() is the binary16 nearest to f (ties to even).
constexpr std::uint16_t float_to_half(float f) restrict(amp, cpu) {
  std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  const auto sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
  x &= 0x7FFFFFFFu;
  if (x > 0x7F800000u) return sign | 0x7E00u | static_cast<std::uint16_t>((x >> 13) & 0x3FFu);  // NaN
  if (x >= 0x477FF000u) return sign | 0x7C00u;  // 65520 and up round to infinity
  std::uint32_t h;
  std::uint32_t rest;
  std::uint32_t half_way;
  if (x >= 0x38800000u) {  // a normal half: rebias the exponent (127 -> 15), drop 13 bits
    h = (x - 0x38000000u) >> 13;
    rest = x & 0x1FFFu;
    half_way = 0x1000u;
  } else {  // a subnormal half: h * 2^-24, h = significand (with its hidden bit) >> shift
    if (x < 0x33000000u) return sign;  // below 2^-25: rounds to zero
    const std::uint32_t significand = (x & 0x7FFFFFu) | 0x800000u;
    const std::uint32_t shift = 126u - (x >> 23);  // 14 .. 24
    h = significand >> shift;
    rest = significand & ((1u << shift) - 1u);
    half_way = 1u << (shift - 1u);
  }
  // Rounding up may carry into the exponent field; that is the correctly rounded encoding.
  if (rest > half_way || (rest == half_way && (h & 1u) != 0)) ++h;
  return sign | static_cast<std::uint16_t>(h);
}

/// half_to_float() is the float equal to binary16 h.
constexpr float half_to_float(std::uint16_t h) restrict(amp, cpu) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1Fu;
  std::uint32_t significand = h & 0x3FFu;
  if (exponent == 0x1Fu) return std::bit_cast<float>(sign | 0x7F800000u | (significand << 13));
  if (exponent != 0) return std::bit_cast<float>(sign | ((exponent + 112u) << 23) | (significand << 13));
  if (significand == 0) return std::bit_cast<float>(sign);
  // A subnormal half is a normal float: shift the leading 1 into the hidden bit.
  std::uint32_t e = 113u;
  while ((significand & 0x400u) == 0) {
    significand <<= 1;
    --e;
  }
  return std::bit_cast<float>(sign | (e << 23) | ((significand & 0x3FFu) << 13));
}

}  // namespace ample::detail
