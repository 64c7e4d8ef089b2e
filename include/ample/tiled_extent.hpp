// tiled_extent<D0,D1,D2>: an extent cut into tiles of D0 x D1 x D2 work-items (SPEC §4.3).
#pragma once

#include "config.hpp"
#include "extent.hpp"

namespace ample::detail {

/// tile_rank is the rank a tile shape implies: trailing zero sizes are absent dimensions.
template <int D0, int D1, int D2>
inline constexpr int tile_rank = D1 == 0 ? 1 : (D2 == 0 ? 2 : 3);

template <int D0, int D1, int D2>
constexpr concurrency::extent<tile_rank<D0, D1, D2>> make_tile_extent() noexcept {
  if constexpr (tile_rank<D0, D1, D2> == 1) return concurrency::extent<1>(D0);
  else if constexpr (tile_rank<D0, D1, D2> == 2) return concurrency::extent<2>(D0, D1);
  else return concurrency::extent<3>(D0, D1, D2);
}

}  // namespace ample::detail

namespace Concurrency {

/// tiled_extent is the compute domain of a tiled parallel_for_each: the global extent plus the
/// compile-time tile shape. Each tile's work-items share tile_static memory and a tile_barrier.
///
///     tiled_extent<16, 16> t = extent<2>(1000, 1000).tile<16, 16>().pad();   // 1008 x 1008
template <int D0, int D1 = 0, int D2 = 0>
class AMPLE_AMP_CPU tiled_extent : public extent<ample::detail::tile_rank<D0, D1, D2>> {
  static_assert(D0 > 0 && D1 >= 0 && D2 >= 0, "tile sizes must be positive");
  static_assert(D2 == 0 || D1 > 0, "a 3-D tile needs a non-zero second dimension");
  // The limits on a tile's size are checked where a tiled kernel is launched, as Visual C++
  // does (ample::detail::check_tile_shape, parallel_for_each.hpp): declaring or padding an
  // over-sized tiled_extent is allowed.

 public:
  static constexpr int rank = ample::detail::tile_rank<D0, D1, D2>;
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
  static constexpr int tile_dim2 = D2;
  /// tile_extent is the shape of one tile, e.g. extent<2>(16, 16).
  static constexpr extent<rank> tile_extent = ample::detail::make_tile_extent<D0, D1, D2>();

  constexpr tiled_extent() noexcept = default;
  constexpr tiled_extent(const extent<rank>& e) noexcept : extent<rank>(e) {}

  /// get_tile_extent() returns tile_extent.
  constexpr extent<rank> get_tile_extent() const noexcept { return tile_extent; }

  /// pad() rounds every dimension up to a multiple of the tile size.
  constexpr tiled_extent pad() const noexcept {
    tiled_extent r = *this;
    // In 64 bits: r[i] + tile - 1 overflows int for extents near INT_MAX whose padded size
    // still fits, e.g. 2147483646 in tiles of 3 (tests/fuzz_regression, found by fuzzing).
    for (int i = 0; i < rank; ++i) {
      const long long tile = tile_extent[i];
      r[i] = static_cast<int>((r[i] + tile - 1) / tile * tile);
    }
    return r;
  }
  /// truncate() rounds every dimension down to a multiple of the tile size.
  constexpr tiled_extent truncate() const noexcept {
    tiled_extent r = *this;
    for (int i = 0; i < rank; ++i) r[i] = r[i] / tile_extent[i] * tile_extent[i];
    return r;
  }

  friend constexpr bool operator==(const tiled_extent& a, const tiled_extent& b) noexcept {
    return static_cast<const extent<rank>&>(a) == static_cast<const extent<rank>&>(b);
  }
};

}  // namespace Concurrency
