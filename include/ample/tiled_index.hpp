// tiled_index<D0,D1,D2>: the identity of one work-item in a tiled compute domain (SPEC §4.4).
#pragma once

#include "config.hpp"
#include "index.hpp"
#include "tile_barrier.hpp"
#include "tiled_extent.hpp"

namespace Concurrency {

/// tiled_index tells a work-item where it is: globally, within its tile, and which tile.
/// Invariants: local = global % tile_extent, tile = global / tile_extent,
/// tile_origin = global - local. It converts implicitly to the global index.
template <int D0, int D1 = 0, int D2 = 0>
class AMPLE_AMP_CPU tiled_index {
 public:
  static constexpr int rank = ample::detail::tile_rank<D0, D1, D2>;
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
  static constexpr int tile_dim2 = D2;
  static constexpr extent<rank> tile_extent = tiled_extent<D0, D1, D2>::tile_extent;

  const index<rank> global;       ///< position in the whole compute domain
  const index<rank> local;        ///< position within the tile
  const index<rank> tile;         ///< position of the tile among all tiles
  const index<rank> tile_origin;  ///< global position of local (0, ...) of this tile
  const tile_barrier barrier;     ///< the barrier shared by the work-items of this tile

  tiled_index(const index<rank>& global_index, const index<rank>& local_index,
              const index<rank>& tile_index, const index<rank>& tile_origin_index,
              const tile_barrier& tile_barrier_ref) noexcept
      : global(global_index),
        local(local_index),
        tile(tile_index),
        tile_origin(tile_origin_index),
        barrier(tile_barrier_ref) {}
  tiled_index(const tiled_index&) noexcept = default;

  /// get_tile_extent() returns tile_extent.
  constexpr extent<rank> get_tile_extent() const noexcept { return tile_extent; }

  operator const index<rank>() const noexcept { return global; }
};

}  // namespace Concurrency
