// Texel formats: how many bits a texture stores per scalar element, and how a texel is packed
// into and unpacked from those bits (SPEC §10.1.1; MSREF texture class constructors; Direct3D's
// data conversion rules).
//
// Allowed bits_per_scalar_element, Microsoft's table, for 1-, 2- and 4-component texels:
// - int, unsigned int: 8, 16, 32 (default 32);
// - float: 16, 32 (default 32);
// - norm, unorm: 8, 16 (default 16: Direct3D has no 32-bit SNORM / UNORM format);
// - double: 64.
// Each component takes bits / 8 bytes; a texel is the components x, y, z, w in that order, with
// no padding. Conversions on store (loads invert them exactly, except where noted):
// - int / unsigned int narrower than 32 bits keep the low bits (two's complement truncation);
//   loads sign-extend int and zero-extend unsigned int;
// - float at 16 bits is IEEE binary16 (texture_half.hpp), rounded to nearest even;
// - norm / unorm are SNORM / UNORM integers: the value, NaN read as 0, times 2^(bits-1) - 1 or
//   2^bits - 1, rounded to nearest even; loads divide back (the lowest SNORM code also reads -1).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "../config.hpp"
#include "../detail/byte_copy.hpp"
#include "../exceptions.hpp"
#include "texture_half.hpp"
#include "texture_texel.hpp"

namespace ample::detail {

/// texel_format<T> is what the format of a texture of T depends on at compile time.
template <class T>
struct texel_format {
  using scalar_type = typename texel_traits<T>::scalar_type;
  static constexpr int components = texel_traits<T>::size;
  static constexpr bool is_norm = std::is_same_v<scalar_type, concurrency::graphics::norm> ||
                                  std::is_same_v<scalar_type, concurrency::graphics::unorm>;
  static constexpr bool is_integer = std::is_same_v<scalar_type, int> || std::is_same_v<scalar_type, unsigned int>;
  static constexpr bool is_double = std::is_same_v<scalar_type, double>;

  /// default_bits is what a texture constructed without bits_per_scalar_element stores.
  static constexpr unsigned int default_bits = is_double ? 64u : (is_norm ? 16u : 32u);

  /// allows(bits) tells whether Microsoft's table allows `bits` for T.
  static constexpr bool allows(unsigned int bits) {
    if constexpr (is_double) return bits == 64;
    else if constexpr (is_norm) return bits == 8 || bits == 16;
    else if constexpr (is_integer) return bits == 8 || bits == 16 || bits == 32;
    else return bits == 16 || bits == 32;
  }

  /// name() spells T as C++ AMP does ("int", "uint_2", "unorm_4"), for messages.
  static std::string name() {
    const char* scalar = is_double ? "double"
                         : std::is_same_v<scalar_type, int> ? "int"
                         : std::is_same_v<scalar_type, unsigned int> ? (components == 1 ? "unsigned int" : "uint")
                         : std::is_same_v<scalar_type, float> ? "float"
                         : std::is_same_v<scalar_type, concurrency::graphics::norm> ? "norm"
                                                                                    : "unorm";
    return components == 1 ? std::string(scalar) : std::string(scalar) + "_" + std::to_string(components);
  }

  /// checked_bits() returns `bits` if T allows it; runtime_exception naming both otherwise, as
  /// Microsoft's runtime throws for an invalid bits_per_scalar_element.
  static unsigned int checked_bits(unsigned int bits) {
    if (!allows(bits))
      AMPLE_THROW(concurrency::runtime_exception,
                  "a texture of " + name() + " cannot have " + std::to_string(bits) + " bits per scalar element (" +
                      allowed_text() + ")",
                  concurrency::error_code::e_invalidarg);
    return bits;
  }

 private:
  static const char* allowed_text() {
    if constexpr (is_double) return "allowed: 64";
    else if constexpr (is_norm) return "allowed: 8, 16";
    else if constexpr (is_integer) return "allowed: 8, 16, 32";
    else return "allowed: 16, 32";
  }
};

/// store_bits() writes the bytes of v to p (which need not be aligned for U).
template <class U>
void store_bits(unsigned char* p, U v) restrict(amp, cpu) {
  ample::detail::copy_bytes(p, &v, sizeof v);
}
/// load_bits<U>() reads a U from p.
template <class U>
U load_bits(const unsigned char* p) restrict(amp, cpu) {
  U v;
  ample::detail::copy_bytes(&v, p, sizeof v);
  return v;
}

/// to_norm_code() is the SNORM / UNORM integer of v in [lo, 1] scaled by `scale`: NaN reads as 0.
inline float to_norm_code(float v, float lo, float scale) restrict(amp, cpu) {
  if (!(v == v)) return 0.0f;
  v = v < lo ? lo : (v > 1.0f ? 1.0f : v);
  return std::nearbyint(v * scale);  // round to nearest even in the default rounding mode
}

/// encode_scalar() stores one component of `bits` bits at p.
template <class S>
void encode_scalar(unsigned char* p, const S& s, unsigned int bits) restrict(amp, cpu) {
  using concurrency::graphics::norm;
  using concurrency::graphics::unorm;
  if constexpr (std::is_same_v<S, int>) {
    if (bits == 8) store_bits(p, static_cast<std::int8_t>(s));
    else if (bits == 16) store_bits(p, static_cast<std::int16_t>(s));
    else store_bits(p, s);
  } else if constexpr (std::is_same_v<S, unsigned int>) {
    if (bits == 8) store_bits(p, static_cast<std::uint8_t>(s));
    else if (bits == 16) store_bits(p, static_cast<std::uint16_t>(s));
    else store_bits(p, s);
  } else if constexpr (std::is_same_v<S, float>) {
    if (bits == 16) store_bits(p, float_to_half(s));
    else store_bits(p, s);
  } else if constexpr (std::is_same_v<S, double>) {
    store_bits(p, s);
  } else if constexpr (std::is_same_v<S, norm>) {
    if (bits == 8) store_bits(p, static_cast<std::int8_t>(to_norm_code(s, -1.0f, 127.0f)));
    else store_bits(p, static_cast<std::int16_t>(to_norm_code(s, -1.0f, 32767.0f)));
  } else {
    static_assert(std::is_same_v<S, unorm>);
    if (bits == 8) store_bits(p, static_cast<std::uint8_t>(to_norm_code(s, 0.0f, 255.0f)));
    else store_bits(p, static_cast<std::uint16_t>(to_norm_code(s, 0.0f, 65535.0f)));
  }
}

/// decode_scalar<S>() loads one component of `bits` bits from p.
template <class S>
S decode_scalar(const unsigned char* p, unsigned int bits) restrict(amp, cpu) {
  using concurrency::graphics::norm;
  using concurrency::graphics::unorm;
  if constexpr (std::is_same_v<S, int>) {
    if (bits == 8) return load_bits<std::int8_t>(p);
    if (bits == 16) return load_bits<std::int16_t>(p);
    return load_bits<int>(p);
  } else if constexpr (std::is_same_v<S, unsigned int>) {
    if (bits == 8) return load_bits<std::uint8_t>(p);
    if (bits == 16) return load_bits<std::uint16_t>(p);
    return load_bits<unsigned int>(p);
  } else if constexpr (std::is_same_v<S, float>) {
    if (bits == 16) return half_to_float(load_bits<std::uint16_t>(p));
    return load_bits<float>(p);
  } else if constexpr (std::is_same_v<S, double>) {
    return load_bits<double>(p);
  } else if constexpr (std::is_same_v<S, norm>) {
    // norm's constructor clamps, so the lowest code (-128 or -32768) reads as -1.
    if (bits == 8) return norm(load_bits<std::int8_t>(p) / 127.0f);
    return norm(load_bits<std::int16_t>(p) / 32767.0f);
  } else {
    static_assert(std::is_same_v<S, unorm>);
    if (bits == 8) return unorm(load_bits<std::uint8_t>(p) / 255.0f);
    return unorm(load_bits<std::uint16_t>(p) / 65535.0f);
  }
}

/// encode_texel() stores texel v, `bits` bits per component, at p.
template <class T>
void encode_texel(unsigned char* p, const T& v, unsigned int bits) restrict(amp, cpu) {
  const unsigned int step = bits / 8;
  for (int c = 0; c < texel_traits<T>::size; ++c) encode_scalar(p + c * step, texel_component(v, c), bits);
}

/// decode_texel<T>() loads a texel of `bits` bits per component from p.
template <class T>
T decode_texel(const unsigned char* p, unsigned int bits) restrict(amp, cpu) {
  using S = typename texel_traits<T>::scalar_type;
  const unsigned int step = bits / 8;
  T v{};
  for (int c = 0; c < texel_traits<T>::size; ++c) set_texel_component(v, c, decode_scalar<S>(p + c * step, bits));
  return v;
}

}  // namespace ample::detail
