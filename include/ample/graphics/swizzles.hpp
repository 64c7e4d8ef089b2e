// The swizzles of the short vectors, under the xyzw and the rgba names, as properties and
// getter/setter pairs (SPEC §10.9; MSREF float_4 class).
//
// Microsoft exposes every swizzle both as a property (`v.xy`, `v.bgra`) and as a get_/set_ pair,
// e.g. get_wzyx() and set_rg(float_2), plus ref_x() ... ref_w() and ref_r() ... ref_a(), which
// return a reference to one component. Ample has all three. Properties are an MSVC extension;
// here each one is an empty [[no_unique_address]] member (swizzle_property.hpp), r ... a
// included, while x, y, z, w are the vector's data members. r is x, g is y, b is z, a is w.
// The list is every ordered choice of distinct components, 1 to N of them, as Microsoft lists
// them; each pair and each property uses short_vector_impl::get<I...>() / set<I...>()
// (short_vector_impl.hpp), which also accept any index list directly.
// swizzle_xyzw_K and swizzle_rgba_K hold the swizzles whose components are among the first K
// with the K-th used (K = 2: x and y; K = 3: those with z; K = 4: those with w), so a vector of
// size N inherits levels 2..N and gets no swizzle that names a component it lacks.
// The two name sets share one list, AMPLE_IMPL_SWIZZLES below, written out once in terms of
// C0 ... C3, the names of components 0 ... 3: the preprocessor pastes each set's letters into
// it, and nothing is generated at build time.
#pragma once

#include "../config.hpp"
#include "swizzle_property.hpp"

namespace ample::detail {

template <class T, int N>
class short_vector_impl;

// AMPLE_IMPL_SWIZZLE_BASE(NAME, members...) defines the swizzle base NAME<D, T>, which adds the
// members to D = short_vector_impl<T, N> (N at least its level). The members are one argument
// that holds commas (get<0, 1>), hence the variadic parameter.
#define AMPLE_IMPL_SWIZZLE_BASE(NAME, ...)                                                         \
  template <class D, class T>                                                                      \
  struct NAME {                                                                                    \
   protected:                                                                                      \
    using v2 = short_vector_impl<T, 2>;                                                            \
    using v3 = short_vector_impl<T, 3>;                                                            \
    using v4 = short_vector_impl<T, 4>;                                                            \
    constexpr const D& self_() const { return static_cast<const D&>(*this); }                      \
    constexpr D& self_() { return static_cast<D&>(*this); }                                        \
    template <class, class, int...>                                                                \
    friend class swizzle_property;                                                                 \
    /* property_<I...> is the type of the property of swizzle I..., distinct per base. */          \
    template <int... I>                                                                            \
    using property_ = swizzle_property<NAME, swizzle_value_t<T, sizeof...(I)>, I...>;              \
                                                                                                   \
   public:                                                                                         \
    __VA_ARGS__                                                                                    \
  };

// get_NAME() reads the components I... as a V; set_NAME(v) writes them from an ARG.
#define AMPLE_IMPL_SWIZZLE_GET_SET(NAME, V, ARG, ...)                                              \
  constexpr V get_##NAME() const restrict(amp, cpu) {                                              \
    return self_().template get<__VA_ARGS__>();                                                    \
  }                                                                                                \
  constexpr void set_##NAME(ARG v) restrict(amp, cpu) { self_().template set<__VA_ARGS__>(v); }

// AMPLE_IMPL_SWIZZLE_PROPERTY(NAME, I...) declares the property NAME of the swizzle I....
// AMPLE_IMPL_SWIZZLE_NO_PROPERTY stands in for it where the vector's data members x ... w are
// already the one-component swizzles: a property x as well would make `v.x` ambiguous.
#define AMPLE_IMPL_SWIZZLE_PROPERTY(NAME, ...) [[no_unique_address]] property_<__VA_ARGS__> NAME;
#define AMPLE_IMPL_SWIZZLE_NO_PROPERTY(NAME, ...)

// The swizzle NAME of one component, I, which is the data member MEMBER: get_, set_ and ref_,
// and ONE(NAME, I), its property or none.
#define AMPLE_IMPL_SWIZZLE_1(NAME, I, MEMBER, ONE)                                                 \
  AMPLE_IMPL_SWIZZLE_GET_SET(NAME, T, T, I)                                                        \
  constexpr T& ref_##NAME() restrict(amp, cpu) { return self_().MEMBER; }                          \
  ONE(NAME, I)

// The swizzle NAME of the components I..., a V: get_, set_ and its property.
#define AMPLE_IMPL_SWIZZLE(V, NAME, ...)                                                           \
  AMPLE_IMPL_SWIZZLE_GET_SET(NAME, V, const V&, __VA_ARGS__)                                       \
  AMPLE_IMPL_SWIZZLE_PROPERTY(NAME, __VA_ARGS__)

// AMPLE_IMPL_SWIZZLES(C0, C1, C2, C3, ONE) defines swizzle_C0C1C2C3_2 ... _4, the swizzles named
// with the letters C0 ... C3; ONE is AMPLE_IMPL_SWIZZLE_PROPERTY or _NO_PROPERTY, for the
// one-component swizzles.
#define AMPLE_IMPL_SWIZZLES(C0, C1, C2, C3, ONE)                                                   \
  AMPLE_IMPL_SWIZZLE_BASE(swizzle_##C0##C1##C2##C3##_2,                                            \
    AMPLE_IMPL_SWIZZLE_1(C0, 0, x, ONE)                                                            \
    AMPLE_IMPL_SWIZZLE_1(C1, 1, y, ONE)                                                            \
    AMPLE_IMPL_SWIZZLE(v2, C0##C1, 0, 1)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C1##C0, 1, 0))                                                          \
  AMPLE_IMPL_SWIZZLE_BASE(swizzle_##C0##C1##C2##C3##_3,                                            \
    AMPLE_IMPL_SWIZZLE_1(C2, 2, z, ONE)                                                            \
    AMPLE_IMPL_SWIZZLE(v2, C0##C2, 0, 2)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C1##C2, 1, 2)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C2##C0, 2, 0)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C2##C1, 2, 1)                                                           \
    AMPLE_IMPL_SWIZZLE(v3, C0##C1##C2, 0, 1, 2)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C0##C2##C1, 0, 2, 1)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C1##C0##C2, 1, 0, 2)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C1##C2##C0, 1, 2, 0)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C2##C0##C1, 2, 0, 1)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C2##C1##C0, 2, 1, 0))                                                   \
  AMPLE_IMPL_SWIZZLE_BASE(swizzle_##C0##C1##C2##C3##_4,                                            \
    AMPLE_IMPL_SWIZZLE_1(C3, 3, w, ONE)                                                            \
    AMPLE_IMPL_SWIZZLE(v2, C0##C3, 0, 3)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C1##C3, 1, 3)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C2##C3, 2, 3)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C3##C0, 3, 0)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C3##C1, 3, 1)                                                           \
    AMPLE_IMPL_SWIZZLE(v2, C3##C2, 3, 2)                                                           \
    AMPLE_IMPL_SWIZZLE(v3, C0##C1##C3, 0, 1, 3)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C0##C2##C3, 0, 2, 3)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C0##C3##C1, 0, 3, 1)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C0##C3##C2, 0, 3, 2)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C1##C0##C3, 1, 0, 3)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C1##C2##C3, 1, 2, 3)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C1##C3##C0, 1, 3, 0)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C1##C3##C2, 1, 3, 2)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C2##C0##C3, 2, 0, 3)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C2##C1##C3, 2, 1, 3)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C2##C3##C0, 2, 3, 0)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C2##C3##C1, 2, 3, 1)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C3##C0##C1, 3, 0, 1)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C3##C0##C2, 3, 0, 2)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C3##C1##C0, 3, 1, 0)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C3##C1##C2, 3, 1, 2)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C3##C2##C0, 3, 2, 0)                                                    \
    AMPLE_IMPL_SWIZZLE(v3, C3##C2##C1, 3, 2, 1)                                                    \
    AMPLE_IMPL_SWIZZLE(v4, C0##C1##C2##C3, 0, 1, 2, 3)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C0##C1##C3##C2, 0, 1, 3, 2)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C0##C2##C1##C3, 0, 2, 1, 3)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C0##C2##C3##C1, 0, 2, 3, 1)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C0##C3##C1##C2, 0, 3, 1, 2)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C0##C3##C2##C1, 0, 3, 2, 1)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C1##C0##C2##C3, 1, 0, 2, 3)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C1##C0##C3##C2, 1, 0, 3, 2)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C1##C2##C0##C3, 1, 2, 0, 3)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C1##C2##C3##C0, 1, 2, 3, 0)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C1##C3##C0##C2, 1, 3, 0, 2)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C1##C3##C2##C0, 1, 3, 2, 0)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C2##C0##C1##C3, 2, 0, 1, 3)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C2##C0##C3##C1, 2, 0, 3, 1)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C2##C1##C0##C3, 2, 1, 0, 3)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C2##C1##C3##C0, 2, 1, 3, 0)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C2##C3##C0##C1, 2, 3, 0, 1)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C2##C3##C1##C0, 2, 3, 1, 0)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C3##C0##C1##C2, 3, 0, 1, 2)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C3##C0##C2##C1, 3, 0, 2, 1)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C3##C1##C0##C2, 3, 1, 0, 2)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C3##C1##C2##C0, 3, 1, 2, 0)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C3##C2##C0##C1, 3, 2, 0, 1)                                             \
    AMPLE_IMPL_SWIZZLE(v4, C3##C2##C1##C0, 3, 2, 1, 0))

AMPLE_IMPL_SWIZZLES(x, y, z, w, AMPLE_IMPL_SWIZZLE_NO_PROPERTY)
AMPLE_IMPL_SWIZZLES(r, g, b, a, AMPLE_IMPL_SWIZZLE_PROPERTY)

// The macros served only to write the bases above.
#undef AMPLE_IMPL_SWIZZLES
#undef AMPLE_IMPL_SWIZZLE
#undef AMPLE_IMPL_SWIZZLE_1
#undef AMPLE_IMPL_SWIZZLE_NO_PROPERTY
#undef AMPLE_IMPL_SWIZZLE_PROPERTY
#undef AMPLE_IMPL_SWIZZLE_GET_SET
#undef AMPLE_IMPL_SWIZZLE_BASE

}  // namespace ample::detail
