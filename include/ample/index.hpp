// index<N>: a point in an N-dimensional compute domain (SPEC §4.1).
#pragma once

#include "config.hpp"
#include "detail/coordinate.hpp"

namespace Concurrency {

template <int N>
class index;

}  // namespace Concurrency

/// index has no element-wise *, / or % with another index (SPEC §4.1).
template <int N>
inline constexpr bool ample::detail::elementwise_products<Concurrency::index<N>> = false;

namespace Concurrency {

/// index<N> names one work-item or one element: N integer coordinates, most significant first.
///
///     index<2> idx(3, 4);   // row 3, column 4
///     idx += index<2>(1, 1);
template <int N>
class AMPLE_AMP_CPU index : public ample::detail::coordinate<index<N>, N> {
  using base = ample::detail::coordinate<index<N>, N>;

 public:
  constexpr index() noexcept = default;
  template <class... Ints>
    requires(N <= 3 && sizeof...(Ints) == N && (std::convertible_to<Ints, int> && ...))
  constexpr explicit(sizeof...(Ints) == 1) index(Ints... values) noexcept : base(values...) {}
  constexpr explicit index(const int* values) noexcept : base(values) {}
};

}  // namespace Concurrency
