// index<N>: a point in an N-dimensional compute domain (SPEC §4.1).
#pragma once

#include "detail/coordinate.hpp"

namespace concurrency {

/// index<N> names one work-item or one element: N integer coordinates, most significant first.
///
///     index<2> idx(3, 4);   // row 3, column 4
///     idx += index<2>(1, 1);
template <int N>
class index : public ample::detail::coordinate<index<N>, N> {
  using base = ample::detail::coordinate<index<N>, N>;

 public:
  using base::base;
  constexpr index() noexcept = default;
};

}  // namespace concurrency
