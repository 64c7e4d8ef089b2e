// ample::detail::short_vector_impl<T, N>: the one class behind int_2 ... unorm_4 (SPEC §10.9;
// MSREF float_4 class and its siblings).
//
// Invariants:
// - the components are real data members x, y (z, w) of short_vector_storage<T, N>, so `v.x = 1`
//   works and the layout is exactly N packed T's: size N * sizeof(T), alignment that of T, no
//   virtuals; the swizzle bases and their properties (`v.xy`, swizzle_property.hpp) are empty and
//   take no space;
// - copy construction is trivial, so a vector may be copied as bytes (is_bitwise_copyable_v);
//   copy assignment is not: it copies the components only, because the implicit one would also
//   run every property's swizzled copy assignment. So, like Microsoft's float_4 with its
//   user-defined copy operations, the vectors are not trivially copyable; and with data members
//   in more than one class they are not standard-layout either;
// - each (T, N) is its own type, so float_4 and int_4 are distinct types, as in Microsoft's header;
// - arithmetic works component by component through T's own operators, so norm and unorm
//   vectors clamp each result exactly as the scalar types do.
//
// Conversions, as in Microsoft's header:
// - the one-scalar (broadcast) constructor is implicit, so `float_4 v = 1.0f` fills all four and
//   the vector operators take a scalar on either side (`acc += r * mass`, as in Microsoft's
//   n-body sample);
// - conversions between vectors of one size but different component types are explicit.
// A deliberate choice where Microsoft's header is not specific: the scalar constructors of
// norm_N / unorm_N take floats (norm and unorm convert to float implicitly), so `norm_2(0.5f,
// -2.0f)` works and clamps the second component to -1, and `norm_2 n = 0.5f` broadcasts.
#pragma once

#include <array>
#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "norm.hpp"
#include "swizzle_property.hpp"
#include "swizzles.hpp"

namespace ample::detail {

/// is_short_vector_component_v<T> holds for the six component types of C++ AMP's short vectors.
template <class T>
inline constexpr bool is_short_vector_component_v =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, float> ||
    std::is_same_v<T, double> || std::is_same_v<T, concurrency::graphics::norm> ||
    std::is_same_v<T, concurrency::graphics::unorm>;

// short_vector_storage<T, N> holds the components as named data members, zero by default.
template <class T, int N>
struct short_vector_storage;
template <class T>
struct short_vector_storage<T, 2> {
  T x{}, y{};
};
template <class T>
struct short_vector_storage<T, 3> {
  T x{}, y{}, z{};
};
template <class T>
struct short_vector_storage<T, 4> {
  T x{}, y{}, z{}, w{};
};

// short_vector_swizzles<D, T, N> gathers the swizzle levels 2..N (see swizzles.hpp).
template <class D, class T, int N>
struct short_vector_swizzles;
template <class D, class T>
struct short_vector_swizzles<D, T, 2> : swizzle_xyzw_2<D, T>, swizzle_rgba_2<D, T> {};
template <class D, class T>
struct short_vector_swizzles<D, T, 3> : short_vector_swizzles<D, T, 2>,
                                        swizzle_xyzw_3<D, T>,
                                        swizzle_rgba_3<D, T> {};
template <class D, class T>
struct short_vector_swizzles<D, T, 4> : short_vector_swizzles<D, T, 3>,
                                        swizzle_xyzw_4<D, T>,
                                        swizzle_rgba_4<D, T> {};

// distinct() tells whether no index occurs twice; set<I...>() must not write a component twice.
template <std::size_t K>
constexpr bool distinct(const std::array<int, K>& indices) {
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t j = i + 1; j < K; ++j)
      if (indices[i] == indices[j]) return false;
  return true;
}

/// short_vector_impl<T, N> is a vector of N (2..4) components of type T, with component-wise
/// arithmetic and swizzles. Example: `float_4 v(1, 2, 3, 4); v.xy = v.wz; // 4 3 3 4`, which is
/// also `v.set_xy(v.get_wz())`.
template <class T, int N>
class short_vector_impl : public short_vector_storage<T, N>,
                          public short_vector_swizzles<short_vector_impl<T, N>, T, N> {
  static_assert(is_short_vector_component_v<T>,
                "short vector components are int, unsigned int, float, double, norm or unorm");
  static_assert(N >= 2 && N <= 4, "short vectors have 2, 3 or 4 components");

  // The scalar constructors take T, except that norm and unorm vectors take float.
  using scalar_arg = std::conditional_t<std::is_arithmetic_v<T>, T, float>;
  static constexpr bool is_integer = std::is_integral_v<T>;
  static constexpr bool is_signed = !std::is_same_v<T, unsigned int> &&
                                    !std::is_same_v<T, concurrency::graphics::unorm>;

 public:
  using value_type = T;
  static constexpr int size = N;

  /// The default constructor sets every component to zero.
  constexpr short_vector_impl() restrict(amp, cpu) = default;
  constexpr short_vector_impl(const short_vector_impl&) restrict(amp, cpu) = default;
  /// Assignment copies the components; the swizzle properties hold no state to copy.
  constexpr short_vector_impl& operator=(const short_vector_impl& o) restrict(amp, cpu) {
    static_cast<short_vector_storage<T, N>&>(*this) = o;
    return *this;
  }
  constexpr short_vector_impl(scalar_arg v0, scalar_arg v1) restrict(amp, cpu)
    requires(N == 2)
      : short_vector_storage<T, N>{T(v0), T(v1)} {}
  constexpr short_vector_impl(scalar_arg v0, scalar_arg v1, scalar_arg v2) restrict(amp, cpu)
    requires(N == 3)
      : short_vector_storage<T, N>{T(v0), T(v1), T(v2)} {}
  constexpr short_vector_impl(scalar_arg v0, scalar_arg v1, scalar_arg v2,
                              scalar_arg v3) restrict(amp, cpu)
    requires(N == 4)
      : short_vector_storage<T, N>{T(v0), T(v1), T(v2), T(v3)} {}

  /// short_vector_impl(v) broadcasts v to every component; implicit, see the file comment.
  constexpr short_vector_impl(scalar_arg v) restrict(amp, cpu) {
    for_each_([&](T& c) { c = T(v); });
  }

  /// An explicit conversion from a vector of the same size, component by component, with C++'s
  /// conversions (float to int truncates) and norm/unorm clamping.
  template <class U>
    requires(!std::is_same_v<U, T>)
  constexpr explicit short_vector_impl(const short_vector_impl<U, N>& o) restrict(amp, cpu) {
    this->x = static_cast<T>(o.x);
    this->y = static_cast<T>(o.y);
    if constexpr (N >= 3) this->z = static_cast<T>(o.z);
    if constexpr (N >= 4) this->w = static_cast<T>(o.w);
  }

  /// get<I...>() reads the components I... (0 = x ... 3 = w) in that order: one index gives a T,
  /// several a short_vector_impl<T, sizeof...(I)>. Indices may repeat. get<3, 2, 1, 0>() is
  /// get_wzyx().
  template <int... I>
  constexpr auto get() const restrict(amp, cpu) {
    static_assert(sizeof...(I) >= 1 && sizeof...(I) <= 4, "a swizzle names 1 to 4 components");
    if constexpr (sizeof...(I) == 1)
      return component_<I...>();
    else
      return short_vector_impl<T, sizeof...(I)>(component_<I>()...);
  }

  /// set<I...>(v) writes v's components, in order, to the components I..., which must be
  /// distinct. set<0, 1>(v) is set_xy(v); the others keep their values.
  template <int... I>
  constexpr void set(const swizzle_value_t<T, sizeof...(I)>& v) restrict(amp, cpu) {
    static_assert(distinct(std::array<int, sizeof...(I)>{I...}), "a swizzle repeats a component");
    if constexpr (sizeof...(I) == 1) {
      ((component_<I>() = v), ...);
    } else {
      [&]<int... J>(std::integer_sequence<int, J...>) {
        ((component_<I>() = v.template get<J>()), ...);
      }(std::make_integer_sequence<int, sizeof...(I)>{});
    }
  }

  constexpr short_vector_impl& operator+=(const short_vector_impl& o) restrict(amp, cpu) {
    return zip_(o, [](T& a, const T& b) { a += b; });
  }
  constexpr short_vector_impl& operator-=(const short_vector_impl& o) restrict(amp, cpu) {
    return zip_(o, [](T& a, const T& b) { a -= b; });
  }
  constexpr short_vector_impl& operator*=(const short_vector_impl& o) restrict(amp, cpu) {
    return zip_(o, [](T& a, const T& b) { a *= b; });
  }
  constexpr short_vector_impl& operator/=(const short_vector_impl& o) restrict(amp, cpu) {
    return zip_(o, [](T& a, const T& b) { a /= b; });
  }
  constexpr short_vector_impl& operator%=(const short_vector_impl& o) restrict(amp, cpu)
    requires is_integer
  {
    return zip_(o, [](T& a, const T& b) { a %= b; });
  }
  constexpr short_vector_impl& operator&=(const short_vector_impl& o) restrict(amp, cpu)
    requires is_integer
  {
    return zip_(o, [](T& a, const T& b) { a &= b; });
  }
  constexpr short_vector_impl& operator|=(const short_vector_impl& o) restrict(amp, cpu)
    requires is_integer
  {
    return zip_(o, [](T& a, const T& b) { a |= b; });
  }
  constexpr short_vector_impl& operator^=(const short_vector_impl& o) restrict(amp, cpu)
    requires is_integer
  {
    return zip_(o, [](T& a, const T& b) { a ^= b; });
  }
  constexpr short_vector_impl& operator<<=(const short_vector_impl& o) restrict(amp, cpu)
    requires is_integer
  {
    return zip_(o, [](T& a, const T& b) { a <<= b; });
  }
  constexpr short_vector_impl& operator>>=(const short_vector_impl& o) restrict(amp, cpu)
    requires is_integer
  {
    return zip_(o, [](T& a, const T& b) { a >>= b; });
  }

  /// ++ and -- add or subtract one in every component (clamped for norm and unorm).
  constexpr short_vector_impl& operator++() restrict(amp, cpu) {
    return for_each_([](T& c) { ++c; });
  }
  constexpr short_vector_impl& operator--() restrict(amp, cpu) {
    return for_each_([](T& c) { --c; });
  }
  constexpr short_vector_impl operator++(int) restrict(amp, cpu) {
    const short_vector_impl old = *this;
    ++*this;
    return old;
  }
  constexpr short_vector_impl operator--(int) restrict(amp, cpu) {
    const short_vector_impl old = *this;
    --*this;
    return old;
  }

  /// Unary minus exists for int, float, double and norm; ~ for int and unsigned int.
  constexpr short_vector_impl operator-() const restrict(amp, cpu)
    requires is_signed
  {
    short_vector_impl r = *this;
    return r.for_each_([](T& c) { c = -c; });
  }
  constexpr short_vector_impl operator~() const restrict(amp, cpu)
    requires is_integer
  {
    short_vector_impl r = *this;
    return r.for_each_([](T& c) { c = ~c; });
  }

  // The binary operators are hidden friends, found by ADL on the vector types only.
  friend constexpr short_vector_impl operator+(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) { return a += b; }
  friend constexpr short_vector_impl operator-(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) { return a -= b; }
  friend constexpr short_vector_impl operator*(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) { return a *= b; }
  friend constexpr short_vector_impl operator/(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) { return a /= b; }
  friend constexpr short_vector_impl operator%(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) requires is_integer { return a %= b; }
  friend constexpr short_vector_impl operator&(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) requires is_integer { return a &= b; }
  friend constexpr short_vector_impl operator|(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) requires is_integer { return a |= b; }
  friend constexpr short_vector_impl operator^(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) requires is_integer { return a ^= b; }
  friend constexpr short_vector_impl operator<<(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) requires is_integer { return a <<= b; }
  friend constexpr short_vector_impl operator>>(short_vector_impl a, const short_vector_impl& b)
      restrict(amp, cpu) requires is_integer { return a >>= b; }

  /// == is true when every component is equal; != when any differs (C++20 derives it from ==).
  friend constexpr bool operator==(const short_vector_impl& a, const short_vector_impl& b)
      restrict(amp, cpu) {
    bool equal = a.x == b.x && a.y == b.y;
    if constexpr (N >= 3) equal = equal && a.z == b.z;
    if constexpr (N >= 4) equal = equal && a.w == b.w;
    return equal;
  }

 private:
  template <int I>
  constexpr const T& component_() const {
    static_assert(I >= 0 && I < N, "swizzle index past the vector's last component");
    if constexpr (I == 0) return this->x;
    else if constexpr (I == 1) return this->y;
    else if constexpr (I == 2) return this->z;
    else return this->w;
  }
  template <int I>
  constexpr T& component_() {
    return const_cast<T&>(std::as_const(*this).template component_<I>());
  }

  // for_each_(f) calls f on each component; zip_(o, f) on each pair of this's and o's.
  template <class F>
  constexpr short_vector_impl& for_each_(F f) {
    f(this->x);
    f(this->y);
    if constexpr (N >= 3) f(this->z);
    if constexpr (N >= 4) f(this->w);
    return *this;
  }
  template <class F>
  constexpr short_vector_impl& zip_(const short_vector_impl& o, F f) {
    f(this->x, o.x);
    f(this->y, o.y);
    if constexpr (N >= 3) f(this->z, o.z);
    if constexpr (N >= 4) f(this->w, o.w);
    return *this;
  }
};

}  // namespace ample::detail
