// The short vector types of concurrency::graphics and their type maps (SPEC §10.9-10.10;
// MSREF short_vector structure, short_vector_traits structure).
//
// int_2 ... unorm_4 are aliases of ample::detail::short_vector_impl<T, N> (short_vector_impl.hpp):
// each (T, N) is one distinct type, as Microsoft's separate classes are, and all of them share
// one implementation. An alias cannot be forward-declared as `class float_4;`; include this
// header instead.
#pragma once

#include "../config.hpp"
#include "norm.hpp"
#include "short_vector_impl.hpp"

namespace Concurrency::graphics {

using int_2 = ample::detail::short_vector_impl<int, 2>;
using int_3 = ample::detail::short_vector_impl<int, 3>;
using int_4 = ample::detail::short_vector_impl<int, 4>;
using uint_2 = ample::detail::short_vector_impl<unsigned int, 2>;
using uint_3 = ample::detail::short_vector_impl<unsigned int, 3>;
using uint_4 = ample::detail::short_vector_impl<unsigned int, 4>;
using float_2 = ample::detail::short_vector_impl<float, 2>;
using float_3 = ample::detail::short_vector_impl<float, 3>;
using float_4 = ample::detail::short_vector_impl<float, 4>;
using double_2 = ample::detail::short_vector_impl<double, 2>;
using double_3 = ample::detail::short_vector_impl<double, 3>;
using double_4 = ample::detail::short_vector_impl<double, 4>;
using norm_2 = ample::detail::short_vector_impl<norm, 2>;
using norm_3 = ample::detail::short_vector_impl<norm, 3>;
using norm_4 = ample::detail::short_vector_impl<norm, 4>;
using unorm_2 = ample::detail::short_vector_impl<unorm, 2>;
using unorm_3 = ample::detail::short_vector_impl<unorm, 3>;
using unorm_4 = ample::detail::short_vector_impl<unorm, 4>;

/// short_vector<T, N>::type is the short vector of N components of type T, or T itself for
/// N = 1: short_vector<float, 4>::type is float_4, short_vector<float, 1>::type is float.
/// Other (T, N) pairs have no `type`, as in Microsoft's header.
template <class T, int N>
struct short_vector {};

template <class T>
  requires ample::detail::is_short_vector_component_v<T>
struct short_vector<T, 1> {
  using type = T;
};

template <class T, int N>
  requires(ample::detail::is_short_vector_component_v<T> && N >= 2 && N <= 4)
struct short_vector<T, N> {
  using type = ample::detail::short_vector_impl<T, N>;
};

/// short_vector_traits<T> gives the component type (value_type) and count (size) of a short
/// vector type, and value_type = T, size = 1 for the six scalar component types.
/// Example: short_vector_traits<uint_3>::size == 3.
template <class T>
struct short_vector_traits {};

template <class T>
  requires ample::detail::is_short_vector_component_v<T>
struct short_vector_traits<T> {
  using value_type = T;
  static constexpr int size = 1;
};

template <class T, int N>
struct short_vector_traits<ample::detail::short_vector_impl<T, N>> {
  using value_type = T;
  static constexpr int size = N;
};

}  // namespace Concurrency::graphics
