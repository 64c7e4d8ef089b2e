// concurrency::graphics::norm and unorm: floats held in [-1, 1] and [0, 1] (SPEC §10.7-10.8;
// MSREF norm class, unorm class).
//
// Invariants:
// - the stored float is always inside the range: every constructor, assignment and arithmetic
//   result goes through clamp(), so norm(2.0f) == 1 and unorm(0.5f) + unorm(0.75f) == 1;
// - NaN is not a value inside or outside the range; clamp() passes it through unchanged, as
//   Microsoft's CPU code does (both of its comparisons are false for NaN);
// - each type is a trivially copyable, standard-layout wrapper of one float (4 bytes), so it may
//   be an element of array / array_view and a component of a short vector.
//
// Conversions follow Microsoft: to float is implicit, from the arithmetic types explicit, norm
// from unorm implicit (every unorm is a norm), unorm from norm explicit (it clamps).
#pragma once

#include <compare>

#include "../config.hpp"

namespace ample::detail {

// clamp() limits v to [lo, hi]; written with two comparisons so that NaN passes through.
constexpr float clamp(float v, float lo, float hi) {
  v = v < lo ? lo : v;
  return v > hi ? hi : v;
}

}  // namespace ample::detail

namespace Concurrency::graphics {

class norm;

/// unorm is a float clamped to [0, 1]. Example: `unorm a(0.5f), b(0.75f); float s = a + b; // 1`
class unorm {
 public:
  constexpr unorm() restrict(amp, cpu) = default;
  constexpr explicit unorm(float v) restrict(amp, cpu) : value_(clamp_(v)) {}
  constexpr explicit unorm(double v) restrict(amp, cpu) : value_(clamp_(static_cast<float>(v))) {}
  constexpr explicit unorm(int v) restrict(amp, cpu) : value_(clamp_(static_cast<float>(v))) {}
  constexpr explicit unorm(unsigned int v) restrict(amp, cpu)
      : value_(clamp_(static_cast<float>(v))) {}
  constexpr explicit unorm(const norm& v) restrict(amp, cpu);

  /// operator float() gives the stored value, always in [0, 1] (or NaN).
  constexpr operator float() const restrict(amp, cpu) { return value_; }

  constexpr unorm& operator+=(const unorm& o) restrict(amp, cpu) { return set_(value_ + o.value_); }
  constexpr unorm& operator-=(const unorm& o) restrict(amp, cpu) { return set_(value_ - o.value_); }
  constexpr unorm& operator*=(const unorm& o) restrict(amp, cpu) { return set_(value_ * o.value_); }
  constexpr unorm& operator/=(const unorm& o) restrict(amp, cpu) { return set_(value_ / o.value_); }
  constexpr unorm& operator++() restrict(amp, cpu) { return set_(value_ + 1.0f); }
  constexpr unorm& operator--() restrict(amp, cpu) { return set_(value_ - 1.0f); }
  constexpr unorm operator++(int) restrict(amp, cpu) {
    const unorm old = *this;
    ++*this;
    return old;
  }
  constexpr unorm operator--(int) restrict(amp, cpu) {
    const unorm old = *this;
    --*this;
    return old;
  }

  friend constexpr unorm operator+(unorm a, const unorm& b) restrict(amp, cpu) { return a += b; }
  friend constexpr unorm operator-(unorm a, const unorm& b) restrict(amp, cpu) { return a -= b; }
  friend constexpr unorm operator*(unorm a, const unorm& b) restrict(amp, cpu) { return a *= b; }
  friend constexpr unorm operator/(unorm a, const unorm& b) restrict(amp, cpu) { return a /= b; }
  friend constexpr bool operator==(const unorm& a, const unorm& b) restrict(amp, cpu) {
    return a.value_ == b.value_;
  }
  friend constexpr auto operator<=>(const unorm& a, const unorm& b) restrict(amp, cpu) {
    return a.value_ <=> b.value_;
  }

 private:
  static constexpr float clamp_(float v) { return ample::detail::clamp(v, 0.0f, 1.0f); }
  constexpr unorm& set_(float v) {
    value_ = clamp_(v);
    return *this;
  }

  float value_ = 0.0f;
};

/// norm is a float clamped to [-1, 1]. Example: `norm n(-3); // n == -1`
class norm {
 public:
  constexpr norm() restrict(amp, cpu) = default;
  constexpr explicit norm(float v) restrict(amp, cpu) : value_(clamp_(v)) {}
  constexpr explicit norm(double v) restrict(amp, cpu) : value_(clamp_(static_cast<float>(v))) {}
  constexpr explicit norm(int v) restrict(amp, cpu) : value_(clamp_(static_cast<float>(v))) {}
  constexpr explicit norm(unsigned int v) restrict(amp, cpu)
      : value_(clamp_(static_cast<float>(v))) {}
  // norm(unorm) is implicit: [0, 1] lies inside [-1, 1], so nothing is lost.
  constexpr norm(const unorm& v) restrict(amp, cpu) : value_(static_cast<float>(v)) {}

  /// operator float() gives the stored value, always in [-1, 1] (or NaN).
  constexpr operator float() const restrict(amp, cpu) { return value_; }

  constexpr norm& operator+=(const norm& o) restrict(amp, cpu) { return set_(value_ + o.value_); }
  constexpr norm& operator-=(const norm& o) restrict(amp, cpu) { return set_(value_ - o.value_); }
  constexpr norm& operator*=(const norm& o) restrict(amp, cpu) { return set_(value_ * o.value_); }
  constexpr norm& operator/=(const norm& o) restrict(amp, cpu) { return set_(value_ / o.value_); }
  constexpr norm& operator++() restrict(amp, cpu) { return set_(value_ + 1.0f); }
  constexpr norm& operator--() restrict(amp, cpu) { return set_(value_ - 1.0f); }
  constexpr norm operator++(int) restrict(amp, cpu) {
    const norm old = *this;
    ++*this;
    return old;
  }
  constexpr norm operator--(int) restrict(amp, cpu) {
    const norm old = *this;
    --*this;
    return old;
  }
  constexpr norm operator-() const restrict(amp, cpu) { return norm(-value_); }

  friend constexpr norm operator+(norm a, const norm& b) restrict(amp, cpu) { return a += b; }
  friend constexpr norm operator-(norm a, const norm& b) restrict(amp, cpu) { return a -= b; }
  friend constexpr norm operator*(norm a, const norm& b) restrict(amp, cpu) { return a *= b; }
  friend constexpr norm operator/(norm a, const norm& b) restrict(amp, cpu) { return a /= b; }
  friend constexpr bool operator==(const norm& a, const norm& b) restrict(amp, cpu) {
    return a.value_ == b.value_;
  }
  friend constexpr auto operator<=>(const norm& a, const norm& b) restrict(amp, cpu) {
    return a.value_ <=> b.value_;
  }

 private:
  static constexpr float clamp_(float v) { return ample::detail::clamp(v, -1.0f, 1.0f); }
  constexpr norm& set_(float v) {
    value_ = clamp_(v);
    return *this;
  }

  float value_ = 0.0f;
};

constexpr unorm::unorm(const norm& v) restrict(amp, cpu) : value_(clamp_(static_cast<float>(v))) {}

}  // namespace Concurrency::graphics
