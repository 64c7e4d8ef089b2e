// The contract between the library and the compiled-barrier pass (compiler/, Clang 14 on).
//
// The pass finds every work-item body annotated "ample.tile_body" (the tiled parallel_for's
// run_item, an item_fn), clones it into a function that runs all work-items of one tile as
// loops between barriers, and makes ample_compiled_tile(body) return that clone. Everything
// here also works without the pass: ample_compiled_tile() then returns null and tiles run on
// fibers. docs/design/compiled-barriers.md describes the whole contract.
//
// What the pass relies on beyond the names below: while a tile runs, its tile index (the
// body's second argument), the launch context (the first: the tiled parallel_for, whose first
// member points to the kernel) and the kernel object do not change, so that the pass may read
// them again after a barrier instead of keeping what it read per work-item; and current_tile
// (tile_barrier.hpp) names the body's fourth argument as its sync, so that the pass compares a
// barrier's sync with that argument. Barriers reach ample_tile_barrier_wait() as values
// (sync, serial), never as an address (tile_barrier.hpp).
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine.hpp"

#if AMPLE_IMPL_COMPILED_TILES
/// The pass finds work-item bodies by this annotation; it carries the tile's extents.
#define AMPLE_IMPL_TILE_BODY(D0, D1, D2) [[clang::annotate("ample.tile_body", D0, D1, D2)]] [[gnu::noinline]]
/// ... and the work-item's local coordinates by this one (a call until the pass replaces it).
#define AMPLE_IMPL_LOCAL_COORDINATE [[clang::annotate("ample.local_coordinate")]]
#else
#define AMPLE_IMPL_TILE_BODY(D0, D1, D2)
#define AMPLE_IMPL_LOCAL_COORDINATE
#endif

extern "C" {

/// ample_compiled_tile() returns the compiled form of `body`: an item_fn that runs every
/// work-item of the tile at `tile_index` (its `item` argument is ignored). The library's
/// definition returns null; the pass replaces each call whose body it compiled by the clone.
ample::detail::cpu::item_fn ample_compiled_tile(ample::detail::cpu::item_fn body);

/// ample_tile_diverged() is called by a compiled tile whose work-items left a piece for
/// different barriers: exits[i] is where item i went (0: it returned; k > 0: barrier k, whose
/// site is files[k-1]:lines[k-1]). Throws the runtime_exception fibers throw.
[[noreturn]] void ample_tile_diverged(ample::detail::tile_sync* sync, const int* exits, int items,
                                      const char* const* files, const int* lines);

}  // extern "C"

namespace ample::detail::cpu {

/// compiled_tile_sync is the tile_sync of a run of compiled tiles. Their barriers were compiled
/// away, so a wait that still reaches it is one the pass could not see: it throws.
class compiled_tile_sync final : public tile_sync {
 public:
  explicit compiled_tile_sync(const tile_shape& first) noexcept : shape_(first) {}

  void arrive_and_wait(const char* file, int line) override;

  /// shape() is the running tile's: the engine moves tile_index() from tile to tile.
  const tile_shape& shape() const noexcept { return shape_; }
  int* tile_index() noexcept { return shape_.tile_index; }

 private:
  tile_shape shape_;
};

/// run_compiled_tiles() runs `count` tiles through their compiled form `tile`, the first at
/// `first.tile_index` and the next ones after it in row-major order over a grid of `tiles[d]`
/// tiles along dimension d.
///
/// It is inline, and `tile` is ample_compiled_tile()'s answer in the kernel's own translation
/// unit, which the pass makes the compiled function itself: the call is a direct one, which
/// the inliner takes when the tile is small. The tiles of a row (along the last dimension) are
/// then one counted loop whose iterations share nothing but stores of the tile's index and
/// serial, so that the vectoriser may run neighbouring tiles in lanes (tile averages: a few
/// additions per tile).
[[gnu::always_inline]] inline void run_compiled_tiles(item_fn tile, const void* context, const tile_shape& first,
                                                      const int* tiles, std::int64_t count) {
  compiled_tile_sync sync(first);
  tile_scope scope(&sync);
  int* const index = sync.tile_index();
  const int last = first.rank - 1;
  for (std::int64_t n = 0;;) {
    const int from = index[last];
    const int row = static_cast<int>(std::min<std::int64_t>(count - n, tiles[last] - from));
    for (int t = 0; t < row; ++t) {
      index[last] = from + t;
      scope.start_tile(static_cast<std::uint64_t>(n + t));
      tile(context, index, 0, &sync);
    }
    n += row;
    if (n == count) return;
    // The next row: the last dimension starts again, and the one before it moves on.
    index[last] = 0;
    for (int d = last - 1; d >= 0 && ++index[d] == tiles[d]; --d) index[d] = 0;
  }
}

/// compiled_tiles_enabled() is false when AMPLE_TILED=fibers forces every tile onto fibers
/// (ThreadSanitizer builds default to it: it reports races between work-items only there).
bool compiled_tiles_enabled();
/// prefer_fiber_tiles(true) runs every tiled launch after it on fibers, (false) returns to
/// what AMPLE_TILED chose: the benchmarks measure both paths of one binary in one process.
void prefer_fiber_tiles(bool fibers);

/// tiled_path_counts counts tiled launches by the path they took since the process started;
/// tests use it to prove that kernels reached the compiled path.
struct tiled_path_counts {
  unsigned long long compiled;
  unsigned long long fibers;
};
tiled_path_counts tiled_launches();
void count_tiled_launch(bool compiled);

}  // namespace ample::detail::cpu
