// coordinate<Derived, N>: the storage and arithmetic that index<N> and extent<N> share.
#pragma once

#include <concepts>
#include <cstddef>

#include "../config.hpp"

namespace ample::detail {

/// elementwise_products<Derived> tells whether two Derived multiply, divide and take remainders
/// element by element: extent does, index does not (index.hpp specialises it).
template <class Derived>
inline constexpr bool elementwise_products = true;

/// coordinate is a CRTP base holding N ints, with the element-wise and scalar arithmetic that
/// C++ AMP specifies for index and extent (SPEC §4.1, §4.2). Every operation is constexpr and
/// inline so that index arithmetic in kernels compiles to plain integer code.
template <class Derived, int N>
class AMPLE_AMP_CPU coordinate {
  static_assert(N > 0, "C++ AMP index and extent need rank N >= 1");

 public:
  static constexpr int rank = N;
  using value_type = int;

  constexpr coordinate() noexcept = default;

  /// coordinate(i0, i1, ...) takes one int per dimension. index and extent repeat this
  /// constructor instead of inheriting it: GCC 12 drops explicit(...) from inherited
  /// constructors, which would make `index<1> i = 5;` compile.
  template <class... Ints>
    requires(N <= 3 && sizeof...(Ints) == N && (std::convertible_to<Ints, int> && ...))
  constexpr explicit(sizeof...(Ints) == 1) coordinate(Ints... values) noexcept
      : v_{static_cast<int>(values)...} {}

  /// coordinate(values) reads N ints, as C++ AMP's index(const int[N]) does.
  constexpr explicit coordinate(const int* values) noexcept {
    for (int i = 0; i < N; ++i) v_[i] = values[i];
  }

  constexpr int operator[](int i) const noexcept { return v_[i]; }
  constexpr int& operator[](int i) noexcept { return v_[i]; }

  // *, / and % of two coordinates exist for extent only (elementwise_products): C++ AMP gives
  // index + and - with another index, and nothing else.
  constexpr Derived& operator+=(const Derived& o) noexcept { return apply(o, [](int& a, int b) { a += b; }); }
  constexpr Derived& operator-=(const Derived& o) noexcept { return apply(o, [](int& a, int b) { a -= b; }); }
  constexpr Derived& operator*=(const Derived& o) noexcept
    requires elementwise_products<Derived>
  { return apply(o, [](int& a, int b) { a *= b; }); }
  constexpr Derived& operator/=(const Derived& o) noexcept
    requires elementwise_products<Derived>
  { return apply(o, [](int& a, int b) { a /= b; }); }
  constexpr Derived& operator%=(const Derived& o) noexcept
    requires elementwise_products<Derived>
  { return apply(o, [](int& a, int b) { a %= b; }); }

  constexpr Derived& operator+=(int s) noexcept { return apply(s, [](int& a, int b) { a += b; }); }
  constexpr Derived& operator-=(int s) noexcept { return apply(s, [](int& a, int b) { a -= b; }); }
  constexpr Derived& operator*=(int s) noexcept { return apply(s, [](int& a, int b) { a *= b; }); }
  constexpr Derived& operator/=(int s) noexcept { return apply(s, [](int& a, int b) { a /= b; }); }
  constexpr Derived& operator%=(int s) noexcept { return apply(s, [](int& a, int b) { a %= b; }); }

  constexpr Derived& operator++() noexcept { return *this += 1; }
  constexpr Derived& operator--() noexcept { return *this -= 1; }
  constexpr Derived operator++(int) noexcept { Derived old = self(); ++*this; return old; }
  constexpr Derived operator--(int) noexcept { Derived old = self(); --*this; return old; }

  friend constexpr Derived operator+(Derived a, const Derived& b) noexcept { return a += b; }
  friend constexpr Derived operator-(Derived a, const Derived& b) noexcept { return a -= b; }
  friend constexpr Derived operator*(Derived a, const Derived& b) noexcept
    requires elementwise_products<Derived>
  { return a *= b; }
  friend constexpr Derived operator/(Derived a, const Derived& b) noexcept
    requires elementwise_products<Derived>
  { return a /= b; }
  friend constexpr Derived operator%(Derived a, const Derived& b) noexcept
    requires elementwise_products<Derived>
  { return a %= b; }

  friend constexpr Derived operator+(Derived a, int s) noexcept { return a += s; }
  friend constexpr Derived operator-(Derived a, int s) noexcept { return a -= s; }
  friend constexpr Derived operator*(Derived a, int s) noexcept { return a *= s; }
  friend constexpr Derived operator/(Derived a, int s) noexcept { return a /= s; }
  friend constexpr Derived operator%(Derived a, int s) noexcept { return a %= s; }
  friend constexpr Derived operator+(int s, Derived a) noexcept { return a += s; }
  friend constexpr Derived operator*(int s, Derived a) noexcept { return a *= s; }
  friend constexpr Derived operator-(int s, const Derived& a) noexcept { return scalar_first(s, a, [](int x, int y) { return x - y; }); }
  friend constexpr Derived operator/(int s, const Derived& a) noexcept { return scalar_first(s, a, [](int x, int y) { return x / y; }); }
  friend constexpr Derived operator%(int s, const Derived& a) noexcept { return scalar_first(s, a, [](int x, int y) { return x % y; }); }

  friend constexpr bool operator==(const Derived& a, const Derived& b) noexcept {
    for (int i = 0; i < N; ++i)
      if (a.v_[i] != b.v_[i]) return false;
    return true;
  }

 protected:
  constexpr Derived& self() noexcept { return static_cast<Derived&>(*this); }
  constexpr const Derived& self() const noexcept { return static_cast<const Derived&>(*this); }

  int v_[N] = {};

 private:
  template <class Op>
  constexpr Derived& apply(const Derived& o, Op op) noexcept {
    for (int i = 0; i < N; ++i) op(v_[i], o.v_[i]);
    return self();
  }
  template <class Op>
  constexpr Derived& apply(int s, Op op) noexcept {
    for (int i = 0; i < N; ++i) op(v_[i], s);
    return self();
  }
  template <class Op>
  static constexpr Derived scalar_first(int s, const Derived& a, Op op) noexcept {
    Derived r = a;
    for (int i = 0; i < N; ++i) r.v_[i] = op(s, a.v_[i]);
    return r;
  }
};

}  // namespace ample::detail
