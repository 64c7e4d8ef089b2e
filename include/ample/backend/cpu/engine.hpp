// The CPU engine's interface to the kernel templates: jobs for the worker pool and tiles.
#pragma once

#include <cstdint>

#include "../../tile_barrier.hpp"

namespace ample::detail::cpu {

/// backend is the tag that selects the CPU engine's parallel_for specialisations.
struct backend {};

/// order says how a device of the CPU engine runs a launch.
enum class order {
  parallel,  ///< chunks on every worker, in any order (the multicore engine, WARP)
  serial,    ///< one chunk after the other on the launching thread (REF: reproducible runs)
};

/// job is one launch cut into `chunks` pieces. Workers claim chunks one at a time and call
/// run(context, chunk). A chunk that throws stops the launch: chunks not yet claimed are
/// skipped and the first exception is rethrown by run_job().
struct job {
  void (*run)(const void* context, std::int64_t chunk);
  const void* context;
  std::int64_t chunks;
  order how;
};

/// run_job() runs every chunk of `j` (on the worker pool, the calling thread included, unless
/// j.how is serial) and returns when all have finished. Throws runtime_exception when called
/// from inside a kernel.
void run_job(const job& j);

/// thread_count() is the number of threads that run chunks (workers plus the caller).
unsigned thread_count();

/// release_workers() stops the worker threads; the next launch that needs them starts them
/// again. Waits for a running launch to finish.
void release_workers();

/// tile_shape describes one tile for the tile scheduler's error messages.
struct tile_shape {
  int rank;
  int dims[3];        ///< work-items per tile in each dimension
  int tile_index[3];  ///< which tile this is
};

/// item_fn runs work-item `item` (row-major within its tile) of the tile at `tile_index`.
/// The tile's coordinates come precomputed: they are the same for all items of the tile.
using item_fn = void (*)(const void* context, const int* tile_index, int item, tile_sync* sync);

/// run_tile() runs all `items` work-items of one tile on the calling worker thread, as a
/// plain loop until the first barrier and as fibers from then on (docs/design/cpu-engine.md).
/// Rethrows the first exception a work-item threw; barrier divergence is runtime_exception.
void run_tile(item_fn fn, const void* context, int items, const tile_shape& shape);

}  // namespace ample::detail::cpu
