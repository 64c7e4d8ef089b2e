// The CPU engine's parallel_for specialisations: flat loops and tiles.
#pragma once

#include <algorithm>
#include <cstdint>

#include "../../config.hpp"
#include "../../detail/kernel_context.hpp"
#include "../../detail/parallel_for.hpp"
#include "../../extent.hpp"
#include "../../index.hpp"
#include "../../tiled_extent.hpp"
#include "../../tiled_index.hpp"
#include "compiled_tile.hpp"
#include "engine.hpp"

namespace ample::detail::cpu {

/// chunks_for() cuts `work` units into about 8 chunks per thread: enough to balance uneven
/// kernels, few enough that claiming a chunk (one atomic increment) costs nothing. A serial
/// launch is one chunk.
inline std::int64_t chunks_for(std::int64_t work, order how) {
  if (how == order::serial) return 1;
  const std::int64_t wanted = static_cast<std::int64_t>(thread_count()) * 8;
  return std::max<std::int64_t>(1, std::min(work, wanted));
}

}  // namespace ample::detail::cpu

namespace ample::detail {

/// A barrier-free kernel over extent<N> runs as a loop nest over a slice of the row-major
/// index space. The innermost loop is a plain counted loop with the kernel inlined into it,
/// so the compiler can vectorise along the last dimension.
template <class Kernel, int N>
class parallel_for<Kernel, concurrency::extent<N>, cpu::backend> {
 public:
  parallel_for(const Kernel& kernel, const concurrency::extent<N>& domain, cpu::order how) noexcept
      : kernel_(kernel), domain_(domain), how_(how) {}

  void execute() {
    const std::int64_t total = domain_.size();
    const std::int64_t chunks = cpu::chunks_for(total, how_);
    grain_ = (total + chunks - 1) / chunks;
    cpu::run_job(cpu::job{&run_chunk, this, (total + grain_ - 1) / grain_, how_});
  }

 private:
  static void run_chunk(const void* context, std::int64_t chunk) {
    const parallel_for& self = *static_cast<const parallel_for*>(context);
    const std::int64_t begin = chunk * self.grain_;
    const std::int64_t end = std::min<std::int64_t>(begin + self.grain_, self.domain_.size());
    self.run_range(begin, end);
  }

  /// run_item() is call_work_item() where in_kernel is known to be set: every thread that runs
  /// chunks has it (thread_pool.cpp, engine.cpp). Said once per work-item, so that in each
  /// inlined work-item the compiler drops every branch a view takes only on the host
  /// (array_view::host_ready(), derived_storage()) with the calls in it; a call left in the
  /// loop, even one never made, keeps it from hoisting the kernel's loads and vectorising.
  AMPLE_IMPL_ALWAYS_INLINE static void run_item(const Kernel& kernel, const concurrency::index<N>& idx) {
    if (!in_kernel) __builtin_unreachable();
    call_work_item(kernel, idx);
  }

  void run_range(std::int64_t begin, std::int64_t end) const {
    const Kernel& kernel = kernel_;
    if constexpr (N == 1) {
      for (int i = static_cast<int>(begin); i < static_cast<int>(end); ++i) run_item(kernel, concurrency::index<1>(i));
    } else {
      concurrency::index<N> idx;
      std::int64_t rest = begin;
      for (int d = N - 1; d >= 0; --d) {
        idx[d] = static_cast<int>(rest % domain_[d]);
        rest /= domain_[d];
      }
      const int inner = domain_[N - 1];
      std::int64_t remaining = end - begin;
      while (remaining > 0) {
        const int start = idx[N - 1];
        const int stop = static_cast<int>(std::min<std::int64_t>(inner, start + remaining));
        concurrency::index<N> at = idx;
        for (int i = start; i < stop; ++i) {
          at[N - 1] = i;
          run_item(kernel, at);
        }
        remaining -= stop - start;
        idx[N - 1] = 0;
        for (int d = N - 2; d >= 0 && ++idx[d] == domain_[d]; --d) idx[d] = 0;
      }
    }
  }

  const Kernel& kernel_;
  concurrency::extent<N> domain_;
  cpu::order how_;
  std::int64_t grain_ = 1;  ///< elements per chunk, set by execute()
};

/// A tiled kernel runs tile by tile: each chunk is a run of whole tiles, and every tile runs
/// on the worker that claimed it, from its first work-item to its last (the invariant that
/// makes tile_static correct, see config.hpp). A tile runs compiled (its work-items as loops
/// between barriers) when the compiled-barrier pass transformed run_item, else on fibers.
template <class Kernel, int D0, int D1, int D2>
class parallel_for<Kernel, concurrency::tiled_extent<D0, D1, D2>, cpu::backend> {
  static constexpr int rank = tile_rank<D0, D1, D2>;
  using tiled_index_type = concurrency::tiled_index<D0, D1, D2>;
  static constexpr concurrency::extent<rank> tile_extent = concurrency::tiled_extent<D0, D1, D2>::tile_extent;
  static constexpr int tile_items = static_cast<int>(tile_extent.size());

 public:
  parallel_for(const Kernel& kernel, const concurrency::tiled_extent<D0, D1, D2>& domain, cpu::order how) noexcept
      : kernel_(kernel), tiles_(domain / tile_extent), how_(how) {}

  void execute() {
    const std::int64_t total = tiles_.size();
    const std::int64_t chunks = cpu::chunks_for(total, how_);
    tiles_per_chunk_ = (total + chunks - 1) / chunks;
    compiled_ = runs_compiled();
    cpu::count_tiled_launch(compiled_);
    cpu::run_job(cpu::job{&run_chunk, this, (total + tiles_per_chunk_ - 1) / tiles_per_chunk_, how_});
  }

 private:
  static void run_chunk(const void* context, std::int64_t chunk) {
    const parallel_for& self = *static_cast<const parallel_for*>(context);
    const std::int64_t begin = chunk * self.tiles_per_chunk_;
    const std::int64_t end = std::min<std::int64_t>(begin + self.tiles_per_chunk_, self.tiles_.size());
    cpu::tile_shape shape{rank, {D0, D1, D2}, {}};
    if (self.compiled_) {
      const concurrency::index<rank> first = self.tile_at(begin);
      int tiles[3] = {1, 1, 1};
      for (int d = 0; d < rank; ++d) {
        shape.tile_index[d] = first[d];
        tiles[d] = self.tiles_[d];
      }
      run_compiled_chunk(context, shape, tiles, end - begin);
      return;
    }
    for (std::int64_t t = begin; t < end; ++t) {
      const concurrency::index<rank> tile = self.tile_at(t);
      for (int d = 0; d < rank; ++d) shape.tile_index[d] = tile[d];
      cpu::run_tile(&run_item, context, tile_items, shape);
    }
  }

  /// runs_compiled() is whether this launch runs run_item's compiled form: false without the
  /// pass, for a kernel the pass declined, or under AMPLE_TILED=fibers. It keeps no pointer
  /// to the compiled form (the comparison folds away), so that the one call in
  /// run_compiled_chunk() is its only use, which the inliner takes when the tile is small.
  static bool runs_compiled() {
#if AMPLE_IMPL_COMPILED_TILES
    return cpu::compiled_tiles_enabled() && ample_compiled_tile(&run_item) != nullptr;
#else
    return false;
#endif
  }

  /// run_compiled_chunk() runs `count` tiles compiled. The pass makes ample_compiled_tile()'s
  /// answer the compiled function itself, so the tile loop calls it directly.
  static void run_compiled_chunk([[maybe_unused]] const void* context, [[maybe_unused]] const cpu::tile_shape& first,
                                 [[maybe_unused]] const int* tiles, [[maybe_unused]] std::int64_t count) {
#if AMPLE_IMPL_COMPILED_TILES
    cpu::run_compiled_tiles(ample_compiled_tile(&run_item), context, first, tiles, count);
#endif
  }

  /// run_item() is one work-item: what fibers run, and the body the pass compiles.
  AMPLE_IMPL_TILE_BODY(D0, D1, D2)
  static void run_item(const void* context, const int* tile_index, int item, tile_sync* sync) {
    const parallel_for& self = *static_cast<const parallel_for*>(context);
    const concurrency::index<rank> tile(tile_index);
    concurrency::index<rank> local;
    // Constant dimensions, no loop: the pass maps each call to its loop's counter.
    local[0] = local_coordinate(item, 0);
    if constexpr (rank > 1) local[1] = local_coordinate(item, 1);
    if constexpr (rank > 2) local[2] = local_coordinate(item, 2);
    concurrency::index<rank> origin;
    for (int d = 0; d < rank; ++d) origin[d] = tile[d] * tile_extent[d];
    // As in the flat run_item(): on fibers this lets the kernel's own loops over views
    // vectorise; the pass takes in_kernel as true in a compiled tile anyway.
    if (!in_kernel) __builtin_unreachable();
    call_work_item(self.kernel_,
                   tiled_index_type(origin + local, local, tile, origin, barrier_factory::make(sync)));
  }

  /// local_coordinate() is coordinate `dim` of work-item `item` (row-major) in its tile. The
  /// pass replaces each call by the counter of its work-item loop for `dim`, so that the
  /// compiler sees the last coordinate step by one and vectorises along it.
  AMPLE_IMPL_LOCAL_COORDINATE
  static int local_coordinate(int item, int dim) noexcept {
    for (int d = rank - 1; d > dim; --d) item /= tile_extent[d];
    return item % tile_extent[dim];
  }

  concurrency::index<rank> tile_at(std::int64_t t) const noexcept {
    concurrency::index<rank> tile;
    for (int d = rank - 1; d >= 0; --d) {
      tile[d] = static_cast<int>(t % tiles_[d]);
      t /= tiles_[d];
    }
    return tile;
  }

  const Kernel& kernel_;
  concurrency::extent<rank> tiles_;  ///< number of tiles in each dimension
  cpu::order how_;
  std::int64_t tiles_per_chunk_ = 1;  ///< set by execute()
  bool compiled_ = false;             ///< set by execute()
};

}  // namespace ample::detail
