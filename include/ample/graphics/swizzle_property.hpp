// ample::detail::swizzle_property<B, V, I...>: the swizzle properties of the short vectors,
// `v.xy`, `v.bgra`, `v.r`, in standard C++ (SPEC §10.9; MSREF float_4 class).
//
// Microsoft declares each swizzle as an MSVC property (__declspec(property)) that calls the
// swizzle's get_/set_ pair. Standard C++ has no properties, so each one is an empty data member
// whose type makes those calls: converting it reads the components, assigning to it writes them.
//
// Layout. This relies on the Itanium C++ ABI that GCC and Clang use on Linux (MSVC's ABI, and so
// clang-cl, ignore [[no_unique_address]]):
// - every property is a [[no_unique_address]] member of one of the empty swizzle bases B
//   (swizzle_xyzw_2 ... swizzle_rgba_4), so it takes no space and sizeof(float_4) stays 16;
// - two empty subobjects of one type may not share an address, so each property has a type of
//   its own: B and the index list are template arguments, and no B lists one index list twice
//   (xy and rg share indices but not B). So every property lies at offset 0 of B, and B at
//   offset 0 of the vector, with the components;
// - hence a property finds its vector as static_cast<D&>(*reinterpret_cast<B*>(this)), which is
//   B's self_(). The standard promises that a class and its *first* member share an address, not
//   the others; tests/graphics/swizzle_property_test.cpp checks `&v.prop == &v` for every
//   property of all 18 vector types.
//
// Behaviour, and where it differs from MSVC's properties:
// - reading converts to V, which is T for one component and short_vector_impl<T, K> for K;
// - every property that exists is writable: Microsoft lists (swizzles.hpp) no swizzle that
//   names a component twice, and a const vector's properties are read-only;
// - `a.xy = b.xy` and `a.xy = a.yx` read the source into a temporary before writing;
// - assignments, compound assignments and prefix ++/-- return the property itself, so reading
//   the result gives the new value; postfix ++/-- return the old value. Each writes through
//   set<I...>(), so norm and unorm clamp as their components do;
// - a property cannot be copied out of its vector: `auto p = v.xy;` does not compile (with MSVC
//   it gives a float_2), because a copy would have no vector around it. Write `float_2 p = v.xy;`;
// - V is a template argument so that argument-dependent lookup finds V's hidden friends:
//   `v.xy + w.zw` and `v.xy == w.yx` work as on float_2;
// - a one-component norm or unorm property converts to norm (unorm), but not on to float, as
//   C++ allows one user-defined conversion: `float f = n.r;` fails, `float f = n.x;` works;
// - properties cannot be used in constant expressions (reinterpret_cast); get<I...>() can.
#pragma once

#include <type_traits>

#include "../config.hpp"

namespace ample::detail {

template <class T, int N>
class short_vector_impl;

/// swizzle_value_t<T, K> is what a swizzle of K components of type T reads and writes.
template <class T, int K>
using swizzle_value_t = std::conditional_t<K == 1, T, short_vector_impl<T, K>>;

/// swizzle_property<B, V, I...> is the property of the swizzle I... (0 = x ... 3 = w) declared
/// in the swizzle base B of a short vector; it behaves as a V. Example: `v.yx = w.xy;`
template <class B, class V, int... I>
class swizzle_property {
 public:
  using value_type = V;

  /// Reading gives the components' values: `float_2 p = v.zw;`.
  operator V() const restrict(amp, cpu) { return vector_().template get<I...>(); }

  /// Assigning writes v's components in order: `v.yx = float_2(1, 2); // y = 1, x = 2`.
  swizzle_property& operator=(const V& v) restrict(amp, cpu) {
    vector_().template set<I...>(v);
    return *this;
  }
  // Same-named properties (a.xy = b.xy) need the copy assignment, which would otherwise copy
  // nothing; reading first keeps a.xy = a.xy and overlapping vectors right.
  swizzle_property& operator=(const swizzle_property& o) restrict(amp, cpu) {
    return *this = static_cast<V>(o);
  }

  swizzle_property& operator+=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a += v; });
  }
  swizzle_property& operator-=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a -= v; });
  }
  swizzle_property& operator*=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a *= v; });
  }
  swizzle_property& operator/=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a /= v; });
  }
  // The integer operators exist where V has them: int and unsigned int components. They and the
  // unary operators are templates so that the constraint is checked where they are used: Clang 14
  // checks a plain member's constraint when the vector declares the property, and V, which for
  // float_4's xyzw is float_4 itself, is then still incomplete.
  template <class W = V>
    requires requires(W a) { a %= a; }
  swizzle_property& operator%=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a %= v; });
  }
  template <class W = V>
    requires requires(W a) { a &= a; }
  swizzle_property& operator&=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a &= v; });
  }
  template <class W = V>
    requires requires(W a) { a |= a; }
  swizzle_property& operator|=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a |= v; });
  }
  template <class W = V>
    requires requires(W a) { a ^= a; }
  swizzle_property& operator^=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a ^= v; });
  }
  template <class W = V>
    requires requires(W a) { a <<= a; }
  swizzle_property& operator<<=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a <<= v; });
  }
  template <class W = V>
    requires requires(W a) { a >>= a; }
  swizzle_property& operator>>=(const V& v) restrict(amp, cpu) {
    return update_([&](V& a) { a >>= v; });
  }

  swizzle_property& operator++() restrict(amp, cpu) {
    return update_([](V& a) { ++a; });
  }
  swizzle_property& operator--() restrict(amp, cpu) {
    return update_([](V& a) { --a; });
  }
  V operator++(int) restrict(amp, cpu) {
    const V old = *this;
    ++*this;
    return old;
  }
  V operator--(int) restrict(amp, cpu) {
    const V old = *this;
    --*this;
    return old;
  }

  // Members of V are not found through the conversion, so the unary operators are repeated.
  template <class W = V>
    requires requires(W a) { -a; }
  V operator-() const restrict(amp, cpu) {
    return -static_cast<V>(*this);
  }
  template <class W = V>
    requires requires(W a) { ~a; }
  V operator~() const restrict(amp, cpu) {
    return ~static_cast<V>(*this);
  }

 private:
  // Only B makes and copies properties: its implicit constructors, which stay trivial, so the
  // vector's copy constructor does too. Anyone else's copy would have no vector around it.
  friend B;
  swizzle_property() = default;
  swizzle_property(const swizzle_property&) = default;

  // vector_() is the short vector this property belongs to; see the file comment for the layout.
  decltype(auto) vector_() const { return reinterpret_cast<const B*>(this)->self_(); }
  decltype(auto) vector_() { return reinterpret_cast<B*>(this)->self_(); }

  // update_(f) applies f to the value read and writes the result back.
  template <class F>
  swizzle_property& update_(F f) {
    V value = *this;
    f(value);
    return *this = value;
  }
};

}  // namespace ample::detail
