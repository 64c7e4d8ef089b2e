// The texel types of texture<T, N> and the component access the sampler needs (SPEC §10.1;
// MSREF texture class, "Remarks": allowed value types).
//
// Allowed texel types, as in Microsoft's header:
// - int, unsigned int, float, norm, unorm and their 2- and 4-component short vectors;
// - double and double_2 (a texel is at most 128 bits, so no double_4).
// 3-component vectors (int_3, float_3, ...) have no Direct3D texture format and are refused
// with a static_assert, as Microsoft refuses them.
#pragma once

#include <type_traits>

#include "../config.hpp"
#include "short_vector.hpp"

namespace ample::detail {

template <class T>
struct texel_traits;

template <class T>
  requires is_short_vector_component_v<T>
struct texel_traits<T> {
  using scalar_type = T;
  static constexpr int size = 1;
};

template <class T, int K>
struct texel_traits<short_vector_impl<T, K>> {
  using scalar_type = T;
  static constexpr int size = K;
};

// texel_type<T>: T is a short vector component type or a short vector.
template <class T>
concept texel_type = requires { texel_traits<T>::size; };

template <class T>
constexpr bool texel_allowed() {
  if constexpr (!texel_type<T>) {
    return false;
  } else {
    constexpr int k = texel_traits<T>::size;
    using S = typename texel_traits<T>::scalar_type;
    if (k == 3) return false;
    if (std::is_same_v<S, double>) return k <= 2;
    return true;
  }
}
/// is_texel_v<T> holds for the value types a texture accepts (see the file comment).
template <class T>
inline constexpr bool is_texel_v = texel_allowed<T>();

/// is_filterable_v<T> holds for texels whose components are float, norm or unorm: only those
/// may be sampled (Microsoft's static_assert in texture_view<const T, N>::sample).
template <class T>
inline constexpr bool is_filterable_v =
    is_texel_v<T> && (std::is_same_v<typename texel_traits<T>::scalar_type, float> ||
                      std::is_same_v<typename texel_traits<T>::scalar_type, concurrency::graphics::norm> ||
                      std::is_same_v<typename texel_traits<T>::scalar_type, concurrency::graphics::unorm>);

/// texel_component(v, c) is component c (0 = x/r ... 3 = w/a) of a texel; a scalar texel has
/// only component 0.
template <class T>
constexpr typename texel_traits<T>::scalar_type texel_component(const T& v, int c) restrict(amp, cpu) {
  if constexpr (texel_traits<T>::size == 1) {
    (void)c;
    return v;
  } else {
    if (c == 0) return v.x;
    if (c == 1) return v.y;
    if constexpr (texel_traits<T>::size == 4) {
      if (c == 2) return v.z;
      return v.w;
    }
    return v.y;
  }
}

/// set_texel_component(v, c, s) writes component c of a texel.
template <class T, class S>
constexpr void set_texel_component(T& v, int c, S s) restrict(amp, cpu) {
  using C = typename texel_traits<T>::scalar_type;
  if constexpr (texel_traits<T>::size == 1) {
    (void)c;
    v = C(s);
  } else {
    if (c == 0) v.x = C(s);
    else if (c == 1) v.y = C(s);
    if constexpr (texel_traits<T>::size == 4) {
      if (c == 2) v.z = C(s);
      else if (c == 3) v.w = C(s);
    }
  }
}

/// texel_from_color(c) is the border colour (r, g, b, a) as a texel: its first components,
/// converted (and clamped for norm / unorm).
template <class T>
constexpr T texel_from_color(const concurrency::graphics::float_4& color) restrict(amp, cpu) {
  T v{};
  const float rgba[4] = {color.x, color.y, color.z, color.w};
  for (int c = 0; c < texel_traits<T>::size; ++c) set_texel_component(v, c, rgba[c]);
  return v;
}

}  // namespace ample::detail
