// extent<N>: the shape of an N-dimensional compute domain or container (SPEC §4.2).
#pragma once

#include "config.hpp"
#include "detail/coordinate.hpp"
#include "index.hpp"

namespace Concurrency {

template <int D0, int D1, int D2>
class tiled_extent;

/// extent<N> gives the length of each of N dimensions, most significant first.
///
///     extent<2> e(1024, 768);
///     e.size();                       // 786432 elements
///     e.contains(index<2>(5, 767));   // true
///     auto t = e.tile<16, 16>();      // tiled_extent<16,16>
template <int N>
class AMPLE_AMP_CPU extent : public ample::detail::coordinate<extent<N>, N> {
  using base = ample::detail::coordinate<extent<N>, N>;

 public:
  constexpr extent() noexcept = default;
  template <class... Ints>
    requires(N <= 3 && sizeof...(Ints) == N && (std::convertible_to<Ints, int> && ...))
  constexpr explicit(sizeof...(Ints) == 1) extent(Ints... values) noexcept : base(values...) {}
  constexpr explicit extent(const int* values) noexcept : base(values) {}

  /// size() returns the number of points, the product of all dimensions.
  constexpr unsigned int size() const noexcept {
    unsigned int n = 1;
    for (int i = 0; i < N; ++i) n *= static_cast<unsigned int>(this->v_[i]);
    return n;
  }

  /// contains() tells whether 0 <= idx[i] < (*this)[i] for every dimension.
  constexpr bool contains(const index<N>& idx) const noexcept {
    for (int i = 0; i < N; ++i)
      if (idx[i] < 0 || idx[i] >= this->v_[i]) return false;
    return true;
  }

  /// tile<D0...>() views this extent as tiles of D0 x D1 x D2 work-items. The tile sizes must
  /// divide the extent when the result is handed to parallel_for_each (see pad()/truncate()).
  template <int D0>
    requires(N == 1)
  constexpr tiled_extent<D0, 0, 0> tile() const noexcept {
    return tiled_extent<D0, 0, 0>(*this);
  }
  template <int D0, int D1>
    requires(N == 2)
  constexpr tiled_extent<D0, D1, 0> tile() const noexcept {
    return tiled_extent<D0, D1, 0>(*this);
  }
  template <int D0, int D1, int D2>
    requires(N == 3)
  constexpr tiled_extent<D0, D1, D2> tile() const noexcept {
    return tiled_extent<D0, D1, D2>(*this);
  }

  constexpr extent& operator+=(const index<N>& o) noexcept {
    for (int i = 0; i < N; ++i) this->v_[i] += o[i];
    return *this;
  }
  constexpr extent& operator-=(const index<N>& o) noexcept {
    for (int i = 0; i < N; ++i) this->v_[i] -= o[i];
    return *this;
  }
  using base::operator+=;
  using base::operator-=;

  friend constexpr extent operator+(extent e, const index<N>& o) noexcept { return e += o; }
  friend constexpr extent operator-(extent e, const index<N>& o) noexcept { return e -= o; }
};

}  // namespace Concurrency

#include "tiled_extent.hpp"
